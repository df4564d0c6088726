/**
 * Stand-ins for secrets while a request is assembled. Handlers (and any error text built on the way)
 * see `toolkit-secret.<nonce>.<KEY>.end` instead of the value; the real value is put in only just
 * before `fetch`. The nonce is random per runtime, so a client cannot smuggle a token in its input
 * to make the runtime send a secret somewhere it was not meant to go. Only URL-safe characters are
 * used, so a token survives URL encoding unchanged.
 */
import { randomBytes } from 'node:crypto';

export interface SecretTokens {
  token(key: string): string;
  /** Matches any token of this runtime; group 1 is the key. */
  readonly pattern: RegExp;
  /** Replaces tokens; `lookup` returns the value (already encoded for where it goes). */
  resolve(text: string, lookup: (key: string) => string): string;
}

/** Every token starts with this; text without it needs no regex work. */
export const TOKEN_PREFIX = 'toolkit-secret.';

export function createSecretTokens(nonce = randomBytes(8).toString('hex')): SecretTokens {
  const source = `toolkit-secret\\.${nonce}\\.([A-Za-z_][A-Za-z0-9_]*)\\.end`;
  // Compiled once: `replace` with a global regex starts from lastIndex 0 and runs synchronously,
  // so one instance serves every call (resolving here, redacting in the runtime).
  const pattern = new RegExp(source, 'g');
  return {
    token: (key) => `${TOKEN_PREFIX}${nonce}.${key}.end`,
    pattern,
    resolve: (text, lookup) => (text.includes(TOKEN_PREFIX) ? text.replace(pattern, (_, key: string) => lookup(key)) : text),
  };
}
