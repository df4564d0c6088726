/**
 * Stand-ins for secrets while a request is assembled. Handlers (and any error text built on the way)
 * see an opaque token instead of the value; the real value is put in only just before the upstream
 * call. Each token is 128 random bits drawn for one (schema, key) pair: it names nothing, so a hook
 * that sees its own schema's tokens cannot derive another schema's, and `resolve` of a schema puts
 * values in only for that schema's own tokens (any other token fails the call). A client never sees
 * a token (every output is redacted), so it cannot smuggle one in either. Tokens are URL-safe, so
 * they survive URL encoding unchanged.
 */
import { lazyBuiltin } from '../lazy-builtin.ts';
import { ToolError } from '../tool-error.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** Every token starts with this; text without it needs no regex work. */
export const TOKEN_PREFIX = 'toolkit-secret.';

/** The tokens of one schema. */
export interface SchemaTokens {
  token(key: string): string;
  /**
   * Replaces this schema's tokens; `lookup` returns the value (already encoded for where it goes). A token of anything
   * else throws.
   */
  resolve(text: string, lookup: (key: string) => string): string;
  /** The server param a token of this schema stands for; undefined for any other text. */
  keyOf(token: string): string | undefined;
}

export interface SecretTokens {
  /** The tokens of a schema (by identity of its model). */
  of(schema: object): SchemaTokens;
  /** Matches any token of this runtime. */
  readonly pattern: RegExp;
}

const SOURCE = 'toolkit-secret\\.[0-9a-f]{32}';
/** Length of a token: the prefix and 32 hex digits. */
const TOKEN_LENGTH = TOKEN_PREFIX.length + 32;

/** The token-shaped pieces of `text`, in order (found by the prefix, no regular expression). */
export function tokensIn(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(TOKEN_PREFIX); at !== -1; at = text.indexOf(TOKEN_PREFIX, at + TOKEN_PREFIX.length)) {
    found.push(text.slice(at, at + TOKEN_LENGTH));
  }
  return found;
}

export function createSecretTokens(
  random: (bytes: number) => string = (n) => crypto().randomBytes(n).toString('hex'),
): SecretTokens {
  // Compiled once: `replace` with a global regex starts from lastIndex 0 and runs synchronously.
  const pattern = new RegExp(SOURCE, 'g');
  const owners = new Map<string, { schema: object; key: string }>();
  const schemas = new WeakMap<object, SchemaTokens>();
  const of = (schema: object): SchemaTokens => {
    let found = schemas.get(schema);
    if (found) return found;
    const byKey = new Map<string, string>();
    found = {
      token(key) {
        let token = byKey.get(key);
        if (token === undefined) {
          token = `${TOKEN_PREFIX}${random(16)}`;
          byKey.set(key, token);
          owners.set(token, { schema, key });
        }
        return token;
      },
      keyOf(token) {
        const owner = owners.get(token);
        return owner?.schema === schema ? owner.key : undefined;
      },
      resolve(text, lookup) {
        if (!text.includes(TOKEN_PREFIX)) return text;
        return text.replace(pattern, (token) => {
          const owner = owners.get(token);
          if (owner === undefined || owner.schema !== schema)
            throw new ToolError(
              "the request holds a secret placeholder that does not belong to this tool's schema; it was not sent",
            );
          return lookup(owner.key);
        });
      },
    };
    schemas.set(schema, found);
    return found;
  };
  return { of, pattern };
}
