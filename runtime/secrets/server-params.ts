/**
 * Server params (API keys) for upstream calls. They come from three places; later wins:
 *
 * 1. `~/.toolkit/.env` — `KEY=value` lines, `#` comments, optional `export ` and quotes;
 * 2. the process environment, which is also where an MCP client's config `env` block arrives
 *    (a client starts the server with that block merged into its environment, so the two cannot be
 *    told apart and share one rank).
 *
 * So an explicit environment (client config or shell) overrides the user-wide file. Only the
 * variables asked for are read: a server asks for the ones the user granted to some schema
 * (`grants.ts`), so nothing else of the environment is ever looked at. Params are never read from
 * the MCP client over the protocol, and a reserved name (the machine's, the shell's, the runtime's
 * or a credential chain's: reserved-server-params.ts) is never read from either place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reservedServerParam } from './reserved-server-params.ts';

/** Parses `KEY=value` lines; malformed lines are skipped (the file is the user's, not ours). */
export function parseEnvFile(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    // `__proto__` would set the object's prototype, not a key.
    if (!match || match[1] === '__proto__') continue;
    let value = match[2]!;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    params[match[1]!] = value;
  }
  return params;
}

export interface LoadServerParamsOptions {
  /** The variables to read (the granted ones); no other is looked at. */
  readonly keys: Iterable<string>;
  /** The environment's variables (an entry's, `environment/entry-environment.ts`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where `.toolkit/.env` is looked for. */
  readonly homeDir: string;
}

/** The values of `keys`: `~/.toolkit/.env`, overridden by the process environment; reserved names left out. */
export function loadServerParams(options: LoadServerParamsOptions): Record<string, string> {
  const wanted = new Set([...options.keys].filter((key) => reservedServerParam(key) === undefined));
  const params: Record<string, string> = {};
  if (wanted.size === 0) return params;
  const { env, homeDir } = options;
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnvFile(readFileSync(join(homeDir, '.toolkit', '.env'), 'utf8'));
  } catch {
    // No file: the environment alone is fine.
  }
  for (const key of wanted) {
    const value = env[key];
    if (typeof value === 'string') params[key] = value;
    else if (Object.prototype.hasOwnProperty.call(fromFile, key)) params[key] = fromFile[key]!;
  }
  return params;
}
