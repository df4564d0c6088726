/**
 * Secret redaction: every text that leaves the runtime (results, errors, log lines) passes through
 * one function that removes the values of server params in the forms they can take on the way
 * (raw, URL-encoded, JSON-escaped) and the per-process secret tokens of `secret-token.ts`.
 */
export type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: redacting `1` or `yes` would garble every result. */
const MIN_SECRET_LENGTH = 4;

/** Builds the redactor for a set of secret values. */
export function createRedactor(secrets: Iterable<string>): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  const ordered = [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of ordered) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
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
