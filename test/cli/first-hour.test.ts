/**
 * A new user's first hour, with the real binary in a temporary HOME and project: the project is
 * found from its subdirectories; `init` in a project without `schemas/` says that `schemas/` now
 * replaces the shipped catalog and names the active tools it no longer serves (and `status` fails
 * them); `status` finds unset API keys without a build; `validate` of an empty tree or a text file is
 * a clear one-line finding; `search` finds SQLite resources and prompts with their kind and how to
 * use them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { forecastSchema } from './support/catalog.ts';
import { createSandbox, hasStack, repoRoot } from './support/sandbox.ts';

const DEV = { TOOLKIT_MODE: 'dev' };
const boxes: ReturnType<typeof createSandbox>[] = [];
const sandbox = (name: string) => {
  const box = createSandbox(name);
  boxes.push(box);
  return box;
};
test.after(() => {
  for (const box of boxes) box.remove();
});

test('from a subdirectory, commands find the project above (its catalog, its mode, its generated/)', async () => {
  const box = sandbox('subdir');
  box.write('.toolkit/config.json', '{ "mode": "dev" }\n');
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema('https://api.forecast.example'));
  mkdirSync(box.path('notes', 'deep'), { recursive: true });
  const deep = box.path('notes', 'deep');
  const validate = await box.toolkit(['validate'], { cwd: deep });
  assert.is(validate.code, 0, validate.stdout + validate.stderr);
  assert.match(validate.stdout, /^1 schema, 0 errors, 0 warnings$/m);
  const build = await box.toolkit(['build'], { cwd: box.path('schemas', 'providers', 'forecast') });
  assert.is(build.code, 0, build.stderr);
  assert.ok(existsSync(box.path('generated', 'catalog.mjs')), "the project's generated/");
  assert.not.ok(
    existsSync(box.path('schemas', 'providers', 'forecast', 'generated')),
    'not beside the working directory',
  );
  const search = await box.toolkit(['search', 'weather'], { cwd: deep });
  assert.match(search.stdout, /^current_weather_forecast {2}\(tool\)$/m);
});

test('without a project file, a working directory inside schemas/ belongs to the project above it', async () => {
  const box = sandbox('subdir-schemas');
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema('https://api.forecast.example'));
  const run = await box.toolkit(['validate'], { cwd: box.path('schemas', 'providers'), env: DEV });
  assert.is(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^1 schema, 0 errors, 0 warnings$/m);
});

test(
  'init in a project on the shipped catalog says schemas/ replaces it and names the active tools it hides; ' +
    'status fails them',
  async () => {
    const box = sandbox('init-switch');
    const add = await box.toolkit(['add', 'get_elevation_openmeteo']);
    assert.is(add.code, 0, add.stderr);
    const init = await box.toolkit(['init', 'tides', '--root', 'https://api.tides.example.org'], { env: DEV });
    assert.is(init.code, 0, init.stderr);
    assert.match(
      init.stdout,
      new RegExp(
        "^This project's catalog is now schemas \\(only tides so far\\) instead of the catalog shipped with toolkit: " +
          'search, add, server and build read schemas\\/ from now on\\.',
        'm',
      ),
    );
    assert.match(
      init.stdout,
      new RegExp(
        '^Active tools no longer in the catalog, so no longer served: get_elevation_openmeteo\\. Copy their ' +
          'providers into schemas\\/providers\\/ \\(openmeteo\\), or `toolkit remove` them',
        'm',
      ),
    );
    const status = await box.toolkit(['status']);
    assert.is(status.code, 1, status.stdout);
    assert.match(
      status.stdout,
      new RegExp(
        'FAIL {2}get_elevation_openmeteo is active but no longer in the catalog\\n {6}fix: toolkit remove ' +
          'get_elevation_openmeteo',
      ),
    );
    const second = await box.toolkit(['init', 'harbours'], { env: DEV });
    assert.not.match(second.stdout, /catalog is now/, 'said once, when the catalog changes');
  },
);

test('status finds an unset API key of an active tool without any build', async () => {
  const box = sandbox('status-keys');
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema('https://api.forecast.example'));
  const add = await box.toolkit(['add', 'current_weather_forecast']);
  assert.is(add.code, 0, add.stderr);
  assert.not.ok(existsSync(box.path('generated')), 'no build');
  const status = await box.toolkit(['status'], { env: { FORECAST_KEY: undefined } });
  assert.is(status.code, 1, status.stdout);
  assert.match(
    status.stdout,
    /FAIL {2}current_weather_forecast: server param FORECAST_KEY not set \(its calls will fail\)/,
  );
  const set = await box.toolkit(['status'], { env: { FORECAST_KEY: 'k' } });
  assert.not.match(set.stdout, /FORECAST_KEY not set/);
});

test('validate of an empty tree or a file that is not a .mjs schema is one clear line', async () => {
  const box = sandbox('validate-nothing');
  mkdirSync(box.path('empty'));
  box.write('notes.txt', 'export const main = {}\n');
  const empty = await box.toolkit(['validate', 'empty'], { env: DEV });
  assert.is(empty.code, 1);
  assert.match(empty.stderr, /^toolkit validate: empty: no schema files in this directory/);
  const text = await box.toolkit(['validate', 'notes.txt'], { env: DEV });
  assert.is(text.code, 2);
  assert.match(
    text.stderr,
    /^toolkit validate: notes\.txt: not a schema file; a schema is an ES module with a \.mjs name/,
  );
  for (const run of [empty, text]) {
    assert.is(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.not.ok(hasStack(run.stderr));
  }
});

test('search finds the SQLite resources, prompts and skills, with their kind and how to use each', async () => {
  const box = sandbox('search-primitives');
  for (const provider of ['elements', 'worldcities'])
    cpSync(join(repoRoot, 'schemas', 'providers', provider), box.path('schemas', 'providers', provider), {
      recursive: true,
    });
  cpSync(join(repoRoot, 'schemas', '_lists'), box.path('schemas', '_lists'), { recursive: true });
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
  for (const args of [
    ['search', 'sqlite'],
    ['search', 'sqlite', '--project', box.project],
  ]) {
    const run = await box.toolkit(args);
    assert.is(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      new RegExp(
        '^toolkit:\\/\\/elements\\/elements {2}\\(resource\\)\\n {2}.+\\n {2}read toolkit:\\/\\/elements\\/elements ' +
          'over MCP from `toolkit server` \\(served while no tool is active\\)$',
        'm',
      ),
    );
    assert.match(run.stdout, /^toolkit:\/\/worldcities\/cities {2}\(resource\)$/m);
  }
  const json = JSON.parse((await box.toolkit(['search', 'periodic', 'table', '--json'])).stdout) as {
    results: { kind: string; name: string; use: string; add?: string }[];
  };
  const kinds = new Set(json.results.map((r) => r.kind));
  for (const kind of ['resource', 'prompt', 'tool'])
    assert.ok(kinds.has(kind), `a ${kind} among ${[...kinds].join(', ')}`);
  for (const r of json.results)
    assert.is(
      r.kind === 'tool' ? r.add : r.use.startsWith('read ') || r.use.startsWith('get the prompt '),
      r.kind === 'tool' ? `toolkit add ${r.name}` : true,
    );
  const withoutBuild = sandbox('search-primitives-nobuild');
  cpSync(box.path('schemas'), withoutBuild.path('schemas'), { recursive: true });
  const fresh = await withoutBuild.toolkit(['search', 'sqlite']);
  assert.is(fresh.stdout, (await box.toolkit(['search', 'sqlite'])).stdout, 'the same answer read from the schemas');
});

test.run();
