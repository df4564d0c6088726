/**
 * Serves one Server over stdin/stdout. stdout carries only protocol messages; the returned promise
 * settles when the client goes away (stdin ends) or the server is closed.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export async function serveStdio(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  await server.connect(new StdioServerTransport());
  const end = () => void server.close();
  process.stdin.once('end', end);
  process.stdin.once('close', end);
  await closed;
  process.stdin.off('end', end);
  process.stdin.off('close', end);
}
