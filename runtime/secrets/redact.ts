/**
 * Secret redaction: every text that leaves the runtime (results, errors, log lines), and every
 * upstream body before a hook or an excerpt sees it, passes through one function that removes the
 * values of server params in the forms an upstream or a hook may echo them in: raw, URL-encoded
 * (both flavours), JSON-escaped (also with `\uXXXX` and `\/`), HTML-escaped, and base64 (standard
 * and URL-safe, at each of the three byte alignments, so a secret inside a longer encoded text is
 * found too), plus the per-schema secret tokens of `secret-token.ts`. The text forms are found in
 * any letter case: a secret in a URL's host comes back lowercased in every message that names the
 * host (`upstream abcd.api.example refused the connection`), and upstreams upper-case what they echo.
 * Base64 fragments keep their case (folded, short ones would match unrelated encoded data).
 */
export type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: redacting `1` or `yes` would garble every result. */
const MIN_SECRET_LENGTH = 4;
/** Base64 fragments shorter than this are not searched for (they would match by chance). */
const MIN_BASE64_FRAGMENT = 6;

const HTML_ESCAPES: readonly Readonly<Record<string, string>>[] = [
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#x27;' },
];

const htmlEscape = (text: string, table: Readonly<Record<string, string>>): string => text.replace(/[&<>"']/g, (c) => table[c] ?? c);

/** The part of base64(`k` filler bytes + `bytes`) that depends on `bytes` alone, for k = 0, 1, 2. */
function base64Fragments(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const padded = Buffer.concat([Buffer.alloc(k), bytes]);
    const encoded = padded.toString('base64').replace(/=+$/, '');
    const start = k === 0 ? 0 : k === 1 ? 2 : 3;
    const whole = Math.floor(padded.length / 3) * 4;
    const rest = padded.length % 3;
    const end = whole + (rest === 1 ? 1 : rest === 2 ? 2 : 0);
    const fragment = encoded.slice(start, end);
    if (fragment.length >= MIN_BASE64_FRAGMENT) out.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/** The forms of one secret as text (found in any letter case). */
function textForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  const json = JSON.stringify(secret).slice(1, -1);
  forms.add(json);
  forms.add(json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  forms.add(json.replace(/\//g, '\\/'));
  for (const table of HTML_ESCAPES) forms.add(htmlEscape(secret, table));
  return [...forms];
}

/** Every form of one secret the redactor looks for. */
export function secretForms(secret: string): string[] {
  return [...new Set([...textForms(secret), ...base64Fragments(Buffer.from(secret, 'utf8'))])];
}

/**
 * `text` in lower case with every character still at its index, so a match found in it is a match
 * at the same place in `text`. `toLowerCase` keeps the length of everything but U+0130 (İ → i̇).
 */
const foldCase = (text: string): string => (text.includes('\u0130') ? text.replace(/\u0130/g, 'i') : text).toLowerCase();

/** `text` with each place where its folded form `lowered` holds `folded` replaced. */
function replaceFolded(text: string, lowered: string, folded: string): string {
  let out = '';
  let from = 0;
  for (let at = lowered.indexOf(folded); at !== -1; at = lowered.indexOf(folded, at + folded.length)) {
    out += text.slice(from, at) + REDACTED;
    from = at + folded.length;
  }
  return out + text.slice(from);
}

/** Builds the redactor for a set of secret values. */
export function createRedactor(secrets: Iterable<string>): Redact {
  const forms = new Map<string, { readonly form: string; readonly anyCase: boolean }>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of textForms(secret)) forms.set(`i:${foldCase(form)}`, { form: foldCase(form), anyCase: true });
    for (const form of base64Fragments(Buffer.from(secret, 'utf8'))) forms.set(`b:${form}`, { form, anyCase: false });
  }
  // Longest first, so a shorter form inside a longer one never breaks the longer one's match.
  const ordered = [...forms.values()].filter((f) => f.form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.form.length - a.form.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    let lowered: string | undefined;
    for (const { form, anyCase } of ordered) {
      if (!anyCase) {
        if (out.includes(form)) {
          out = out.split(form).join(REDACTED);
          lowered = undefined;
        }
        continue;
      }
      lowered ??= foldCase(out);
      if (lowered.includes(form)) {
        out = replaceFolded(out, lowered, form);
        lowered = undefined;
      }
    }
    return out;
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
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [options.keys ? map(k) : k, walk(item)]));
    return v;
  };
  return walk(value) as T;
}

/** Redacts every string inside a JSON-like value (keys included). */
export function redactDeep<T>(value: T, redact: Redact): T {
  return mapStringsDeep(value, redact, { keys: true });
}
