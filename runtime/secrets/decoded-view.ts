/**
 * A text with its escapes decoded, and for each decoded character the span of the original text it
 * came from, so a secret found in the decoded text is removed from the original whatever spelling
 * an upstream chose for each of its characters: URL percent escapes (`%2B`, also of characters that
 * need none, and UTF-8 sequences), JSON and JavaScript escapes (`\u002B`, `\x2B`, `\/`, `\"`), and
 * HTML character references (`&#43;`, `&#x2b;`, `&plus;`). All three are decoded in one pass, one
 * character at a time with a bounded look-ahead: linear in the text, no regular expression.
 * Escapes nested in escapes (a URL-encoded JSON escape, JSON text inside a JSON string) take one
 * more pass each (`decodeLayers`).
 */

/** The decoded text; `from[i]`..`to[i]` (end exclusive) is where character `i` was in the original. */
export interface DecodedView {
  readonly text: string;
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/** HTML's named references of ASCII characters (and the no-break space), the ones that can spell a key. */
const NAMED: ReadonlyMap<string, number> = new Map(Object.entries({
  Tab: 9, NewLine: 10, excl: 33, quot: 34, QUOT: 34, num: 35, dollar: 36, percnt: 37, amp: 38, AMP: 38, apos: 39,
  lpar: 40, rpar: 41, ast: 42, midast: 42, plus: 43, comma: 44, period: 46, sol: 47, colon: 58, semi: 59, lt: 60,
  LT: 60, equals: 61, gt: 62, GT: 62, quest: 63, commat: 64, lsqb: 91, lbrack: 91, bsol: 92, rsqb: 93, rbrack: 93,
  Hat: 94, lowbar: 95, UnderBar: 95, grave: 96, DiacriticalGrave: 96, lcub: 123, lbrace: 123, verbar: 124, vert: 124,
  VerticalLine: 124, rcub: 125, rbrace: 125, nbsp: 160, NonBreakingSpace: 160,
}));
/** Longest name above, so a reference is looked for in a bounded window. */
const LONGEST_NAME = 16;
/** Longest numeric reference read (`&#x10FFFF;` has 6 digits; more are leading zeros or junk). */
const LONGEST_NUMBER = 8;

const hexValue = (code: number): number =>
  code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : code >= 65 && code <= 70 ? code - 55 : -1;

/** The value of `count` hex digits at `at`, or -1. */
function hexAt(text: string, at: number, count: number): number {
  if (at + count > text.length) return -1;
  let value = 0;
  for (let i = 0; i < count; i++) {
    const digit = hexValue(text.charCodeAt(at + i));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** True when `text` has a character that may start an escape (then `decode` may change it). */
export const mayHoldEscapes = (text: string): boolean => text.includes('%') || text.includes('\\') || text.includes('&');

const JSON_SIMPLE: Readonly<Record<string, number>> = { '"': 34, '\\': 92, '/': 47, "'": 39, b: 8, f: 12, n: 10, r: 13, t: 9 };

/** The length of the UTF-8 sequence a lead byte starts (0 for a byte that starts none). */
const utf8Length = (byte: number): number => (byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0);

/**
 * One pass of decoding over `text`. Returns undefined when nothing was decoded. A malformed escape
 * stays as it is.
 */
export function decode(text: string): DecodedView | undefined {
  const length = text.length;
  const codes = new Uint16Array(length);
  const from = new Int32Array(length);
  const to = new Int32Array(length);
  let n = 0;
  let changed = false;
  const emit = (code: number, start: number, end: number): void => {
    if (code > 0xffff) {
      const offset = code - 0x10000;
      codes[n] = 0xd800 + (offset >> 10);
      from[n] = start;
      to[n++] = end;
      code = 0xdc00 + (offset & 0x3ff);
    }
    codes[n] = code;
    from[n] = start;
    to[n++] = end;
  };
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 37 /* % */) {
      const byte = hexAt(text, i + 1, 2);
      if (byte >= 0 && byte < 0x80) {
        emit(byte, i, i + 3);
        i += 3;
        changed = true;
        continue;
      }
      const count = byte < 0 ? 0 : utf8Length(byte);
      if (count > 0) {
        let code = byte & (count === 2 ? 0x1f : count === 3 ? 0x0f : 0x07);
        let ok = true;
        for (let k = 1; k < count; k++) {
          const at = i + 3 * k;
          const next = text.charCodeAt(at) === 37 ? hexAt(text, at + 1, 2) : -1;
          if (next < 0x80 || next > 0xbf) {
            ok = false;
            break;
          }
          code = (code << 6) | (next & 0x3f);
        }
        if (ok && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) {
          emit(code, i, i + 3 * count);
          i += 3 * count;
          changed = true;
          continue;
        }
      }
    } else if (c === 92 /* \ */ && i + 1 < length) {
      const next = text[i + 1]!;
      if (next === 'u') {
        const code = hexAt(text, i + 2, 4);
        if (code >= 0) {
          emit(code, i, i + 6);
          i += 6;
          changed = true;
          continue;
        }
      } else if (next === 'x') {
        const code = hexAt(text, i + 2, 2);
        if (code >= 0) {
          emit(code, i, i + 4);
          i += 4;
          changed = true;
          continue;
        }
      } else if (JSON_SIMPLE[next] !== undefined) {
        emit(JSON_SIMPLE[next]!, i, i + 2);
        i += 2;
        changed = true;
        continue;
      }
    } else if (c === 38 /* & */) {
      const end = reference(text, i);
      if (end !== undefined) {
        emit(end.code, i, end.end);
        i = end.end;
        changed = true;
        continue;
      }
    }
    emit(c, i, i + 1);
    i++;
  }
  if (!changed) return undefined;
  let out = '';
  for (let start = 0; start < n; start += 8192) out += String.fromCharCode(...codes.subarray(start, Math.min(n, start + 8192)));
  return { text: out, from: from.subarray(0, n), to: to.subarray(0, n) };
}

/** The HTML character reference at `at` (`&…`): its code and where it ends, or undefined. */
function reference(text: string, at: number): { code: number; end: number } | undefined {
  let i = at + 1;
  if (text.charCodeAt(i) === 35 /* # */) {
    i++;
    const hex = text[i] === 'x' || text[i] === 'X';
    if (hex) i++;
    const digits = i;
    let code = 0;
    while (i < text.length && i - digits < LONGEST_NUMBER) {
      const value = hex ? hexValue(text.charCodeAt(i)) : text.charCodeAt(i) - 48;
      if (value < 0 || value > (hex ? 15 : 9)) break;
      code = code * (hex ? 16 : 10) + value;
      i++;
    }
    if (i === digits || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    return { code, end: text.charCodeAt(i) === 59 /* ; */ ? i + 1 : i };
  }
  const name = i;
  while (i < text.length && i - name <= LONGEST_NAME) {
    const code = text.charCodeAt(i);
    if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) break;
    i++;
  }
  if (text.charCodeAt(i) !== 59 /* ; */) return undefined;
  const code = NAMED.get(text.slice(name, i));
  return code === undefined ? undefined : { code, end: i + 1 };
}

/** Most passes made: each one undoes one level of escaping (three levels cover a URL-encoded JSON escape in a JSON string). */
const MAX_LAYERS = 3;

/**
 * `text` decoded once, twice, … while a pass still changes something (at most `MAX_LAYERS`), each
 * layer's spans in the original text's positions.
 */
export function decodeLayers(text: string): DecodedView[] {
  const layers: DecodedView[] = [];
  let current = text;
  for (let depth = 0; depth < MAX_LAYERS && mayHoldEscapes(current); depth++) {
    const next = decode(current);
    if (next === undefined) break;
    const below = layers.at(-1);
    if (below === undefined) layers.push(next);
    else {
      // Spans of the new layer point into the layer below; map them to the original.
      const from = new Int32Array(next.from.length);
      const to = new Int32Array(next.to.length);
      for (let i = 0; i < from.length; i++) {
        from[i] = below.from[next.from[i]!]!;
        to[i] = below.to[next.to[i]! - 1]!;
      }
      layers.push({ text: next.text, from, to });
    }
    current = next.text;
  }
  return layers;
}
