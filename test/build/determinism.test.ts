/**
 * Same schemas, same bytes: building twice into two directories, and building a copy of the
 * schemas kept somewhere else (as on another machine), gives byte-identical files and hashes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { buildWorkspace } from './support/run-cli.ts';
import { priceSchema, simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('determinism');
const elsewhere = createWorkspace('determinism-copy');
test.after(() => {
  ws.remove();
  elsewhere.remove();
});

test('two builds into two directories are byte-identical, file for file', async () => {
  ws.write('schemas/providers/coinprices/prices.mjs', priceSchema('https://api.coinprices.example'));
  ws.write(
    'schemas/providers/weather/forecast.mjs',
    simpleSchema('weather', 3, 'Forecasts with "quotes", a */ and ${template} text.'),
  );
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 2));
  ws.write(
    '.toolkit/config.json',
    JSON.stringify({ groups: { mixed: { tools: ['weather', 'coinprices/getPrice'] } } }),
  );
  const a = await buildWorkspace(ws.dir, [], 'out-a');
  const b = await buildWorkspace(ws.dir, [], 'out-somewhere-else');
  assert.is(a.code, 0, a.stderr);
  assert.is(b.code, 0, b.stderr);
  const first = readTree(ws.path('out-a'));
  const second = readTree(ws.path('out-somewhere-else'));
  assert.equal([...first.keys()], [...second.keys()]);
  assert.ok(
    first.has('catalog.mjs') && first.has('mixed.mjs') && first.has('catalog.d.mts') && first.has('manifest.json'),
  );
  for (const [name, bytes] of first) assert.ok(bytes.equals(second.get(name)!), `${name} differs`);
  assert.is(a.stdout, b.stdout, 'same summary');
});

test('a copy of the schemas in another place builds to the same bytes', async () => {
  cpSync(ws.path('schemas'), elsewhere.path('schemas'), { recursive: true });
  cpSync(ws.path('.toolkit'), elsewhere.path('.toolkit'), { recursive: true });
  const c = await buildWorkspace(elsewhere.dir);
  assert.is(c.code, 0, c.stderr);
  const first = readTree(ws.path('out-a'));
  const third = readTree(elsewhere.path('out'));
  assert.equal([...first.keys()], [...third.keys()]);
  for (const [name, bytes] of first) assert.ok(bytes.equals(third.get(name)!), `${name} differs`);
});

test.run();
