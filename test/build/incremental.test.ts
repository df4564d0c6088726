/**
 * An incremental build re-analyses only what changed: after editing one schema, one is rebuilt and
 * the rest come from the cache, and the result is byte-identical to a clean build of the same schemas.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync } from 'node:fs';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { frontEndLoader, type SchemaLoader } from '../../compiler/build/schema-loader.ts';
import { simpleSchema } from './support/schema-files.ts';
import { readTree } from './support/tree.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('incremental');
test.after(() => ws.remove());

/** The real front end, recording which files it was asked to analyse. */
async function recordingLoader(): Promise<SchemaLoader & { files: string[] }> {
  const real = await frontEndLoader();
  const files: string[] = [];
  return Object.assign(
    (path: string, options: Parameters<SchemaLoader>[1]) => {
      files.push(path.slice(path.indexOf('providers/')));
      return real(path, options);
    },
    { files },
  );
}

const namespaces = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

test('a rebuild after one edit analyses only that schema', async () => {
  for (const ns of namespaces) ws.write(`schemas/providers/${ns}/api.mjs`, simpleSchema(ns, 2));
  const first = await recordingLoader();
  const cold = await buildCatalog({
    schemasDir: ws.path('schemas'),
    outDir: ws.path('out'),
    projectDir: ws.dir,
    loader: first,
  });
  assert.equal([cold.rebuilt, cold.cached], [5, 0]);
  assert.is(first.files.length, 5);

  ws.write('schemas/providers/gamma/api.mjs', simpleSchema('gamma', 3));
  const second = await recordingLoader();
  const warm = await buildCatalog({
    schemasDir: ws.path('schemas'),
    outDir: ws.path('out'),
    projectDir: ws.dir,
    loader: second,
  });
  assert.equal(second.files, ['providers/gamma/api.mjs']);
  assert.equal([warm.rebuilt, warm.cached, warm.schemas, warm.tools], [1, 4, 5, 11]);

  const third = await recordingLoader();
  const unchanged = await buildCatalog({
    schemasDir: ws.path('schemas'),
    outDir: ws.path('out'),
    projectDir: ws.dir,
    loader: third,
  });
  assert.equal(third.files, []);
  assert.equal([unchanged.rebuilt, unchanged.cached], [0, 5]);
});

test('the incremental output equals a clean build of the same schemas', async () => {
  const clean = createWorkspace('incremental-clean');
  try {
    cpSync(ws.path('schemas'), clean.path('schemas'), { recursive: true });
    await buildCatalog({
      schemasDir: clean.path('schemas'),
      outDir: clean.path('out'),
      projectDir: clean.dir,
      loader: await frontEndLoader(),
    });
    const incremental = readTree(ws.path('out'));
    const fresh = readTree(clean.path('out'));
    assert.equal([...incremental.keys()], [...fresh.keys()]);
    for (const [name, bytes] of fresh) assert.ok(bytes.equals(incremental.get(name)!), `${name} differs`);
  } finally {
    clean.remove();
  }
});

test('an edited cache entry is not trusted: the schema is analysed again', async () => {
  const { writeFileSync, readFileSync } = await import('node:fs');
  const cacheFile = ws.path('out', '.cache', 'analysis.jsonl');
  const lines = readFileSync(cacheFile, 'utf8').split('\n');
  assert.is(lines.filter(Boolean).length, 5, 'one line per schema');
  lines[2] = lines[2]!.replaceAll('Item 0', 'Item X');
  writeFileSync(cacheFile, lines.join('\n'));
  const loader = await recordingLoader();
  const report = await buildCatalog({
    schemasDir: ws.path('schemas'),
    outDir: ws.path('out'),
    projectDir: ws.dir,
    loader,
  });
  assert.equal([report.rebuilt, report.cached], [1, 4]);
  assert.is(loader.files.length, 1);
});

test.run();
