/**
 * An MCP server (official SDK, stateless Streamable HTTP) with paid tools, on loopback:
 *   `forecast`        — `_meta["x402/payment"]` in its listing; without payment it answers the current
 *                       x402 MCP form: `isError: true`, `structuredContent` = a v2 PaymentRequired built by
 *                       `@x402/core`'s resource server with `@x402/evm`'s exact scheme, `content[0].text` = its JSON
 *   `legacy_report`   — `_meta["x402/price"]`; answers the older JSON-RPC error form (code 402,
 *                       data = v2 PaymentRequired)
 *   `v1_quote`        — `_meta.x402`; answers `isError` + a v1 PaymentRequired whose requirement is built by `x402`'s
 *                       `processPriceToAtomicAmount` (network `base-sepolia`)
 *   `echo`, `delete_everything` — free tools; calling them is a test failure (the peer records every tool call).
 */
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { x402ResourceServer } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { processPriceToAtomicAmount } from 'x402/shared';
import { closeServer, listen, type Peer } from './listen.ts';
import { methodsOf, readJson } from './read-json.ts';
import { PAY_TO, refusingFacilitator } from './x402-http.ts';
import { originProtection } from './origin-policy.ts';

export interface PaidMcpPeer extends Peer {
  /** Names of every tool the peer was asked to call, in order. */
  readonly toolCalls: string[];
  /** JSON-RPC methods received, in order. */
  readonly methods: string[];
  /** HTTP requests received (any path and method) and TCP connections accepted, since start. */
  readonly traffic: { requests: number; connections: number };
  /** Connections open right now. */
  openConnections(): Promise<number>;
}

export interface PaidMcpOptions {
  /** Only free tools (no payment anywhere): the x402 layer must report not detected. */
  readonly freeOnly?: boolean;
  /** Wait this long before answering each request (a stand-in for network and server time; benchmarks). */
  readonly delayMs?: number;
  /**
   * Add three tools marked paid that get it wrong: `generous` answers without asking for payment,
   * `mismatched` puts other JSON in content[0].text than in structuredContent, `crashing` fails.
   */
  readonly faultyTools?: boolean;
}

const freeTools = [
  {
    name: 'echo',
    description: 'Echoes text.',
    inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'delete_everything',
    description: 'Destructive; must never be called by a validator.',
    inputSchema: { type: 'object' as const, properties: {} },
  },
];
const faultyTools = ['generous', 'mismatched', 'crashing'].map((name) => ({
  name,
  description: `Paid, but ${name}.`,
  inputSchema: { type: 'object' as const, properties: {} },
  _meta: { 'x402/payment': { price: '$0.001' } },
}));
const paidTools = [
  {
    name: 'forecast',
    description: 'Paid forecast.',
    inputSchema: {
      type: 'object' as const,
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    },
    _meta: { 'x402/payment': { price: '$0.001', network: 'eip155:84532' } },
  },
  {
    name: 'legacy_report',
    description: 'Paid report (legacy error form).',
    inputSchema: { type: 'object' as const, properties: {} },
    _meta: { 'x402/price': '$0.001' },
  },
  {
    name: 'v1_quote',
    description: 'Paid quote (x402 v1).',
    inputSchema: { type: 'object' as const, properties: {} },
    _meta: { x402: { version: 1 } },
  },
];

/** Starts the peer; the MCP endpoint is `<url>` (path `/mcp`). */
export async function startPaidMcpServer(options: PaidMcpOptions = {}): Promise<PaidMcpPeer> {
  const toolCalls: string[] = [];
  const methods: string[] = [];
  const resourceServer = new x402ResourceServer(refusingFacilitator(['eip155:84532'])).register(
    'eip155:84532',
    new ExactEvmScheme(),
  );
  await resourceServer.initialize();
  const v2Required = async (resourceUrl: string) => {
    const requirements = await resourceServer.buildPaymentRequirements({
      scheme: 'exact',
      price: '$0.001',
      network: 'eip155:84532',
      payTo: PAY_TO,
    });
    return resourceServer.createPaymentRequiredResponse(
      requirements,
      { url: resourceUrl, description: 'Paid forecast', mimeType: 'application/json' },
      'Payment required',
    );
  };
  const v1Required = (resourceUrl: string) => {
    const atomic = processPriceToAtomicAmount('$0.01', 'base-sepolia');
    if ('error' in atomic) throw new Error(atomic.error);
    const asset = atomic.asset as { address: string; eip712?: { name: string; version: string } };
    return {
      x402Version: 1,
      error: 'X-PAYMENT header is required',
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: atomic.maxAmountRequired,
          asset: asset.address,
          resource: resourceUrl,
          description: 'Paid quote',
          mimeType: 'application/json',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          extra: asset.eip712,
        },
      ],
    };
  };

  const makeServer = (base: string) => {
    const server = new Server({ name: 'paid-peer', version: '0.4.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: options.freeOnly ? freeTools : [...freeTools, ...(options.faultyTools ? faultyTools : []), ...paidTools],
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const name = request.params.name;
      toolCalls.push(name);
      if (options.faultyTools && name === 'generous') return { content: [{ type: 'text', text: 'free after all' }] };
      if (options.faultyTools && name === 'crashing') throw new McpError(-32603, 'payment backend down');
      if (options.faultyTools && name === 'mismatched') {
        const required = await v2Required(`mcp://tool/${name}`);
        return {
          isError: true,
          structuredContent: required as unknown as Record<string, unknown>,
          content: [{ type: 'text', text: JSON.stringify({ ...required, x402Version: 1 }) }],
        };
      }
      if (options.freeOnly || !paidTools.some((t) => t.name === name))
        return { content: [{ type: 'text', text: `${name} ran` }] };
      const resource = `mcp://tool/${name}`;
      if (name === 'legacy_report') throw new McpError(402, 'Payment required', await v2Required(resource));
      const required = name === 'v1_quote' ? v1Required(resource) : await v2Required(resource);
      void base;
      return {
        isError: true,
        structuredContent: required as unknown as Record<string, unknown>,
        content: [{ type: 'text', text: JSON.stringify(required) }],
      };
    });
    return server;
  };

  const traffic = { requests: 0, connections: 0 };
  const http = createServer(async (req, res) => {
    traffic.requests += 1;
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    try {
      const body = await readJson(req);
      methods.push(...methodsOf(body));
      const server = makeServer(`http://${req.headers.host}`);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        ...originProtection(),
      });
      await server.connect(transport);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  http.on('connection', () => {
    traffic.connections += 1;
  });
  const port = await listen(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    toolCalls,
    methods,
    traffic,
    openConnections: () =>
      new Promise((resolve, reject) => http.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    close: () => closeServer(http),
  };
}
