/**
 * The official MCP SDK server (`McpServer`) over the legacy HTTP+SSE transport (2024-11-05):
 * `GET /sse` opens the stream, whose `endpoint` event names `POST /messages?sessionId=…`.
 * A POST to `/sse` is refused with 405, which is what makes clients fall back to SSE.
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import { closeServer, listen, type Peer } from './listen.ts';
import { methodsOf, readJson } from './read-json.ts';

export interface SsePeer extends Peer {
  readonly methods: string[];
}

function makeServer(): McpServer {
  const server = new McpServer({ name: 'loopback-sse', version: '0.9.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerPrompt('greet', { description: 'Greets someone.', argsSchema: { name: z.string() } }, ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }],
  }));
  return server;
}

/** Starts the peer; the URL under test is `<url>` (path `/sse`). */
export async function startSseMcpServer(): Promise<SsePeer> {
  const methods: string[] = [];
  const sessions = new Map<string, { transport: SSEServerTransport; server: McpServer }>();
  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      const server = makeServer();
      sessions.set(transport.sessionId, { transport, server });
      res.on('close', () => sessions.delete(transport.sessionId));
      await server.connect(transport);
      return;
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const session = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (!session) {
        res.writeHead(404).end('Unknown session');
        return;
      }
      const body = await readJson(req);
      methods.push(...methodsOf(body));
      await session.transport.handlePostMessage(req, res, body);
      return;
    }
    if (url.pathname === '/sse') {
      res.writeHead(405, { allow: 'GET' }).end('Method Not Allowed');
      return;
    }
    res.writeHead(404).end('Not Found');
  });
  const port = await listen(http);
  return {
    url: `http://127.0.0.1:${port}/sse`,
    methods,
    close: async () => {
      for (const { server } of sessions.values()) await server.close().catch(() => undefined);
      await closeServer(http);
    },
  };
}
