/**
 * The block a user pastes into an MCP client's configuration. Secrets are never printed: each
 * required server param gets a placeholder for the user to fill in.
 */
export interface ClientConfigOptions {
  /** Key under `mcpServers`. */
  name: string;
  command: string;
  args: readonly string[];
  /** Server params the served tools need; each becomes an `env` entry with a placeholder. */
  requiredServerParams?: readonly string[];
}

/** The `mcpServers` block as pretty JSON (stable key order). */
export function printClientConfig(options: ClientConfigOptions): string {
  const entry: Record<string, unknown> = { command: options.command, args: [...options.args] };
  const keys = [...new Set(options.requiredServerParams ?? [])].sort();
  if (keys.length > 0) entry.env = Object.fromEntries(keys.map((key) => [key, `<your ${key}>`]));
  return `${JSON.stringify({ mcpServers: { [options.name]: entry } }, null, 2)}\n`;
}
