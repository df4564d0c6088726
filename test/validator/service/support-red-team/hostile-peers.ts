/**
 * Peers for the red-team tests, all on loopback: a "private" listener that only counts who connects
 * (the address the validator must never reach), a peer answering raw bytes (for responses node:http
 * parses but `fetch` types refuse), and a hand-written MCP server whose list answers the test decides.
 */
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, startLoopback, type LoopbackPeer } from '../../../peers/listen.ts';

/** A listener that must stay untouched: it counts connections and answers a secret. */
export interface PrivateListener extends LoopbackPeer {
  readonly connections: () => number;
}

export async function startPrivateListener(): Promise<PrivateListener> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('internal secret'));
  // Counted per socket, not per request: a connection alone already means the guard failed.
  server.on('connection', () => {
    connections += 1;
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, connections: () => connections, close: () => closeServer(server) };
}

/** A TCP peer that answers every request with `reply` (raw HTTP/1.1 bytes) and closes. */
export async function startRawPeer(reply: string): Promise<LoopbackPeer> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(reply, 'latin1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** Answers for the MCP peer: the result of a list method (or null for "method not found"). */
export type ListAnswer = (method: string, params: Record<string, unknown>) => unknown;

/**
 * A minimal 2025-era Streamable HTTP MCP server written by hand (plain JSON answers, no session), so
 * a test can hand the validator list pages no SDK server would produce: endless cursors, huge pages.
 */
export async function startListingMcpPeer(answer: ListAnswer): Promise<LoopbackPeer> {
  return startLoopback((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => {
      let message: { id?: unknown; method?: string; params?: Record<string, unknown> } = {};
      try {
        message = JSON.parse(text) as typeof message;
      } catch {
        /* answered as not found below */
      }
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const result =
        message.method === 'initialize'
          ? {
              protocolVersion: '2025-06-18',
              capabilities: { tools: {}, resources: {}, prompts: {} },
              serverInfo: { name: 'listing-peer', version: '1.0.0' },
            }
          : answer(message.method ?? '', message.params ?? {});
      const body =
        result === null
          ? { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }
          : { jsonrpc: '2.0', id: message.id, result };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
}
