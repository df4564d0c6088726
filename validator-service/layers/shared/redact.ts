/**
 * Removes secrets a user may have put in the endpoint URL (`user:password@`, `?api_key=…`) from
 * everything a layer returns, because messages and raw data are shown in the UI, the API and logs.
 *
 * Every string of every result passes through here, and much of it is the endpoint's own text (a
 * `Server` header, a card, a tool listing), so the work must stay linear in its length: a pattern
 * with nested or adjacent unbounded repeats (`[?&][^=…]*(?:key…)[^=…]*=` on `?key?key?key…`) backtracks
 * in cubic time and froze the service for seconds on one 8 KB header. These are hand-written
 * scanners, each character visited a bounded number of times; they replace exactly what the two
 * patterns documented on each function replace (the test compares them on generated text).
 */
import { mapStringsDeep } from '../../../runtime/secrets/redact.ts';

/** Words that make a query parameter's value secret when its name contains one (ASCII case-insensitive). */
const SECRET_WORDS = [
  'token',
  'key',
  'secret',
  'password',
  'passwd',
  'pwd',
  'auth',
  'signature',
  'sig',
  'credential',
  'session',
  'code',
];

/** JavaScript's `\s`. */
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);
const isSpace = (c: number) => SPACES.has(c) || (c >= 0x2000 && c <= 0x200a);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** `[a-z0-9+.-]` under the `i` flag. */
const isSchemeChar = (c: number) => isLetter(c) || isDigit(c) || c === 0x2b || c === 0x2e || c === 0x2d;
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === 0x5f;

/**
 * `scheme://user:pass@` → `scheme://***@`, the replacement of
 * `/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi` with `$1***@`.
 */
function redactUserinfo(text: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const colon = text.indexOf('://', from);
    if (colon === -1) break;
    from = colon + 3;
    // The scheme: the run of scheme characters before `://`, starting at its first letter that
    // begins a word (`\b`). The run cannot reach back past the previous `://` (`:` and `/` end it).
    let start = colon;
    while (start > copied && isSchemeChar(text.charCodeAt(start - 1))) start -= 1;
    let schemeStart = -1;
    for (let i = start; i < colon; i += 1) {
      if (isLetter(text.charCodeAt(i)) && (i === 0 || !isWordChar(text.charCodeAt(i - 1)))) {
        schemeStart = i;
        break;
      }
    }
    if (schemeStart === -1) continue;
    let end = colon + 3;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (isSpace(c) || c === 0x2f || c === 0x3f || c === 0x23 || c === 0x40) break;
      end += 1;
    }
    if (end === colon + 3 || end >= text.length || text.charCodeAt(end) !== 0x40) continue;
    out += `${text.slice(copied, colon + 3)}***@`;
    copied = end + 1;
    from = copied;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The name ends at `=`, `&`, `#`, `"` or white space; the value at `&`, `#`, `"` or white space. */
const endsName = (c: number) => c === 0x3d || c === 0x26 || c === 0x23 || c === 0x22 || isSpace(c);
const endsValue = (c: number) => c === 0x26 || c === 0x23 || c === 0x22 || isSpace(c);
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());

/**
 * `?api_key=v` → `?api_key=***`, the replacement of
 * `/([?&][^=&\s#"]*(?:token|key|…)[^=&\s#"]*=)[^&\s#"]+/gi` with `$1***`. A `?` or `&` inside a
 * name that did not match cannot start a match either (its name is a suffix of the same run, with
 * the same end), so the scan resumes at the end of the run.
 */
function redactSecretParams(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x3f && c !== 0x26) {
      i += 1;
      continue;
    }
    let nameEnd = i + 1;
    while (nameEnd < text.length && !endsName(text.charCodeAt(nameEnd))) nameEnd += 1;
    if (nameEnd >= text.length || text.charCodeAt(nameEnd) !== 0x3d) {
      i = Math.max(nameEnd, i + 1);
      continue;
    }
    let valueEnd = nameEnd + 1;
    while (valueEnd < text.length && !endsValue(text.charCodeAt(valueEnd))) valueEnd += 1;
    const name = asciiLower(text.slice(i + 1, nameEnd));
    if (valueEnd === nameEnd + 1 || !SECRET_WORDS.some((word) => name.includes(word))) {
      i = nameEnd;
      continue;
    }
    out += `${text.slice(copied, nameEnd + 1)}***`;
    copied = valueEnd;
    i = valueEnd;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text` with URL credentials and secret-looking query values replaced by `***`. */
export function redactText(text: string): string {
  // Most strings hold neither form; skipping them keeps the walk over a large result cheap.
  const hasUserinfo = text.includes('://') && text.includes('@');
  const hasParam = text.includes('=') && (text.includes('?') || text.includes('&'));
  if (!hasUserinfo && !hasParam) return text;
  const first = hasUserinfo ? redactUserinfo(text) : text;
  return hasParam ? redactSecretParams(first) : first;
}

/** A deep copy of `value` with URL credentials and secret-looking query values masked in every string (keys kept). */
export function redactUrlCredentialsDeep<T>(value: T): T {
  return mapStringsDeep(value, redactText);
}
