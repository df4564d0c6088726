/**
 * The block a user pastes into an MCP client's configuration. Secrets are never printed: each
 * server param gets a placeholder for the user to fill in. The grants travel in the same `env`
 * block as `TOOLKIT_GRANTS` (`namespace:VARIABLE` pairs): a client merges that block into the
 * server's environment, where a value cannot say which schema it is for, so the block names it.
 */
import { grantsText, type Grants } from './secrets/grants.ts';

export interface ClientConfigOptions {
  /** Key under `mcpServers`. */
  name: string;
  command: string;
  args: readonly string[];
  /** Server params the served tools need; each becomes an `env` entry with a placeholder. */
  requiredServerParams?: readonly string[];
  /** Which schema may use which of them; written as `TOOLKIT_GRANTS` when there is any. */
  grants?: Grants;
}

/** The `mcpServers` block as pretty JSON (stable key order). */
export function printClientConfig(options: ClientConfigOptions): string {
  const entry: Record<string, unknown> = { command: options.command, args: [...options.args] };
  const keys = [...new Set(options.requiredServerParams ?? [])].sort();
  const env: Record<string, string> = Object.fromEntries(keys.map((key) => [key, `<your ${key}>`]));
  const grants = options.grants === undefined ? '' : grantsText(options.grants);
  if (grants !== '') env.TOOLKIT_GRANTS = grants;
  if (Object.keys(env).length > 0) {
    entry.env = Object.fromEntries(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  return `${JSON.stringify({ mcpServers: { [options.name]: entry } }, null, 2)}\n`;
}
