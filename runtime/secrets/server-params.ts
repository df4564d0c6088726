/**
 * Server params (API keys) for upstream calls. They come from three places; later wins:
 *
 * 1. `~/.toolkit/.env` — `KEY=value` lines, `#` comments, optional `export ` and quotes;
 * 2. the process environment, which is also where an MCP client's config `env` block arrives
 *    (a client starts the server with that block merged into its environment, so the two cannot be
 *    told apart and share one rank).
 *
 * So an explicit environment (client config or shell) overrides the user-wide file. Params are never
 * read from the MCP client over the protocol, and a reserved name (the machine's, the shell's, the
 * runtime's or a credential chain's: reserved-server-params.ts) is never read from either place.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { reservedServerParam } from './reserved-server-params.ts';

/** Parses `KEY=value` lines; malformed lines are skipped (the file is the user's, not ours). */
export function parseEnvFile(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    params[match[1]!] = value;
  }
  return params;
}

/** Merged server params: `~/.toolkit/.env`, overridden by the process environment; reserved names left out. */
export function loadServerParams(options: { env?: NodeJS.ProcessEnv; homeDir?: string } = {}): Record<string, string> {
  const env = options.env ?? process.env;
  const homeDir = options.homeDir ?? homedir();
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnvFile(readFileSync(join(homeDir, '.toolkit', '.env'), 'utf8'));
  } catch {
    // No file: the environment alone is fine.
  }
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(fromFile)) if (reservedServerParam(key) === undefined) params[key] = value;
  for (const [key, value] of Object.entries(env)) if (value !== undefined && reservedServerParam(key) === undefined) params[key] = value;
  return params;
}
