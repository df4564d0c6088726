/**
 * The runtime module a built bundle's entry hands its build facts to (`runtime/bundle/`): the data
 * file looked at on start, each line read, checked against its own hash and parsed only on first
 * need (a line no request touched is never read), a changed line named,
 * the typed functions of `createTools()`, and a start that refuses in one line.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bundleData,
  verifiedPrimitives,
  type BundlePartFacts,
  type DataRange,
  type DataSection,
} from '../../runtime/bundle/bundle-data.ts';
import { bundleTools } from '../../runtime/bundle/bundle-tools.ts';
import { startBundle } from '../../runtime/bundle/bundle-main.ts';
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { sha256 } from '../../runtime/hash.ts';
import { IntegrityError, integrityOf } from '../../runtime/integrity.ts';
import { noGuestLibraries } from '../../runtime/isolation/guest-libraries.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { param, schema, str, tool } from './support/models.ts';

const dir = mkdtempSync(join(tmpdir(), 'bundle-data-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const weather = schema('weather', [
  tool('getForecast', 'GET', ['https://api.example.org/forecast'], [param('city', 'query', str)]),
  tool('getAlerts', 'GET', ['https://api.example.org/alerts']),
]);
const books = schema('books', [tool('getBook', 'GET', ['https://api.example.org/books'])]);
const listing = [{ name: 'getForecast_weather', inputSchema: { type: 'object' } }];

const section = (lines: readonly string[], ranges: readonly DataRange[], index: number): DataSection => ({
  range: ranges[index]!,
  hash: sha256(lines[index]!),
});

/** Writes a data file as the build lays it out and returns the facts its entry would hold. */
function written(
  name: string,
  models: readonly SchemaModel[],
  tools: readonly (readonly string[] | null)[],
): { facts: Parameters<typeof bundleData>[0]; text: string } {
  const lines = [
    JSON.stringify(listing),
    JSON.stringify({ api: 'declare const x: 1;' }),
    ...models.map((model) => canonicalJson(model)),
  ];
  const text = `${lines.join('\n')}\n`;
  const ranges: DataRange[] = [];
  let at = 0;
  for (const line of lines) {
    const bytes = Buffer.byteLength(line);
    ranges.push([at, at + bytes]);
    at += bytes + 1;
  }
  const parts: BundlePartFacts[] = models.map((model, index) => ({
    integrity: integrityOf(
      model,
      `generated/${model.namespace}.mjs`,
      `providers/${model.namespace}/api.mjs`,
      lines[index + 2],
    ),
    data: ranges[index + 2]!,
    toolCount: tools[index] === null ? model.tools.length : tools[index]!.length,
    namespace: model.namespace,
    tools: tools[index]!,
  }));
  writeFileSync(join(dir, name), text);
  return {
    facts: {
      dir,
      file: name,
      hash: sha256(text),
      bytes: Buffer.byteLength(text),
      parts,
      listing: section(lines, ranges, 0),
      codeApi: section(lines, ranges, 1),
      hasPrimitives: false,
    },
    text,
  };
}

test('schemas are parsed one at a time on first need, a part narrowed to its tools', () => {
  const { facts } = written('lazy.data.jsonl', [weather, books], [['getForecast'], null]);
  const data = bundleData(facts);
  data.checkAtStart();
  assert.is(data.schemas.length, 2);
  assert.is(data.schemas.toolCount(0), 1);
  const first = data.schemas.at(0);
  assert.equal(
    first.tools.map((t) => t.name),
    ['getForecast'],
  );
  assert.is(data.schemas.at(0), first, 'parsed once and kept');
  assert.equal(
    data.schemas.at(1).tools.map((t) => t.name),
    ['getBook'],
  );
  assert.equal(data.listing(), listing);
  assert.equal(data.codeApi(), { api: 'declare const x: 1;' });
});

test('start only looks at the file: a line edited at the same size is refused when first read', () => {
  const { facts, text } = written('same-size.data.jsonl', [weather, books], [null, null]);
  // One character of the books line changed, the size kept.
  writeFileSync(join(dir, facts.file), text.replace('books test schema', 'b00ks test schema'));
  const data = bundleData(facts);
  data.checkAtStart();
  const failures: unknown[] = [];
  data.onFailure = (error) => {
    failures.push(error);
    throw error;
  };
  // The lines no one edited are read and served: each is checked on its own.
  assert.is(data.schemas.at(0).namespace, 'weather');
  assert.equal(data.listing(), listing);
  assert.is(failures.length, 0);
  try {
    data.schemas.at(1);
    assert.unreachable('the changed line is refused');
  } catch (error) {
    assert.instance(error, IntegrityError);
    assert.match(
      (error as Error).message,
      /^generated\/books\.mjs \(generated from providers\/books\/api\.mjs\): the schema data no longer matches/,
    );
  }
  assert.is(failures.length, 1, 'a running server is told');
});

test('a listing or typed API edited at the same size is refused when first read, naming it', () => {
  const { facts, text } = written('same-size-listing.data.jsonl', [weather], [null]);
  writeFileSync(
    join(dir, facts.file),
    text.replace('getForecast_weather', 'getForecast_weathex').replace('declare const x: 1', 'declare const y: 1'),
  );
  const data = bundleData(facts);
  data.checkAtStart();
  assert.is(data.schemas.at(0).namespace, 'weather', 'the untouched schema line still serves');
  assert.throws(() => data.listing(), /^the tool listing no longer matches the hash recorded at build time; same-size/);
  assert.throws(() => data.codeApi(), /^code mode's typed API no longer matches the hash recorded at build time/);
});

test("the skills' files are a line of their own, checked when first read", () => {
  const { facts, text } = written('skills.data.jsonl', [weather], [null]);
  const files = JSON.stringify({ 'weather/plan/SKILL.md': { text: '---\nname: plan\n---\n' } });
  const at = Buffer.byteLength(text);
  writeFileSync(join(dir, facts.file), `${text}${files}\n`);
  const skills = { range: [at, at + Buffer.byteLength(files)] as const, hash: sha256(files) };
  const grown = { ...facts, bytes: facts.bytes + Buffer.byteLength(files) + 1, skills };
  assert.equal(bundleData(grown).skillFiles(), JSON.parse(files));
  assert.is(bundleData(facts).skillFiles(), undefined, 'none without skills');
  writeFileSync(join(dir, facts.file), `${text}${files.replace('plan', 'plot')}\n`);
  assert.throws(() => bundleData(grown).skillFiles(), /^the skills section no longer matches the hash recorded/);
});

test('a file of another size is read and checked at start; a changed listing is named as such', () => {
  const { facts, text } = written('resized.data.jsonl', [weather], [null]);
  writeFileSync(join(dir, facts.file), text.replace('getForecast_weather', 'getForecast_weather_x'));
  assert.throws(
    () => bundleData(facts).checkAtStart(),
    /^the tool listing no longer matches the hash recorded at build time; resized\.data\.jsonl was changed/,
  );
});

test('a missing data file is named with what to do', () => {
  const { facts } = written('gone.data.jsonl', [weather], [null]);
  rmSync(join(dir, facts.file));
  assert.throws(
    () => bundleData(facts).checkAtStart(),
    new RegExp(
      "^gone\\.data\\.jsonl cannot be read beside the bundle \\(ENOENT\\): it holds the bundle's schemas and " +
        'listing; copy it',
    ),
  );
});

test('the schemas that leave the bundle are deep-frozen, the same array each time', () => {
  const { facts } = written('frozen.data.jsonl', [weather], [null]);
  const data = bundleData(facts);
  const schemas = data.frozenSchemas();
  assert.is(data.frozenSchemas(), schemas);
  assert.ok(Object.isFrozen(schemas) && Object.isFrozen(schemas[0]!.tools[0]!.parameters[0]));
});

test('the primitives listing is checked against its hash', () => {
  const json = JSON.stringify({ resources: [], templates: [], prompts: [], queryTools: [] });
  assert.equal(verifiedPrimitives(json, sha256(json)).resources, []);
  assert.throws(
    () => verifiedPrimitives(json.replace('[]', '[1]'), sha256(json)),
    /^the resource and prompt listing no longer matches the hash recorded at build time/,
  );
});

test('createTools: typed functions by namespace, renamed where the build said, each calling the runtime', async () => {
  const bound: string[] = [];
  const parts = [weather, books].map((model) => ({
    bindTools: (call: never) =>
      Object.fromEntries(
        model.tools.map((t) => [
          t.name,
          (args: Record<string, unknown>) => (
            bound.push(t.name), (call as (n: string, a: unknown) => Promise<unknown>)(t.name, args)
          ),
        ]),
      ),
    ...(model === books ? { typedNames: { getBook: 'getBook_shelf' } } : {}),
  }));
  const tools = bundleTools([weather, books], parts, {
    guestLibraries: noGuestLibraries,
    grants: new Map(),
    serverParams: {},
  });
  try {
    assert.equal(Object.keys(tools.weather!).sort(), ['getAlerts', 'getForecast']);
    assert.equal(Object.keys(tools.books!), ['getBook_shelf']);
    // A required parameter left out: the runtime answers with the validation error, nothing is sent.
    const result = await (
      tools.weather!.getForecast as (a: unknown) => Promise<{ isError?: boolean; content: { text: string }[] }>
    )({});
    assert.ok(result.isError);
    assert.match(result.content[0]!.text, /city/);
    assert.equal(bound, ['getForecast']);
  } finally {
    await tools.close();
  }
});

test('a bundle that cannot start says why in one line and exits 1', () => {
  const { facts } = written('start.data.jsonl', [weather], [null]);
  rmSync(join(dir, facts.file));
  const lines: string[] = [];
  const before = process.exitCode;
  startBundle({
    file: '/somewhere/catalog.mjs',
    data: bundleData(facts),
    listingFacts: { secretKeys: [], bytes: 10 },
    primitives: { json: '{}', hash: sha256('{}') },
    guestLibraries: noGuestLibraries,
    discovery: { card: {}, aiCatalog: {} } as never,
    info: { name: 'toolkit-catalog', version: '0.1.0' },
    argv: [],
    stderr: { write: (text: string) => lines.push(text) },
  });
  const code = process.exitCode;
  process.exitCode = before;
  assert.is(code, 1);
  assert.equal(lines, [
    '/somewhere/catalog.mjs: refusing to start: start.data.jsonl cannot be read beside the bundle (ENOENT): ' +
      "it holds the bundle's schemas and listing; copy it with the bundle, or rebuild with `toolkit build`.\n",
  ]);
});

test.run();
