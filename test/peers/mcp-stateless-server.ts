/**
 * A hand-written MCP server of the 2026-07-28 stateless era (checking less than the revision asks):
 * no `initialize` (404 + -32601), `server/discover`, per-request `_meta` and headers that must
 * agree (400 + -32020 otherwise), list results with `ttlMs`/`cacheScope`, GET and DELETE → 405,
 * foreign origins → 403.
 * It also publishes an SEP-1649 `/.well-known/mcp.json` card that lacks `$schema`.
 */
import { createServer, type ServerResponse } from 'node:http';
import { closeServer, listen, type Peer } from './listen.ts';
import { refusesOrigin } from './origin-policy.ts';
import { readJson } from './read-json.ts';

export interface StatelessPeer extends Peer {
  readonly methods: string[];
}

const version = '2026-07-28';
const tools = [
  {
    name: 'lookup',
    description: 'Looks something up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  },
  {
    name: 'summarize',
    description: 'Summarizes a text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts the peer; the endpoint is `<url>` (path `/mcp`). `originStatus`: what a foreign Origin gets (403). */
export async function startStatelessMcpServer(options: { originStatus?: number } = {}): Promise<StatelessPeer> {
  const methods: string[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/.well-known/mcp.json') {
      reply(res, 200, {
        name: 'example-org/loopback-stateless',
        version: '0.1.0',
        description: 'Stateless loopback server',
        remotes: [{ type: 'streamable-http', url: `http://${req.headers.host}/mcp` }],
      });
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404).end('Not Found');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (refusesOrigin(req.headers.origin)) {
      reply(res, options.originStatus ?? 403, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Forbidden origin' },
      });
      return;
    }
    const message = (await readJson(req)) as
      | { id?: unknown; method?: string; params?: { cursor?: string; _meta?: Record<string, unknown> } }
      | undefined;
    const id = message?.id ?? null;
    const method = message?.method ?? '';
    methods.push(method);
    const header = req.headers['mcp-protocol-version'];
    const metaVersion = message?.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
    if (method === 'initialize' || !['server/discover', 'tools/list'].includes(method)) {
      reply(res, 404, { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
      return;
    }
    if (header !== metaVersion) {
      reply(res, 400, {
        jsonrpc: '2.0',
        id,
        error: { code: -32020, message: 'MCP-Protocol-Version header does not match _meta' },
      });
      return;
    }
    if (header !== version) {
      reply(res, 400, {
        jsonrpc: '2.0',
        id,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [version] } },
      });
      return;
    }
    if (method === 'server/discover') {
      reply(res, 200, {
        jsonrpc: '2.0',
        id,
        result: {
          resultType: 'complete',
          supportedVersions: [version],
          capabilities: { tools: { listChanged: false } },
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'loopback-stateless', version: '0.1.0' } },
          instructions: 'Stateless tools.',
          ttlMs: 60_000,
          cacheScope: 'public',
        },
      });
      return;
    }
    const start = Number(message?.params?.cursor ?? 0);
    const next = start + 1 < tools.length ? String(start + 1) : undefined;
    reply(res, 200, {
      jsonrpc: '2.0',
      id,
      result: {
        resultType: 'complete',
        tools: tools.slice(start, start + 1),
        ttlMs: 60_000,
        cacheScope: 'public',
        ...(next ? { nextCursor: next } : {}),
      },
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/mcp`, methods, close: () => closeServer(server) };
}
