/**
 * What each schema may use of the server params, and its own redactor. A schema (by namespace) gets
 * the value of a variable only when the user granted that variable to it; a reserved name never;
 * a value that cannot be a credential never (secret-strength.ts). Each namespace redacts its own
 * values only: one schema's weak or odd value can never change another schema's answers. Values
 * are read once, at start, and only for granted variables.
 */
import { type GrantHint, type Grants, grantedVariables, isGranted } from './grants.ts';
import { createRedactor, REDACTED, type Redact } from './redact.ts';
import { ReservedServerParamError, reservedServerParam } from './reserved-server-params.ts';
import { TOKEN_PREFIX, type SecretTokens } from './secret-token.ts';
import { weakSecretReason, weakSecretText } from './secret-strength.ts';
import { MissingServerParamError, ToolError } from '../tool-error.ts';

/** A variable the schema uses but the user did not grant it; the message names the command that grants it. */
export class UngrantedServerParamError extends ToolError {
  constructor(
    readonly namespace: string,
    readonly key: string,
    hint: GrantHint,
  ) {
    super(`the server param ${key} is not granted to ${namespace}: ${hint(namespace, key)}; nothing was sent`);
  }
}

/** A granted variable whose value cannot be a credential (never the value itself). */
export class WeakServerParamError extends ToolError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`${weakSecretText(key, reason)}; nothing was sent`);
  }
}

/** One schema's view of the server params. */
export interface SchemaSecrets {
  /** The value of `key` for this schema; throws the one-line reason when it has none. */
  value(key: string): string;
  /** Throws the reason the first of `keys` (in order) cannot be used; nothing is assembled before this passes. */
  check(keys: readonly string[]): void;
  /** Removes this schema's own values (every form) and any secret token from a text. */
  readonly redact: Redact;
}

export interface SecretStore {
  /** The secrets of the schemas of `namespace`. */
  of(namespace: string): SchemaSecrets;
  /** Every granted value and token removed: for text that belongs to no one schema (a server's log lines). */
  readonly redact: Redact;
  /** What the server says at start: each granted variable whose value is refused (never the value). */
  readonly notes: readonly string[];
}

export interface SecretStoreOptions {
  /** The values read at start (of granted variables only). */
  readonly values: Readonly<Record<string, string>>;
  readonly grants: Grants;
  readonly tokens: SecretTokens;
  /** How the user grants a variable where this server runs. */
  readonly hint: GrantHint;
}

export function createSecretStore(options: SecretStoreOptions): SecretStore {
  const { values, grants, tokens, hint } = options;
  const weak = new Map<string, string>();
  const strong = new Map<string, string>();
  for (const key of grantedVariables(grants)) {
    const value = values[key];
    if (value === undefined || value === '' || reservedServerParam(key) !== undefined) continue;
    const reason = weakSecretReason(value);
    if (reason === undefined) strong.set(key, value);
    else weak.set(key, reason);
  }
  // Tokens can only show up in text that passed through a handler or an error; a cheap check first.
  const withoutTokens =
    (redact: Redact): Redact =>
    (text) => {
      const out = redact(text);
      return out.includes(TOKEN_PREFIX) ? out.replace(tokens.pattern, REDACTED) : out;
    };
  const byNamespace = new Map<string, SchemaSecrets>();
  const of = (namespace: string): SchemaSecrets => {
    let found = byNamespace.get(namespace);
    if (found) return found;
    const own = [...(grants.get(namespace) ?? [])].flatMap((key) => (strong.has(key) ? [strong.get(key)!] : []));
    const value = (key: string): string => {
      if (reservedServerParam(key) !== undefined) throw new ReservedServerParamError(key);
      if (!isGranted(grants, namespace, key)) throw new UngrantedServerParamError(namespace, key, hint);
      const reason = weak.get(key);
      if (reason !== undefined) throw new WeakServerParamError(key, reason);
      const got = strong.get(key);
      if (got === undefined) throw new MissingServerParamError(key);
      return got;
    };
    found = {
      value,
      check(keys) {
        for (const key of keys) value(key);
      },
      redact: withoutTokens(createRedactor(own)),
    };
    byNamespace.set(namespace, found);
    return found;
  };
  return {
    of,
    redact: withoutTokens(createRedactor(strong.values())),
    notes: [...weak].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, reason]) => weakSecretText(key, reason)),
  };
}
