/** Groups from `.toolkit/config.json` become bundles with only their tools; `--group` builds just one. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { connectStdio } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('groups');
test.after(() => ws.remove());

const listed = async (bundle: string) => {
  const { client, close } = await connectStdio(bundle);
  try {
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await close();
  }
};

test('each group bundle serves exactly its tools; the catalog serves all', async () => {
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema('https://api.coinprices.example'));
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 1));
  ws.write(
    '.toolkit/config.json',
    JSON.stringify({
      groups: { 'weather-desk': { description: 'Weather and one price', tools: ['weather', 'coinprices/getPrice'] } },
    }),
  );
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  assert.match(build.stdout, /catalog\.mjs .* weather-desk\.mjs /);
  assert.equal(await listed(ws.path('out', 'weather-desk.mjs')), [
    'get_price_coinprices',
    'tool0_weather',
    'tool1_weather',
  ]);
  assert.is((await listed(ws.path('out', 'catalog.mjs'))).length, 5);
  const types = readFileSync(ws.path('out', 'weather-desk.d.mts'), 'utf8');
  assert.ok(
    types.includes('readonly getPrice:') &&
      !types.includes('readonly listCoins:') &&
      !types.includes('readonly alpha:'),
  );
});

test('--group NAME builds that bundle only', async () => {
  const build = await buildWorkspace(ws.dir, ['--group', 'weather-desk'], 'only-group');
  assert.is(build.code, 0, build.stderr);
  assert.ok(existsSync(ws.path('only-group', 'weather-desk.mjs')));
  assert.not.ok(existsSync(ws.path('only-group', 'catalog.mjs')));
});

test('a group entry that matches nothing fails the build with a message naming it', async () => {
  ws.write(
    '.toolkit/config.json',
    JSON.stringify({ groups: { desk: { tools: ['weather', 'coinprices/getPriceX'] } } }),
  );
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 1);
  assert.match(build.stderr, /group "desk": "coinprices\/getPriceX" matches no built tool/);
});

test.run();
