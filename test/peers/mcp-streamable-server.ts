/**
 * The official MCP SDK server over Streamable HTTP (stateful sessions), with paginated tools,
 * resources, templates and CORS for browser clients. Options turn it into the failing variants a
 * validator must catch: a declared tools capability whose list fails, or returns invalid tools, or
 * no Origin check (by default the transport refuses foreign origins, `origin-policy.ts`).
 * It logs every JSON-RPC method it receives so tests can prove what a validator did NOT ask.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ErrorCode,
  isInitializeRequest,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { closeServer, listen, type Peer } from './listen.ts';
import { originProtection } from './origin-policy.ts';
import { methodsOf, readJson } from './read-json.ts';

export interface StreamablePeerOptions {
  /** `serverInfo.name` (default `loopback-streamable`). */
  readonly name?: string;
  /** Number of tools (default 5). */
  readonly toolCount?: number;
  /** Tools per `tools/list` page (default 2), so pagination is exercised. */
  readonly pageSize?: number;
  /** Answer CORS preflights and expose `Mcp-Session-Id` (default true). */
  readonly cors?: boolean;
  /** Include `Mcp-Session-Id` in `Access-Control-Expose-Headers` (default true). */
  readonly exposeSessionId?: boolean;
  /** Declare `tools` but fail `tools/list` with an internal error. */
  readonly failingToolList?: boolean;
  /** Return a tool without `inputSchema` from `tools/list`. */
  readonly invalidToolList?: boolean;
  /** Answer POSTs with a JSON body instead of an event stream (the SDK's `enableJsonResponse`). */
  readonly jsonResponse?: boolean;
  /**
   * Publish an SEP-2127 server card at `<endpoint>/server-card` (`other-remote`: listing another URL; a
   * function: the card it makes of the endpoint's URL).
   */
  readonly serverCard?: boolean | 'other-remote' | ((endpoint: string) => Record<string, unknown>);
  /** Declare prompts, and fail resources/list, resources/templates/list and prompts/list. */
  readonly failingLists?: boolean;
  /** List tools against the naming guidance: a name with a space, a duplicate, one without description. */
  readonly oddTools?: boolean;
  /** Answer `initialize` with this (older) protocol version instead of the client's. */
  readonly answerVersion?: string;
  /** Skip the transport's Origin check (the SDK's default): any site's page can drive the server. */
  readonly acceptAnyOrigin?: boolean;
}

export interface StreamablePeer extends Peer {
  /** JSON-RPC methods received, in order. */
  readonly methods: string[];
}

function makeTools(count: number): Tool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `echo_${i}`,
    description: `Echoes its input (${i}).`,
    inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] },
  }));
}

function makeServer(options: StreamablePeerOptions): Server {
  const server = new Server(
    { name: options.name ?? 'loopback-streamable', version: '1.2.3' },
    {
      capabilities: { tools: {}, resources: {}, ...(options.failingLists ? { prompts: {} } : {}) },
      instructions: 'Call echo tools with a text.',
    },
  );
  const tools = options.oddTools
    ? [
        ...makeTools(2),
        { name: 'echo 2', description: 'A name with a space.', inputSchema: { type: 'object' as const } },
        { name: 'echo_0', description: 'Again.', inputSchema: { type: 'object' as const } },
        { name: 'mute', inputSchema: { type: 'object' as const } },
      ]
    : makeTools(options.toolCount ?? 5);
  if (options.failingLists) {
    const failing = () => {
      throw new McpError(ErrorCode.InternalError, 'storage offline');
    };
    server.setRequestHandler(ListResourcesRequestSchema, failing);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, failing);
    server.setRequestHandler(ListPromptsRequestSchema, failing);
  }
  const pageSize = options.pageSize ?? 2;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (options.failingToolList) throw new McpError(ErrorCode.InternalError, 'tool registry unavailable');
    if (options.invalidToolList)
      return { tools: [{ name: 'no_schema', description: 'missing inputSchema' } as unknown as Tool] };
    const start = Number(request.params?.cursor ?? 0);
    const page = tools.slice(start, start + pageSize);
    const next = start + pageSize < tools.length ? String(start + pageSize) : undefined;
    return next === undefined ? { tools: page } : { tools: page, nextCursor: next };
  });
  if (options.failingLists) return server;
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [{ uri: 'file:///readme.txt', name: 'readme', mimeType: 'text/plain' }],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [] }));
  return server;
}

function setCors(req: IncomingMessage, res: ServerResponse, options: StreamablePeerOptions): void {
  if (options.cors === false) return;
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    'content-type, authorization, mcp-protocol-version, mcp-session-id, last-event-id',
  );
  if (options.exposeSessionId !== false) res.setHeader('access-control-expose-headers', 'Mcp-Session-Id');
}

/** Starts the peer; the MCP endpoint is `<url>` (path `/mcp`). */
export async function startStreamableMcpServer(options: StreamablePeerOptions = {}): Promise<StreamablePeer> {
  const methods: string[] = [];
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();
  const http = createServer(async (req, res) => {
    setCors(req, res, options);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'OPTIONS') {
      res.writeHead(options.cors === false ? 405 : 204).end();
      return;
    }
    if (path === '/mcp/server-card' && typeof options.serverCard === 'function') {
      const card = options.serverCard(`http://${req.headers.host}/mcp`);
      res.writeHead(200, { 'content-type': 'application/mcp-server-card+json' }).end(JSON.stringify(card));
      return;
    }
    if (path === '/mcp/server-card' && options.serverCard) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          name: 'example-org/loopback-streamable',
          version: '1.2.3',
          description: 'Loopback echo server',
          remotes: [
            {
              type: 'streamable-http',
              url:
                options.serverCard === 'other-remote'
                  ? 'https://mcp.elsewhere.example/mcp'
                  : `http://${req.headers.host}/mcp`,
              supportedProtocolVersions: ['2025-11-25'],
            },
          ],
        }),
      );
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    try {
      if (req.method === 'POST') {
        const body = await readJson(req);
        methods.push(...methodsOf(body));
        if (existing) {
          await existing.transport.handleRequest(req, res, body);
          return;
        }
        if (options.answerVersion && isInitializeRequest(body))
          (body as { params: { protocolVersion: string } }).params.protocolVersion = options.answerVersion;
        if (!isInitializeRequest(body)) {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null }));
          return;
        }
        const server = makeServer(options);
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          enableJsonResponse: options.jsonResponse ?? false,
          ...originProtection(options.acceptAnyOrigin),
          onsessioninitialized: (id) => {
            sessions.set(id, { transport, server });
          },
        });
        transport.onclose = () => {
          if (transport.sessionId) sessions.delete(transport.sessionId);
        };
        await server.connect(transport);
        await transport.handleRequest(req, res, body);
        return;
      }
      if (!existing) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('No valid session');
        return;
      }
      await existing.transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  const port = await listen(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    methods,
    close: async () => {
      for (const { server } of sessions.values()) await server.close().catch(() => undefined);
      await closeServer(http);
    },
  };
}
