/**
 * Forms the specification allows that real community format-3 files use, each once a false
 * rejection (issue 13), as fixtures in test/fixtures/wild/: each validates with no error, builds the
 * model its form means, and works where it runs: the hooks of handler maps that name constants run
 * in the real sandbox, `File`/`Blob` work there, and a resource whose queries use the array form of
 * parameters answers over MCP (a real SDK client against `toolkit server`), as does the listing of
 * an `array()` parameter with `default([...])`.
 */
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { guestLibrariesOnFirstUse } from '../../compiler/build/guest-libraries/on-first-use.ts';
import { startBudget } from '../../runtime/call-budget.ts';
import { createHandlerSandbox } from '../../runtime/handler-sandbox.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { connect, repoRoot, type Connected } from '../resources/support/servers.ts';
import { createWorkspace } from '../resources/support/workspace.ts';

const WILD = resolve(repoRoot, 'test', 'fixtures', 'wild');
const files = readdirSync(WILD)
  .filter((name) => name.endsWith('.mjs'))
  .sort();
const ws = createWorkspace('wild-forms');
cpSync(WILD, join(ws.schemasDir, 'wild'), { recursive: true });
const airports = ws.database('schemas/wild/data/airports.db', readFileSync(join(WILD, 'data', 'airports.sql'), 'utf8'));

const pool = new WorkerPool();
const libraries = guestLibrariesOnFirstUse({
  resolveDirs: [repoRoot],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});
let server: Connected | undefined;
test.after(async () => {
  await server?.close();
  await pool.close();
  ws.remove();
});

const models = new Map<string, SchemaModel>();
const modelOf = (name: string): SchemaModel => models.get(name)!;

test('every wild fixture validates with no error', () => {
  assert.ok(files.length >= 6, files.join(', '));
  for (const name of files) {
    const loaded = loadSchemaFile(join(ws.schemasDir, 'wild', name));
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(
      errors.map((d) => `${d.rule} ${d.message}`),
      [],
      name,
    );
    assert.ok(loaded.model, name);
    models.set(name, loaded.model!);
  }
});

test('a skill with the prior-art identifier and no testedWith is served as a skill', () => {
  const skills = modelOf('flowmcp-skill.mjs').skills;
  assert.equal(
    skills.map((s) => s.name),
    ['allergy-advice'],
  );
});

test('default([...]) on array() is a list default in the model', () => {
  const parameters = modelOf('array-default.mjs').tools[0]!.parameters;
  assert.equal(
    parameters.map((p) => [p.key, p.options.default ?? null]),
    [
      ['ids', ['bitcoin', 'ethereum']],
      ['fiat', 'usd'],
      ['extra', []],
    ],
  );
});

test('array-form query parameters and { mimeType, schema } output are read as the spec form', () => {
  const resource = modelOf('resource-array-parameters.mjs').resources[0]!;
  const byCountry = resource.queries.find((q) => q.name === 'byCountry')!;
  assert.equal(byCountry.parameters, [
    { name: 'country', type: 'string', required: true },
    { name: 'limit', type: 'number', required: false, default: 10 },
  ]);
  assert.equal(byCountry.columns, ['iata', 'name', 'elevation']);
  assert.is(resource.queries.find((q) => q.name === 'byCode')!.columns, undefined);
});

async function call(model: SchemaModel, tool: string, hook: 'preRequest' | 'postRequest', input: object): Promise<any> {
  const sandbox = createHandlerSandbox(model, { pool, libraries }, Math.floor(Math.random() * 1e9));
  const budget = startBudget(20_000);
  try {
    return await sandbox.call(tool, hook, input, budget);
  } finally {
    budget.dispose();
  }
}

test('hooks kept in local constants run in the sandbox', async () => {
  const model = modelOf('handler-const-object.mjs');
  assert.equal(
    model.tools.map((t) => [t.name, t.hooks]),
    [
      ['getDepartures', ['postRequest']],
      ['searchStations', ['postRequest']],
    ],
  );
  const departures = await call(model, 'getDepartures', 'postRequest', {
    response: { departures: [{ line: 'S1', destination: 'Harbour', planned: '10:02' }] },
    struct: {},
    payload: {},
  });
  assert.equal(departures.response, [{ line: 'S1', to: 'Harbour', at: '10:02' }]);
  const stations = await call(model, 'searchStations', 'postRequest', {
    response: { items: [{ name: 'Central' }, { name: 'Centre Park' }] },
    struct: {},
    payload: {},
  });
  assert.equal(stations.response, ['Central', 'Centre Park']);
});

test('hooks kept in module constants (with a helper and a spread) run in the sandbox', async () => {
  const model = modelOf('handler-module-constants.mjs');
  assert.equal(
    model.tools.map((t) => [t.name, t.hooks]),
    [
      ['searchFilms', ['postRequest']],
      ['popularFilms', ['postRequest']],
      ['getFilm', ['preRequest', 'postRequest']],
    ],
  );
  const results = { results: [{ id: 'f1', title: 'Star Night', year: 1999, rating: 7 }] };
  assert.equal(
    (await call(model, 'popularFilms', 'postRequest', { response: results, struct: {}, payload: {} })).response,
    [{ id: 'f1', title: 'Star Night', year: 1999 }],
  );
  const pre = await call(model, 'getFilm', 'preRequest', {
    struct: { url: 'https://api.filmbase.example/films/f1', method: 'GET', headers: { Accept: 'application/json' } },
    payload: { id: 'f1' },
  });
  assert.equal(pre.struct.headers, { Accept: 'application/json', 'Accept-Language': 'en' });
});

test('File and Blob work in a hook', async () => {
  const model = modelOf('file-global.mjs');
  const out = await call(model, 'createPaste', 'preRequest', {
    struct: { url: 'https://api.pastebox.example/v1/pastes', method: 'POST', headers: {} },
    payload: { name: 'greek.txt', text: 'αβγ' },
  });
  assert.equal(out.struct.body, { name: 'greek.txt', type: 'text/plain', size: 6, content: 'αβγ' });
});

test('over MCP: the array-form resource answers its queries; the array default is in the tool listing', async () => {
  server = await connect({ kind: 'server', schemasDir: join(ws.schemasDir, 'wild'), projectDir: ws.dir }, 'stdio', {
    HOME: ws.home,
  });
  const { client } = server;
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.ok(
    resourceTemplates.some((t) => t.uriTemplate === 'toolkit://airports/airportData/byCountry{?country,limit}'),
    JSON.stringify(resourceTemplates.map((t) => t.uriTemplate)),
  );
  const read = async (uri: string) =>
    JSON.parse(String(((await client.readResource({ uri })).contents[0] as { text?: string }).text)) as unknown;
  const db = new Database(airports, { readonly: true });
  try {
    assert.equal(
      await read('toolkit://airports/airportData/byCountry?country=DE'),
      db.prepare('SELECT iata, name, elevation FROM airports WHERE country = ? ORDER BY iata LIMIT ?').all('DE', 10),
    );
    assert.equal(await read('toolkit://airports/airportData/byCountry?country=JP&limit=2'), [
      { iata: 'HND', name: 'Tokyo Haneda', elevation: 35 },
      { iata: 'KIX', name: 'Kansai International', elevation: 26 },
    ]);
    assert.equal(await read('toolkit://airports/airportData/byCode?iata=FRA'), [
      { iata: 'FRA', name: 'Frankfurt am Main', country: 'DE', elevation: 364 },
    ]);
  } finally {
    db.close();
  }
  const { tools } = await client.listTools();
  const spot = tools.find((t) => t.name === 'get_spot_prices_coinboard');
  assert.ok(spot, tools.map((t) => t.name).join(', '));
  const properties = (spot!.inputSchema as { properties: Record<string, { default?: unknown }> }).properties;
  assert.equal(properties.ids!.default, ['bitcoin', 'ethereum']);
  assert.equal(properties.extra!.default, []);
});

test.run();
