/**
 * A listing computed ahead of time (`listTools`, what a build embeds) is byte for byte the runtime's
 * own; given one, the runtime serves it as is to a real SDK client and builds each tool when it is
 * first called, under the listing's wire name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { listTools } from '../../runtime/create-runtime.ts';
import { createMcpFetchHandler, createMcpServer, createRuntime, type Runtime } from '../../runtime/index.ts';
import type { UpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { num, oneOf, param, schema, str, tool } from './support/models.ts';

const seen: string[] = [];
const upstream: UpstreamHttpClient = {
  async request(url, call) {
    seen.push(`${call.method} ${url}`);
    return {
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      bytes: new TextEncoder().encode(JSON.stringify({ zeta: 1, alpha: 'a' })),
    };
  },
  close() {},
};

const schemas = [
  schema(
    'market',
    [
      tool(
        'getQuote',
        'GET',
        ['https://api.market.example/quote'],
        [
          param('symbol', 'query', str, { min: 1 }, [{ user: true }], 'Ticker symbol.'),
          param('days', 'query', num, { optional: true, default: 7, max: 30 }),
          param('side', 'query', oneOf('buy', 'sell')),
          param('key', 'query', str, {}, [{ server: 'MARKET_KEY' }]),
        ],
        {
          output: {
            mimeType: 'application/json',
            schema: {
              type: 'object',
              properties: { zeta: { type: 'number' }, alpha: { type: 'string', nullable: true } },
            },
          },
        },
      ),
      tool('ping', 'GET', ['https://api.market.example/ping']),
    ],
    { requiredServerParams: ['MARKET_KEY'] },
  ),
  // Same namespace and tool in another file: the first file by path keeps the name, the other takes its file name.
  schema('market', [tool('ping', 'GET', ['https://mirror.market.example/ping'])], { file: 'mirror/market.mjs' }),
];

const runtimes: Runtime[] = [];
const runtimeOf = (options: Partial<Parameters<typeof createRuntime>[0]> = {}): Runtime => {
  const runtime = createRuntime({
    schemas,
    serverParams: { MARKET_KEY: 'market-secret-1234' },
    grants: { market: ['MARKET_KEY'] },
    http: upstream,
    ...options,
  });
  runtimes.push(runtime);
  return runtime;
};

async function connect(runtime: Runtime): Promise<Client> {
  const handle = createMcpFetchHandler(() => createMcpServer(runtime, { name: 'listing', version: '1.0.0' }));
  const client = new Client({ name: 'listing-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://listing.local/mcp'), {
      fetch: (url, init) => handle(new Request(url, init)),
    }),
  );
  return client;
}

test.after(async () => {
  for (const runtime of runtimes) await runtime.close();
});

test('listTools gives the very JSON text a runtime that builds every tool lists', () => {
  const listing = listTools(schemas);
  assert.is(JSON.stringify(listing), JSON.stringify(runtimeOf().listing));
  assert.is(listing.length, 3);
  assert.is(listing[1]!.name, 'ping_market');
  assert.is(listing[2]!.name, 'ping_market_market');
  assert.equal(listing[0]!.inputSchema.required, ['symbol', 'side']);
  assert.not.ok('key' in (listing[0]!.inputSchema.properties ?? {}), 'server values stay hidden');
});

test('given a listing, a client gets exactly that listing', async () => {
  const listing = listTools(schemas).map((entry) =>
    entry.name === 'get_quote_market' ? { ...entry, description: 'As the build wrote it.' } : entry,
  );
  const runtime = runtimeOf({ listing });
  assert.is(runtime.listing, listing, 'served as given, not recomputed');
  const client = await connect(runtime);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools, listing);
    assert.is(tools[0]!.description, 'As the build wrote it.');
  } finally {
    await client.close();
  }
});

test('a listed tool is built on its first call, under the wire name of the listing', async () => {
  const listing = listTools(schemas);
  const runtime = runtimeOf({ listing });
  const client = await connect(runtime);
  try {
    const quote = await client.callTool({ name: 'get_quote_market', arguments: { symbol: 'ACME', side: 'buy' } });
    assert.not.ok(quote.isError, JSON.stringify(quote));
    assert.equal(quote.structuredContent, { zeta: 1, alpha: 'a' });
    assert.is(seen.at(-1), 'GET https://api.market.example/quote?symbol=ACME&days=7&side=buy&key=market-secret-1234');
    const mirror = await client.callTool({ name: listing[2]!.name, arguments: {} });
    assert.not.ok(mirror.isError, JSON.stringify(mirror));
    assert.is(seen.at(-1), 'GET https://mirror.market.example/ping');
    const invalid = await client.callTool({ name: 'get_quote_market', arguments: { symbol: 'ACME', side: 'hold' } });
    assert.ok(invalid.isError);
    assert.match((invalid.content as { text: string }[])[0]!.text, /invalid arguments for get_quote_market/);
    const unknown = await client.callTool({ name: 'get_quote', arguments: {} }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    assert.match(unknown, /Unknown tool: get_quote/);
  } finally {
    await client.close();
  }
  assert.is(runtime.tool('get_quote_market'), runtime.tool('get_quote_market'), 'built once');
  assert.is(runtime.tools.length, 3);
});

test('a listing that does not fit the schemas is refused', () => {
  assert.throws(
    () => runtimeOf({ listing: listTools(schemas).slice(1) }),
    /listing names 2 tools but the schemas have 3/,
  );
});

test('the grants decide which server params are used, so which are secrets', () => {
  const runtime = runtimeOf({
    serverParams: { MARKET_KEY: 'market-secret-1234', OTHER_KEY: 'other-secret-5678' },
    grants: { market: ['MARKET_KEY', 'OTHER_KEY'] },
  });
  assert.is(runtime.redact('a market-secret-1234 b other-secret-5678'), 'a [redacted] b [redacted]');
  const ungranted = runtimeOf({ serverParams: { OTHER_KEY: 'other-secret-5678' } });
  assert.is(
    ungranted.redact('other-secret-5678'),
    'other-secret-5678',
    'a value no schema was granted is never used, so never a pattern',
  );
});

test.run();
