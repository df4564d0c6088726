/**
 * A format-4 schema builds and serves like a 3.x one: `toolkit build`, then the bundle as a stdio
 * MCP server to a real SDK client. `tools/list` carries the annotations its `meta` states (not the
 * ones its HTTP method suggests) and the parameter descriptions; a call reaches a real HTTPS
 * upstream on loopback (test CA); the search index, `toolkit search`'s and the toolset's, finds a
 * tool by a `meta` alias that appears nowhere else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { readSearchIndex, searchTools } from '../../runtime/search/index.ts';
import { connectStdio } from '../build/support/mcp-clients.ts';
import { buildWorkspace, runCli } from '../build/support/run-cli.ts';
import { startPriceUpstream, type Upstream } from '../build/support/upstream.ts';
import { createWorkspace } from '../build/support/workspace.ts';

const ws = createWorkspace('fmt4-serve');
let upstream: Upstream;

const schema = (root: string) =>
  `// A format-4 provider: meta per tool, parameter descriptions, provenance.
export const main = {
    namespace: 'coin-prices-4',
    name: 'CoinPrices',
    description: 'Coin prices from a test upstream.',
    version: '4.0.0',
    schemaVersion: '1.2.0',
    docs: [ 'https://coinprices.example/docs' ],
    termsOfService: 'no-tos-found',
    root: '${root}',
    tools: {
        getPrice: {
            method: 'GET',
            path: '/price',
            description: 'Price of one or more coins.',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [ 'min(1)' ] }, description: 'Coin ids, comma separated.' },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', ` +
  `options: [ 'optional()', 'default(7)', 'min(1)', 'max(30)' ], description: 'Days of history.' } }
            ],
            meta: { isReadOnly: true, isConcurrencySafe: true, isDestructive: false, searchHint: 'current coin ` +
  `price', aliases: [ 'ticker quote' ], alwaysLoad: true }
        },
        // A POST the author states is destructive: the method alone would not say so.
        resetCoins: {
            method: 'POST',
            path: '/coins',
            description: 'Reset the coin list.',
            parameters: [],
            meta: { isReadOnly: false, isConcurrencySafe: false, isDestructive: true, searchHint: 'reset coin list', ` +
  `aliases: [], alwaysLoad: false }
        },
        listCoins: {
            method: 'GET',
            path: '/coins',
            description: 'Every coin the upstream knows.',
            parameters: []
        }
    }
}
`;

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coin-prices-4/prices.mjs', schema(upstream.root));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stdout + build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

test('tools/list shows the annotations meta states, and the parameter descriptions', async () => {
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'));
  try {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.equal([...byName.keys()].sort(), [
      'get_price_coin_prices_4',
      'list_coins_coin_prices_4',
      'reset_coins_coin_prices_4',
    ]);
    assert.equal(byName.get('get_price_coin_prices_4')!.annotations, { readOnlyHint: true, openWorldHint: true });
    assert.equal(byName.get('reset_coins_coin_prices_4')!.annotations, {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    // Without meta, the method speaks as in 3.x.
    assert.equal(byName.get('list_coins_coin_prices_4')!.annotations, { readOnlyHint: true, openWorldHint: true });
    const properties = byName.get('get_price_coin_prices_4')!.inputSchema.properties as Record<
      string,
      { description?: string }
    >;
    assert.is(properties.ids!.description, 'Coin ids, comma separated.');
    assert.is(properties.days!.description, 'Days of history.');
  } finally {
    await close();
  }
});

test('a call goes through the bundle to the HTTPS upstream', async () => {
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {
    NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
  });
  try {
    const result = await client.callTool({ name: 'get_price_coin_prices_4', arguments: { ids: 'bitcoin', days: 3 } });
    assert.not.ok(result.isError, JSON.stringify(result));
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    assert.equal(JSON.parse(text), { price: 42.5, ids: 'bitcoin', days: 3 });
    assert.ok(upstream.requests.includes('/price?ids=bitcoin&days=3'), upstream.requests.join(' '));
  } finally {
    await close();
  }
});

test('the built search index finds a tool by its meta alias and search hint', () => {
  const index = readSearchIndex(JSON.parse(readFileSync(ws.path('out', 'search-index.json'), 'utf8')));
  assert.is(searchTools(index, 'ticker')[0]?.entry.name, 'get_price_coin_prices_4');
  assert.is(searchTools(index, 'quote')[0]?.entry.name, 'get_price_coin_prices_4');
  // "ticker" is in no name, description or tag: only the alias can have matched.
  assert.not.match(
    readFileSync(ws.path('schemas', 'providers', 'coin-prices-4', 'prices.mjs'), 'utf8').replace("'ticker quote'", ''),
    /ticker/,
  );
});

test('`toolkit search` finds the tool by its alias', async () => {
  const run = await runCli(['search', 'ticker', '--project', ws.dir]);
  assert.is(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^get_price_coin_prices_4 {2}\(tool\)\n {2}Price of one or more coins\./);
});

test("the toolset's search_tools finds the tool by its alias", async () => {
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {}, ['--toolset']);
  try {
    const { tools } = await client.listTools();
    assert.ok(
      tools.some((t) => t.name === 'search_tools'),
      tools.map((t) => t.name).join(' '),
    );
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'ticker quote' } });
    assert.not.ok(result.isError, JSON.stringify(result));
    const found = (result.structuredContent as { tools: { name: string }[] }).tools.map((t) => t.name);
    assert.is(found[0], 'get_price_coin_prices_4');
  } finally {
    await close();
  }
});

test.run();
