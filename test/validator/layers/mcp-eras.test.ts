/**
 * The MCP layer reports which protocol eras an endpoint speaks and the 2026-07-28 requirements it
 * misses: the project's own runtime (both eras, nothing missed), a 2025-only SDK server, a
 * 2026-07-28-only SDK server, and a sloppy hand-written modern server (no cache fields, no
 * resultType, headers unchecked, errors with the wrong codes). No tool is ever called.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createMcpHandler,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { createMcpServer, createRuntime, serveHttp } from '../../../runtime/index.ts';
import type { UpstreamHttpClient } from '../../../runtime/upstream/upstream-http.ts';
import { mcpLayer } from '../../../validator-service/layers/mcp.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { schema, tool } from '../../runtime/support/models.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

const test = suite('mcp eras');
const upstreamCalls: string[] = [];
const upstream: UpstreamHttpClient = {
  async request(url) {
    upstreamCalls.push(url);
    return {
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      bytes: new TextEncoder().encode('{}'),
    };
  },
  close() {},
};
const runtime = createRuntime({
  schemas: [
    schema('weather', [
      tool('getForecast', 'GET', ['https://api.weather.example/forecast']),
      tool('deleteAlert', 'DELETE', ['https://api.weather.example/alert']),
    ]),
  ],
  serverParams: {},
  http: upstream,
});
let ours: { url: string; close(): Promise<void> };
let legacyOnly: StreamablePeer;
let modernOnly: { url: string; close(): Promise<void> };
let sloppy: { url: string; close(): Promise<void> };

/**
 * A 2026-07-28-only server from the SDK (`legacy: 'reject'`) on node:http, with the Origin check the
 * SDK's documentation puts in front of its (deliberately validation-free) handler.
 */
async function startModernOnly(): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'modern-only', version: '2.0.0' });
      server.registerTool('echo', { description: 'Echoes.' }, async () => ({
        content: [{ type: 'text', text: 'echo' }],
      }));
      return server;
    },
    { legacy: 'reject' },
  );
  return listenFetch((request) =>
    Promise.resolve(originValidationResponse(request, localhostAllowedOrigins()) ?? handler.fetch(request)),
  );
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Answers every enveloped request without looking at headers; results lack resultType and cache fields; errors use the
 * wrong codes.
 */
async function startSloppy(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        id?: number;
        method?: string;
        params?: { _meta?: Record<string, unknown> };
      };
      const id = message.id ?? null;
      const version = message.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
      if (message.method === 'initialize' || version === undefined)
        return reply(res, 400, { jsonrpc: '2.0', id, error: { code: -32000, message: 'no' } });
      if (version !== '2026-07-28')
        return reply(res, 400, { jsonrpc: '2.0', id, error: { code: -32000, message: 'bad version' } });
      if (message.method === 'server/discover')
        return reply(res, 200, {
          jsonrpc: '2.0',
          id,
          result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } },
        });
      if (message.method === 'tools/list')
        return reply(res, 200, {
          jsonrpc: '2.0',
          id,
          result: { tools: [{ name: 'one', description: 'One.', inputSchema: { type: 'object' } }] },
        });
      return reply(res, 200, { jsonrpc: '2.0', id, error: { code: -32000, message: 'unknown' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listenFetch(
  handle: (request: Request) => Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await handle(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test.before(async () => {
  ours = await serveHttp(() => createMcpServer(runtime, { name: 'toolkit-weather', version: '1.0.0' }), { port: 0 });
  legacyOnly = await startStreamableMcpServer();
  modernOnly = await startModernOnly();
  sloppy = await startSloppy();
});

test.after(async () => {
  await ours.close();
  await legacyOnly.close();
  await modernOnly.close();
  await sloppy.close();
  await runtime.close();
});

test("the project's own server speaks both eras and misses no 2026-07-28 requirement", async () => {
  const result = await runLayer(mcpLayer, testContext(ours.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.equal(result.summary.eras, ['2026-07-28', '2025-11-25']);
  assert.is(result.summary.protocolVersion, '2026-07-28');
  assert.is(result.summary.serverName, 'toolkit-weather');
  assert.is(result.summary.toolCount, 2);
  assert.is(result.categories.speaksModernEra, true);
  assert.is(result.categories.speaksLegacyEra, true);
  expectCode(result, 'MCP-029', /speaks 2026-07-28 \(server\/discover\) and 2025-11-25 \(initialize\)/);
  assert.equal(
    result.messages.filter((m) => m.code === 'MCP-026' || m.code === 'MCP-028'),
    [],
  );
  assert.equal(upstreamCalls, [], 'no tool was called');
});

test('a 2025-only server: one era, and the missing server/discover is said', async () => {
  const result = await runLayer(mcpLayer, testContext(legacyOnly.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.equal(result.summary.eras, ['2025-11-25']);
  assert.is(result.categories.speaksModernEra, false);
  assert.is(result.categories.speaksLegacyEra, true);
  assert.match(
    result.messages.find((m) => m.code === 'MCP-029')?.message ?? '',
    /speaks 2025-11-25 only: it does not answer server\/discover/,
  );
  assert.not.ok(legacyOnly.methods.includes('tools/call'));
});

test('a 2026-07-28-only server: the modern era alone, with its tools', async () => {
  const result = await runLayer(mcpLayer, testContext(modernOnly.url));
  assert.is(result.status, 'pass', JSON.stringify(result.messages, null, 1));
  assert.equal(result.summary.eras, ['2026-07-28']);
  assert.is(result.categories.speaksLegacyEra, false);
  assert.is(result.summary.toolCount, 1);
  assert.match(result.messages.find((m) => m.code === 'MCP-029')?.message ?? '', /speaks only 2026-07-28/);
  expectCode(result, 'MCP-031', /server\/discover \(2026-07-28 era\)/);
});

test('a sloppy modern server is flagged for every requirement it misses', async () => {
  const result = await runLayer(mcpLayer, testContext(sloppy.url));
  const text = (code: string) =>
    result.messages
      .filter((m) => m.code === code)
      .map((m) => m.message)
      .join('\n');
  expectCode(result, 'MCP-025');
  assert.match(text('MCP-026'), /server\/discover result lacks a valid ttlMs/);
  assert.match(text('MCP-026'), /results without resultType: tools\/list/);
  assert.match(text('MCP-026'), /list results without a valid ttlMs and cacheScope: tools\/list/);
  assert.match(
    text('MCP-026'),
    /results without io\.modelcontextprotocol\/serverInfo in _meta: server\/discover, tools\/list/,
  );
  expectCode(result, 'MCP-026');
  expectCode(
    result,
    'MCP-028',
    /an unsupported protocol version is refused with 400 and -32022 .* answered 400 with -32000/,
  );
  assert.match(
    text('MCP-028'),
    new RegExp(
      'without the MCP-Protocol-Version header is refused with 400 and -32020 \\(HeaderMismatch\\); the endpoint ' +
        'answered 200',
    ),
  );
  assert.match(text('MCP-028'), /without the Mcp-Method header is refused/);
  assert.match(text('MCP-028'), /an unknown method is answered 404 with -32601; the endpoint answered 200 with -32000/);
  assert.is(result.messages.find((m) => m.code === 'MCP-028')?.severity, 'warning');
  expectCode(result, 'MCP-030', /server\/discover \(2026-07-28 era\) with Origin: .* was accepted/);
  assert.is(result.status, 'fail', 'accepting any Origin is an error');
});

test.run();
