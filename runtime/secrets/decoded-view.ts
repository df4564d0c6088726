/**
 * A text with its escapes decoded, and for each decoded character the span of the original text it
 * came from, so a secret found in the decoded text is removed from the original whatever spelling
 * an upstream chose for each of its characters: URL percent escapes (`%2B`, also of characters that
 * need none, and UTF-8 sequences), JSON and JavaScript escapes (`\u002B`, `\x2B`, `\/`, `\"`), and
 * HTML character references (`&#43;`, `&#x2b;`, `&plus;`). All three are decoded in one pass: the
 * next escape character is found natively (`indexOf`), each escape is read with a bounded
 * look-ahead, and the text between escapes is copied as it is: linear in the text, no regular
 * expression.
 * Escapes nested in escapes (a URL-encoded JSON escape, JSON text inside a JSON string) take one
 * more pass each (`decodeLayers`).
 */

/**
 * The decoded text, and where each of its characters came from in the original text: `start(i)`
 * and `end(i)` (exclusive). Kept as pieces (a run of characters copied as they were, or one escape),
 * so a text with few escapes costs a few native copies, and the mapping is looked up only for a
 * match.
 */
export interface DecodedView {
  readonly text: string;
  start(i: number): number;
  end(i: number): number;
}

/**
 * Pieces of one pass, three numbers each: decoded start, source start, source end. A piece is a run
 * of characters copied as they were when its decoded length equals its source length, else one escape.
 */
class Pieces implements DecodedView {
  private data = new Int32Array(48);
  private count = 0;
  text = '';

  add(decoded: number, from: number, to: number): void {
    if (this.count * 3 + 3 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const at = this.count++ * 3;
    this.data[at] = decoded;
    this.data[at + 1] = from;
    this.data[at + 2] = to;
  }

  /** The piece holding decoded index `i` (binary search). */
  private at(i: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.data[middle * 3]! <= i) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Decoded start, source start, and whether piece `p` is a run. */
  private piece(p: number): { decoded: number; from: number; to: number; run: boolean } {
    const decoded = this.data[p * 3]!;
    const from = this.data[p * 3 + 1]!;
    const to = this.data[p * 3 + 2]!;
    const decodedEnd = p + 1 < this.count ? this.data[(p + 1) * 3]! : this.text.length;
    return { decoded, from, to, run: decodedEnd - decoded === to - from };
  }

  start(i: number): number {
    const { decoded, from, run } = this.piece(this.at(i));
    return run ? from + (i - decoded) : from;
  }

  end(i: number): number {
    const { decoded, from, to, run } = this.piece(this.at(i));
    return run ? from + (i - decoded) + 1 : to;
  }
}

/** HTML's named references of ASCII characters (and the no-break space), the ones that can spell a key. */
const NAMED: ReadonlyMap<string, number> = new Map(
  Object.entries({
    Tab: 9,
    NewLine: 10,
    excl: 33,
    quot: 34,
    QUOT: 34,
    num: 35,
    dollar: 36,
    percnt: 37,
    amp: 38,
    AMP: 38,
    apos: 39,
    lpar: 40,
    rpar: 41,
    ast: 42,
    midast: 42,
    plus: 43,
    comma: 44,
    period: 46,
    sol: 47,
    colon: 58,
    semi: 59,
    lt: 60,
    LT: 60,
    equals: 61,
    gt: 62,
    GT: 62,
    quest: 63,
    commat: 64,
    lsqb: 91,
    lbrack: 91,
    bsol: 92,
    rsqb: 93,
    rbrack: 93,
    Hat: 94,
    lowbar: 95,
    UnderBar: 95,
    grave: 96,
    DiacriticalGrave: 96,
    lcub: 123,
    lbrace: 123,
    verbar: 124,
    vert: 124,
    VerticalLine: 124,
    rcub: 125,
    rbrace: 125,
    nbsp: 160,
    NonBreakingSpace: 160,
  }),
);
/** Longest name above, so a reference is looked for in a bounded window. */
const LONGEST_NAME = 16;
/** Longest numeric reference read (`&#x10FFFF;` has 6 digits; more are leading zeros or junk). */
const LONGEST_NUMBER = 8;

const hexValue = (code: number): number => {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return code >= 65 && code <= 70 ? code - 55 : -1;
};

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
export const mayHoldEscapes = (text: string): boolean =>
  text.includes('%') || text.includes('\\') || text.includes('&');

/** The character a JSON/JavaScript backslash escape stands for (`\\n` → 10), by its letter's code; -1 for none. */
const SIMPLE_ESCAPES = new Int32Array(128).fill(-1);
const SIMPLE_LETTERS = [
  ['"', 34],
  ['\\', 92],
  ['/', 47],
  ["'", 39],
  ['b', 8],
  ['f', 12],
  ['n', 10],
  ['r', 13],
  ['t', 9],
] as const;
for (const [letter, code] of SIMPLE_LETTERS) SIMPLE_ESCAPES[letter.charCodeAt(0)] = code;

/** The length of the UTF-8 sequence a lead byte starts (0 for a byte that starts none). */
const utf8Length = (byte: number): number => {
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  return byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
};

/** A decoded escape is returned as one number: where the escape ends, times this, plus the code point. */
const END = 0x200000;

/** The percent escape (one byte, or a whole UTF-8 sequence) at `at`, packed as `end * END + code`; -1 for none. */
function percentAt(text: string, at: number): number {
  const byte = hexAt(text, at + 1, 2);
  if (byte < 0) return -1;
  if (byte < 0x80) return (at + 3) * END + byte;
  const count = utf8Length(byte);
  if (count === 0) return -1;
  let code = byte & (count === 2 ? 0x1f : count === 3 ? 0x0f : 0x07);
  for (let k = 1; k < count; k++) {
    const next = text.charCodeAt(at + 3 * k) === 37 ? hexAt(text, at + 3 * k + 1, 2) : -1;
    if (next < 0x80 || next > 0xbf) return -1;
    code = (code << 6) | (next & 0x3f);
  }
  return code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? -1 : (at + 3 * count) * END + code;
}

/** The backslash escape at `at` (`\\u0041`, `\\x41`, `\\n`, …), packed; -1 for none. */
function backslashAt(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (next === 117 /* u */) {
    const code = hexAt(text, at + 2, 4);
    return code < 0 ? -1 : (at + 6) * END + code;
  }
  if (next === 120 /* x */) {
    const code = hexAt(text, at + 2, 2);
    return code < 0 ? -1 : (at + 4) * END + code;
  }
  const simple = next < 128 ? SIMPLE_ESCAPES[next]! : -1;
  return simple < 0 ? -1 : (at + 2) * END + simple;
}

/** The next index at or after `from` where `text` has `char`, or the text's length. */
const next = (text: string, char: string, from: number): number => {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
};

/** Runs shorter than this are copied character by character (cheaper than a native call). */
const SHORT_RUN = 24;

/**
 * One pass of decoding over `text`. Returns undefined when nothing was decoded. A malformed escape
 * stays as it is. The next escape character is found natively; runs between escapes are copied as
 * UTF-16 code units (long ones natively), so plain text costs a few native calls per escape.
 */
export function decode(text: string): DecodedView | undefined {
  let percent = next(text, '%', 0);
  let backslash = next(text, '\\', 0);
  let ampersand = next(text, '&', 0);
  if (percent === text.length && backslash === text.length && ampersand === text.length) return undefined;
  // Made at the first escape that decodes: a text whose escape characters start none costs only the scans.
  let source: Uint16Array | undefined;
  let out: Uint16Array | undefined;
  const pieces = new Pieces();
  let n = 0;
  let runStart = 0;
  const copyRun = (end: number): void => {
    if (end <= runStart) return;
    pieces.add(n, runStart, end);
    if (end - runStart < SHORT_RUN) for (let k = runStart; k < end; k++) out![n++] = text.charCodeAt(k);
    else {
      out!.set(source!.subarray(runStart, end), n);
      n += end - runStart;
    }
  };
  for (;;) {
    const i = Math.min(percent, backslash, ampersand);
    if (i >= text.length) break;
    const c = text.charCodeAt(i);
    const packed = c === 37 ? percentAt(text, i) : c === 92 ? backslashAt(text, i) : referenceAt(text, i);
    const after = packed >= 0 ? Math.floor(packed / END) : i + 1;
    if (packed >= 0) {
      if (out === undefined) {
        const bytes = Buffer.from(text, 'utf16le');
        source = new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
        out = new Uint16Array(text.length);
      }
      copyRun(i);
      pieces.add(n, i, after);
      let code = packed % END;
      if (code > 0xffff) {
        // A code point past the BMP: two UTF-16 units, both spanning the whole escape.
        code -= 0x10000;
        out[n++] = 0xd800 + (code >> 10);
        code = 0xdc00 + (code & 0x3ff);
      }
      out[n++] = code;
      runStart = after;
    }
    if (percent < after) percent = next(text, '%', after);
    if (backslash < after) backslash = next(text, '\\', after);
    if (ampersand < after) ampersand = next(text, '&', after);
  }
  if (out === undefined) return undefined;
  copyRun(text.length);
  // UTF-16 code units to a string in one native step (a lone surrogate stays as it is).
  pieces.text = Buffer.from(out.buffer, 0, n * 2).toString('utf16le');
  return pieces;
}

/** The HTML character reference at `at` (`&…`), packed as `end * END + code`; -1 for none. */
function referenceAt(text: string, at: number): number {
  let i = at + 1;
  if (text.charCodeAt(i) === 35 /* # */) {
    i++;
    const hex = text.charCodeAt(i) === 120 || text.charCodeAt(i) === 88;
    if (hex) i++;
    const digits = i;
    let code = 0;
    while (i < text.length && i - digits < LONGEST_NUMBER) {
      const value = hex ? hexValue(text.charCodeAt(i)) : text.charCodeAt(i) - 48;
      if (value < 0 || value > (hex ? 15 : 9)) break;
      code = code * (hex ? 16 : 10) + value;
      i++;
    }
    if (i === digits || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return -1;
    return (text.charCodeAt(i) === 59 /* ; */ ? i + 1 : i) * END + code;
  }
  const name = i;
  while (i < text.length && i - name <= LONGEST_NAME) {
    const code = text.charCodeAt(i);
    if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 122))) break;
    i++;
  }
  if (i === name || text.charCodeAt(i) !== 59 /* ; */) return -1;
  const code = NAMED.get(text.slice(name, i));
  return code === undefined ? -1 : (i + 1) * END + code;
}

/** Most passes made: each undoes one level (three cover a URL-encoded JSON escape in a JSON string). */
const MAX_LAYERS = 3;

/**
 * `text` decoded once, twice, … while a pass still changes something (at most `MAX_LAYERS`), each
 * layer's spans in the original text's positions.
 */
export function decodeLayers(text: string): DecodedView[] {
  const layers: DecodedView[] = [];
  let current = text;
  for (let depth = 0; depth < MAX_LAYERS && mayHoldEscapes(current); depth++) {
    const decoded = decode(current);
    if (decoded === undefined) break;
    const below = layers.at(-1);
    // A layer's positions point into the layer below; composed, they point into the original.
    layers.push(
      below === undefined
        ? decoded
        : {
            text: decoded.text,
            start: (i) => below.start(decoded.start(i)),
            end: (i) => below.end(decoded.end(i) - 1),
          },
    );
    current = decoded.text;
  }
  return layers;
}
