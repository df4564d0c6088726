// The benchmark schema generator writes valid, varied, deterministic trees of realistic size.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generateSchemas } from '../../bench/support/generate-schemas.ts';
import { loadLists, loadSchemas } from './support/catalog.ts';
import { schemaProblems } from './support/schema-problems.ts';
import { forbiddenHits } from './support/forbidden-patterns.ts';

const test = suite('generate-schemas');
const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-generate-'));
  dirs.push(dir);
  return dir;
}
test.after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

test('writes exactly `count` schema files plus the catalog lists, and returns their paths', () => {
  const dir = freshDir();
  const paths = generateSchemas(dir, 10, { seed: 3 });
  assert.is(paths.length, 10);
  assert.is(new Set(paths).size, 10);
  for (const path of paths) assert.ok(path.startsWith(join(dir, 'providers')), path);
  assert.equal(readdirSync(join(dir, '_lists')).sort(), [
    'evm-chains.mjs',
    'iso-country-codes.mjs',
    'trading-timeframes.mjs',
  ]);
  assert.equal(generateSchemas(freshDir(), 0), []);
});

test('the same seed gives byte-identical trees; another seed gives a different tree', () => {
  const a = snapshot(
    (() => {
      const d = freshDir();
      generateSchemas(d, 25, { seed: 42 });
      return d;
    })(),
  );
  const b = snapshot(
    (() => {
      const d = freshDir();
      generateSchemas(d, 25, { seed: 42 });
      return d;
    })(),
  );
  const c = snapshot(
    (() => {
      const d = freshDir();
      generateSchemas(d, 25, { seed: 43 });
      return d;
    })(),
  );
  assert.equal(a, b);
  assert.not.equal(a, c);
});

test('500 schemas hold about 2,000 tools, 1 to 8 each, with unique namespaces', () => {
  const dir = freshDir();
  generateSchemas(dir, 500);
  const schemas = loadSchemas(dir);
  assert.is(schemas.length, 500);
  const counts = schemas.map((s) => Object.keys(s.main.tools).length);
  const total = counts.reduce((a, b) => a + b, 0);
  assert.ok(total >= 1800 && total <= 2300, `total tools ${total}`);
  assert.is(Math.min(...counts), 1);
  assert.is(Math.max(...counts), 8);
  assert.is(new Set(schemas.map((s) => s.main.namespace)).size, 500);
});

test('every generated schema passes the static spec checks, and the tree is varied', () => {
  const dir = freshDir();
  generateSchemas(dir, 150, { seed: 9 });
  const lists = new Map(
    loadLists(dir).map(({ list }) => [
      list.meta.name as string,
      (list.meta.fields as { key: string }[]).map((f) => f.key),
    ]),
  );
  const schemas = loadSchemas(dir);
  assert.equal(
    schemas.flatMap((schema) => schemaProblems(schema, lists)),
    [],
  );
  assert.equal(
    schemas.flatMap((schema) => forbiddenHits(schema.file, schema.text)),
    [],
  );
  const texts = schemas.map((s) => s.text).join('\n');
  for (const feature of [
    "location: 'insert'",
    "location: 'query'",
    "location: 'body'",
    "'PUT'",
    "'DELETE'",
    "'POST'",
    'array()',
    'object()',
    'boolean()',
    "'enum(",
    'optional()',
    'default(',
    'regex(',
    'length(',
    '{{SERVER_PARAM:',
    'Bearer {{',
    '$evmChains',
    'enum({{',
    'export const handlers',
    'preRequest',
    'postRequest',
    'output: { mimeType',
  ]) {
    assert.ok(texts.includes(feature), `no generated schema uses ${feature}`);
  }
});

test('the static checks do catch broken schemas (so the test above can fail)', () => {
  const [schema] = loadSchemas(freshDirWith(5));
  const broken = {
    ...schema!,
    main: {
      ...schema!.main,
      namespace: 'Bad-NS',
      tools: { x: { method: 'GET', path: '/a/{{id}}', description: 'd', parameters: [] } },
    },
  };
  const problems = schemaProblems(broken, new Map());
  assert.ok(
    problems.some((p) => p.includes('namespace')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => p.includes('path placeholders')),
    problems.join('\n'),
  );
});

function freshDirWith(count: number): string {
  const dir = freshDir();
  generateSchemas(dir, count, { seed: 5 });
  return dir;
}

test.run();
