/**
 * A JSON-RPC server that answers `initialize` with an incomplete result (no `capabilities`, no
 * `serverInfo`): it speaks MCP's wire format, so a validator must report a failed handshake
 * rather than "not MCP".
 */
import { createServer } from 'node:http';
import { closeServer, listen, type Peer } from './listen.ts';
import { readJson } from './read-json.ts';

/** Starts the peer; the endpoint is `<url>` (path `/mcp`). */
export async function startBrokenInitializeServer(): Promise<Peer> {
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const message = (await readJson(req)) as { id?: unknown } | undefined;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: message?.id ?? null, result: { protocolVersion: '2025-11-25' } }));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => closeServer(server) };
}
