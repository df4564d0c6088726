/**
 * A real MCP SDK client over stdio for CLI tests: spawns a command (the `toolkit server` binary or
 * a built bundle) and talks to it. The one place these tests touch the SDK client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface StdioSession {
  readonly client: Client;
  close(): Promise<void>;
}

export async function connect(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args],
    cwd: options.cwd,
    env: options.env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** The names `tools/list` answers with, sorted. */
export async function toolNames(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<string[]> {
  const session = await connect(args, options);
  try {
    return (await session.client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await session.close();
  }
}
