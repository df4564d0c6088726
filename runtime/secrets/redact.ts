/**
 * Secret redaction. Every text that leaves the runtime (results, errors, log lines), and every
 * upstream body before a hook or an excerpt sees it, passes through the redactor of its schema,
 * which holds that schema's own values only (a schema's values never touch another schema's
 * answers). It finds a value in the forms an upstream or a hook may echo it in, whatever escape
 * each character is written with: raw; URL percent-encoded (any character, `+` for a space);
 * JSON- or JavaScript-escaped (`\u002B` for `+`, `\/`, …); HTML character references (`&#43;`,
 * `&plus;`, …); escapes nested in escapes (`decoded-view.ts`); and base64, standard and URL-safe,
 * at each of the three byte alignments (so `Basic base64("user:" + key)` is found too). The text
 * forms are found in any letter case: a secret in a URL's host comes back lowercased in every
 * message that names the host, and upstreams upper-case what they echo. Base64 fragments keep
 * their case (folded, they would match unrelated encoded data). The work is linear in the text:
 * one decoding pass per escape level and a plain substring search per form, no regular expression.
 */
import { decodeLayers, type DecodedView } from './decoded-view.ts';

export type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Shorter values are never patterns (the runtime refuses values under 8 characters anyway: secret-strength.ts). */
const MIN_SECRET_LENGTH = 4;
/** Base64 fragments shorter than this are not searched for (they would match by chance). */
const MIN_BASE64_FRAGMENT = 6;

/** The part of base64(`k` filler bytes + `bytes`) that depends on `bytes` alone, for k = 0, 1, 2, in both alphabets. */
function base64Fragments(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const padded = Buffer.concat([Buffer.alloc(k), bytes]);
    const encoded = padded.toString('base64').replace(/(?<!=)=+$/, '');
    const start = k === 0 ? 0 : k === 1 ? 2 : 3;
    const whole = Math.floor(padded.length / 3) * 4;
    const rest = padded.length % 3;
    const end = whole + (rest === 1 ? 1 : rest === 2 ? 2 : 0);
    const fragment = encoded.slice(start, end);
    if (fragment.length >= MIN_BASE64_FRAGMENT) out.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/**
 * `text` in lower case with every character still at its index, so a match found in it is a match
 * at the same place in `text`. `toLowerCase` keeps the length of everything but U+0130 (İ → i̇).
 */
const foldCase = (text: string): string =>
  (text.includes('\u0130') ? text.replace(/\u0130/g, 'i') : text).toLowerCase();

/** The text forms of one secret, folded: itself, and with `+` for each space (form encoding). */
function textNeedles(secret: string): string[] {
  const folded = foldCase(secret);
  return secret.includes(' ') ? [folded, folded.replace(/ /g, '+')] : [folded];
}

/** Every form of one secret the redactor looks for in a decoded text (text forms folded, then base64). */
export function secretForms(secret: string): string[] {
  return [...new Set([...textNeedles(secret), ...base64Fragments(Buffer.from(secret, 'utf8'))])];
}

/** Adds the spans (in the original text) where `needle` occurs in `view` (the original when undefined). */
function collect(into: number[], haystack: string, needle: string, view: DecodedView | undefined): void {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    const end = at + needle.length;
    if (view === undefined) into.push(at, end);
    else into.push(view.start(at), view.end(end - 1));
  }
}

/** `text` with each span of `spans` (start, end pairs, any order, overlaps allowed) replaced by `REDACTED`. */
function replaceSpans(text: string, spans: number[]): string {
  const pairs: [number, number][] = [];
  for (let i = 0; i < spans.length; i += 2) pairs.push([spans[i]!, spans[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let from = 0;
  for (const [start, end] of pairs) {
    if (end <= from) continue;
    if (start >= from) out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/** Builds the redactor for a set of secret values (one schema's). */
export function createRedactor(secrets: Iterable<string>): Redact {
  const folded = new Set<string>();
  const exact = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const needle of textNeedles(secret)) folded.add(needle);
    for (const fragment of base64Fragments(Buffer.from(secret, 'utf8'))) exact.add(fragment);
  }
  if (folded.size === 0) return (text) => text;
  const foldedNeedles = [...folded];
  const exactNeedles = [...exact];
  /** The spans of every form in one view of the text. */
  const search = (spans: number[], text: string, view: DecodedView | undefined): void => {
    const lowered = foldCase(text);
    for (const needle of foldedNeedles) collect(spans, lowered, needle, view);
    for (const needle of exactNeedles) collect(spans, text, needle, view);
  };
  return (text) => {
    const spans: number[] = [];
    search(spans, text, undefined);
    for (const layer of decodeLayers(text)) search(spans, layer.text, layer);
    return spans.length === 0 ? text : replaceSpans(text, spans);
  };
}

/** True when `bytes` hold a secret in any form the redactor knows, read as UTF-8 or as Latin-1 (for binary bodies). */
export function bytesHoldSecret(bytes: Uint8Array, redact: Redact): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const encoding of ['latin1', 'utf8'] as const) {
    const text = buffer.toString(encoding);
    if (redact(text) !== text) return true;
  }
  return false;
}

/**
 * The one deep walk over JSON-like data: a copy of `value` with `map` applied to every string, and to
 * every object key too when `keys` is set. Keys become own properties (a `__proto__` key stays data).
 */
export function mapStringsDeep<T>(value: T, map: (text: string) => string, options: { keys?: boolean } = {}): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return map(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [options.keys ? map(k) : k, walk(item)]));
    return v;
  };
  return walk(value) as T;
}

/** A copy of a JSON-like value with the secrets `redact` knows removed from every string and every key. */
export function redactSecretsDeep<T>(value: T, redact: Redact): T {
  return mapStringsDeep(value, redact, { keys: true });
}
