/** `toolkit build --check` exits non-zero exactly when the output is stale relative to the schemas, and says why. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildWorkspace, runCli } from './support/run-cli.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('check');
test.after(() => ws.remove());

const check = () =>
  runCli(['build', '--check', '--schemas', ws.path('schemas'), '--out', ws.path('out'), '--project', ws.dir]);

test('no build yet: stale', async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 1));
  const result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /no build found/);
});

test('right after a build: up to date, exit 0, nothing written', async () => {
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  const manifest = readFileSync(ws.path('out', 'manifest.json'));
  const result = await check();
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /is up to date/);
  assert.ok(readFileSync(ws.path('out', 'manifest.json')).equals(manifest));
});

test('an edited, an added and a removed schema are each reported', async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 3));
  ws.write('schemas/providers/beta/second.mjs', simpleSchema('beta', 1));
  rmSync(ws.path('schemas/providers/alpha/first.mjs'));
  const result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /providers\/weather\/forecast\.mjs: changed since the last build/);
  assert.match(result.stderr, /providers\/beta\/second\.mjs: new, not built yet/);
  assert.match(result.stderr, /providers\/alpha\/first\.mjs: removed since the last build/);
  assert.match(result.stderr, /is stale \(3 differences\)/);
});

test('after rebuilding, a hand-edited bundle is reported', async () => {
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  assert.is((await check()).code, 0);
  const bundle = ws.path('out', 'catalog.mjs');
  writeFileSync(bundle, `${readFileSync(bundle, 'utf8')}\n// edited\n`);
  const result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /catalog\.mjs: changed after the build/);
});

test('a bundle whose data file was edited or removed is reported', async () => {
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  const data = ws.path('out', 'catalog.data.jsonl');
  writeFileSync(data, readFileSync(data, 'utf8').replace('"tools"', '"tooIs"'));
  let result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /catalog\.data\.jsonl: changed after the build/);
  rmSync(data);
  result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /catalog\.data\.jsonl: missing/);
});

test('a change to the groups of .toolkit/config.json makes the output stale', async () => {
  assert.is((await buildWorkspace(ws.dir)).code, 0);
  ws.write('.toolkit/config.json', JSON.stringify({ groups: { desk: { tools: ['weather'] } } }));
  const result = await check();
  assert.is(result.code, 1);
  assert.match(result.stderr, /config\.json: groups changed since the last build/);
});

test('--check compares the group asked for with the group built', async () => {
  const checkIn = (extra: string[] = []) =>
    runCli([
      'build',
      '--check',
      '--schemas',
      ws.path('schemas'),
      '--out',
      ws.path('grouped'),
      '--project',
      ws.dir,
      ...extra,
    ]);
  assert.is((await buildWorkspace(ws.dir, ['--group', 'desk'], 'grouped')).code, 0);
  const whole = await checkIn();
  assert.is(whole.code, 1, whole.stdout);
  assert.match(whole.stderr, /grouped: holds only group desk, not the catalog and every group/);
  const desk = await checkIn(['--group', 'desk']);
  assert.is(desk.code, 0, desk.stderr);
  assert.match(desk.stdout, /is up to date/);

  assert.is((await buildWorkspace(ws.dir, [], 'grouped')).code, 0);
  assert.is((await checkIn()).code, 0);
  const narrowed = await checkIn(['--group', 'desk']);
  assert.is(narrowed.code, 1, narrowed.stdout);
  assert.match(narrowed.stderr, /grouped: holds the catalog and every group, not group desk/);
});

test.run();
