/**
 * `toolkit build`, then `node <out>/catalog.mjs` as a stdio MCP server: a real SDK client lists
 * every catalog tool and calls one against a real HTTPS upstream on loopback.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { assignWireNames } from '../../runtime/wire-name.ts';
import { connectStdio } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('stdio');
let upstream: Upstream;

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema(upstream.root));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 3));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

test('every catalog tool is listed by a real client over stdio', async () => {
  const manifest = JSON.parse(readFileSync(ws.path('out', 'manifest.json'), 'utf8'));
  const expected = assignWireNames(
    manifest.schemas.flatMap((s: { namespace: string; source: string; tools: string[] }) =>
      s.tools.map((toolName) => ({ namespace: s.namespace, toolName, source: s.source })),
    ),
  );
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'));
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), [...expected].sort());
    assert.equal(tools.map((t) => t.name).sort(), [
      'get_price_coinprices',
      'list_coins_coinprices',
      'tool0_weather',
      'tool1_weather',
      'tool2_weather',
    ]);
    const price = tools.find((t) => t.name === 'get_price_coinprices')!;
    assert.equal(price.inputSchema.required, ['ids']);
  } finally {
    await close();
  }
});

test('a call goes through the bundle to the upstream, defaults applied', async () => {
  const { client, close } = await connectStdio(ws.path('out', 'catalog.mjs'), {
    NODE_EXTRA_CA_CERTS: upstream.ca.caFile,
  });
  try {
    const result = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin' } });
    assert.not.ok(result.isError, JSON.stringify(result));
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    assert.equal(JSON.parse(text), { price: 42.5, ids: 'bitcoin', days: 7 });
    assert.ok(upstream.requests.includes('/price?ids=bitcoin&days=7'), upstream.requests.join(' '));
    const bad = await client.callTool({ name: 'get_price_coinprices', arguments: { ids: 'bitcoin', days: 99 } });
    assert.ok(bad.isError, 'out-of-range input is a tool error');
  } finally {
    await close();
  }
});

test.run();
