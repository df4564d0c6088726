/**
 * Built bundles in both protocol eras: a 2026-07-28 client, a 2025-11-25 client and a v1 client list
 * and call the same tools of `node <bundle>` over stdio and over `--http`. A catalog whose plain
 * listing passes 50 KB makes `toolkit build` warn, and its bundle serves the toolset unless started
 * with `--no-toolset`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHttpBundle } from '../support/http-server.ts';
import { connectHttpEra, connectStdioEra, ERAS, MODERN, type EraClient } from '../support/mcp-eras.ts';
import { buildWorkspace, type CliRun } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace } from './support/workspace.ts';

const test = suite('dual-era bundle');
const ws = createWorkspace('eras');
let upstream: Upstream;
let build: CliRun;
/** 40 providers of 8 tools (the most a schema may have): 320 tools, about 70 KB of plain listing. */
const BIG = Array.from(
  { length: 40 },
  (_, i) => `big${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
);

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema(upstream.root));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  for (const namespace of BIG)
    ws.write(
      `schemas/providers/${namespace}/items.mjs`,
      simpleSchema(namespace, 8, `Items of the ${namespace} warehouse.`),
    );
  ws.write('.toolkit/config.json', JSON.stringify({ groups: { desk: { tools: ['coinprices', 'weather'] } } }));
  build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

const env = () => ({ PATH: process.env.PATH ?? '', HOME: ws.path('home'), NODE_EXTRA_CA_CERTS: upstream.ca.caFile });

async function each(
  transport: 'stdio' | 'http',
  bundle: string,
  args: string[],
  run: (client: EraClient) => Promise<unknown>,
): Promise<Record<string, unknown>> {
  const http = transport === 'http' ? await startHttpBundle(bundle, env()) : undefined;
  const seen: Record<string, unknown> = {};
  try {
    for (const era of ERAS) {
      const client = http
        ? await connectHttpEra(era, { url: http.url })
        : await connectStdioEra(era, { command: process.execPath, args: [bundle, ...args], env: env() });
      try {
        assert.is(client.protocolVersion, era === 'modern' ? MODERN : '2025-11-25', era);
        seen[era] = await run(client);
      } finally {
        await client.close();
      }
    }
  } finally {
    await http?.stop();
  }
  return seen;
}

test('toolkit build warns about a bundle whose plain listing passes 50 KB, and only about that one', () => {
  assert.match(
    build.stderr,
    new RegExp(
      'toolkit build: warning: catalog\\.mjs lists 324 tools in \\d+\\.\\d KB, more than MCP clients take \\(they ' +
        'drop or cut lists past about 50 KB\\); it serves them through search_tools, describe_tool and call_tool ' +
        'unless started with --no-toolset',
    ),
  );
  assert.not.match(build.stderr, /desk\.mjs lists/);
});

for (const transport of ['stdio', 'http'] as const) {
  test(`${transport}: every era lists and calls the same tools of a built bundle`, async () => {
    const seen = await each(transport, ws.path('out', 'desk.mjs'), [], async (client) => {
      const { tools } = await client.listTools();
      const price = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'ether' } });
      return { tools, price: { content: price.content, isError: price.isError ?? false } };
    });
    const modern = seen.modern as { tools: { name: string; annotations: unknown; title: string }[]; price: unknown };
    assert.equal(
      modern.tools.map((t) => t.name),
      ['get_price_coinprices', 'list_coins_coinprices', 'tool0_weather', 'tool1_weather'],
    );
    assert.equal(modern.tools[0]!.annotations, { readOnlyHint: true, openWorldHint: true });
    assert.is(modern.tools[0]!.title, 'Get price (CoinPrices)');
    assert.equal(modern.price, {
      content: [{ type: 'text', text: '{"price":42.5,"ids":"ether","days":7}' }],
      isError: false,
    });
    assert.equal(seen.legacy, modern);
    assert.equal(seen.v1, modern);
  });
}

test('the large catalog bundle serves the toolset: a tool is found and called through it, in every era', async () => {
  const seen = await each('stdio', ws.path('out', 'catalog.mjs'), [], async (client) => {
    const { tools } = await client.listTools();
    const search = await client.callTool({ name: 'search_tools', arguments: { query: 'coin price', limit: 2 } });
    const name = (search.structuredContent as { tools: { name: string }[] }).tools[0]!.name;
    const called = await client.callTool({
      name: 'call_tool',
      arguments: { name, arguments: { ids: 'bitcoin', days: 3 } },
    });
    return {
      listed: tools.map((t) => t.name),
      bytes: Buffer.byteLength(JSON.stringify(tools)),
      name,
      called: called.content,
    };
  });
  const modern = seen.modern as { listed: string[]; bytes: number; name: string; called: unknown };
  assert.equal(modern.listed, ['search_tools', 'describe_tool', 'call_tool']);
  assert.ok(modern.bytes < 10 * 1024);
  assert.is(modern.name, 'get_price_coinprices');
  assert.equal(modern.called, [{ type: 'text', text: '{"price":42.5,"ids":"bitcoin","days":3}' }]);
  assert.equal(seen.legacy, modern);
  assert.equal(seen.v1, modern);
});

test('--no-toolset lists every tool of the large catalog', async () => {
  const client = await connectStdioEra('modern', {
    command: process.execPath,
    args: [ws.path('out', 'catalog.mjs'), '--no-toolset'],
    env: env(),
  });
  try {
    const { tools } = await client.listTools();
    assert.is(tools.length, 324);
  } finally {
    await client.close();
  }
});

test.run();
