/**
 * Secret redaction: every text that leaves the runtime (results, errors, log lines) passes through
 * one function that removes the values of server params in the forms they can take on the way
 * (raw, URL-encoded, JSON-escaped) and the per-process secret tokens of `secret-token.ts`.
 */
export type Redact = (text: string) => string;

export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: redacting `1` or `yes` would garble every result. */
const MIN_SECRET_LENGTH = 4;

/** Builds the redactor for a set of secret values (and optional extra patterns). */
export function createRedactor(secrets: Iterable<string>, patterns: readonly RegExp[] = []): Redact {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  const ordered = [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (ordered.length === 0 && patterns.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of ordered) if (out.includes(form)) out = out.split(form).join(REDACTED);
    for (const pattern of patterns) out = out.replace(pattern, REDACTED);
    return out;
  };
}

/** Redacts every string inside a JSON-like value (keys included). */
export function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
