/** The same bundle as a Streamable HTTP server (`--http 127.0.0.1:0`): a real SDK client lists and calls its tools. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectHttp } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { startPriceUpstream, type Upstream } from './support/upstream.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('http');
let upstream: Upstream;

test.before(async () => {
  upstream = await startPriceUpstream();
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema(upstream.root));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});

test.after(async () => {
  await upstream.close();
  ws.remove();
});

test('node catalog.mjs --http serves every tool over Streamable HTTP on loopback', async () => {
  const server = await connectHttp(ws.path('out', 'catalog.mjs'), { NODE_EXTRA_CA_CERTS: upstream.ca.caFile });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+/);
    const { tools } = await server.client.listTools();
    assert.equal(tools.map((t) => t.name).sort(), [
      'get_price_coinprices',
      'list_coins_coinprices',
      'tool0_weather',
      'tool1_weather',
    ]);
    const result = await server.client.callTool({ name: 'list_coins_coinprices', arguments: {} });
    assert.not.ok(result.isError, JSON.stringify(result));
    assert.equal(JSON.parse((result.content as { text: string }[])[0]!.text), ['bitcoin', 'ether']);
  } finally {
    await server.close();
  }
});

test.run();
