/**
 * The content-hash cache of `toolkit validate` and `toolkit build` is used only while it can be
 * trusted: a line whose entry was altered (a finding dropped) is not used, nor a cache file that others
 * may write, nor a cache made by another version of the front end; the schema is then loaded again
 * and its findings are those of a load without any cache.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSchemaFiles, type ResultSource } from '../../compiler/load/batch/load-schema-files.ts';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';

const fixtures = resolve(import.meta.dirname, '..', 'fixtures');
const work = mkdtempSync(join(tmpdir(), 'validation-cache-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

// A schema with an error, so an altered entry can drop it.
const schemas = join(work, 'schemas');
mkdirSync(schemas);
const file = join(schemas, 'one.mjs');
copyFileSync(join(fixtures, 'rules', 'PAR006.nested-40-deep.passes.mjs'), file);
writeFileSync(file, readFileSync(file, 'utf8').replace('root: "https://api.example.com"', 'root: "http://x"'));
const options = { cwd: work, home: work };
const cacheDir = join(work, 'project', '.toolkit', 'cache');
const cacheFile = join(cacheDir, 'validation.jsonl');
const uncached = loadSchemaFile(file, { ...options, treeRoot: schemas }).diagnostics;

async function load(): Promise<{ from: ResultSource; diagnostics: unknown }> {
  let from: ResultSource = 'thread';
  const [result] = await loadSchemaFiles([{ file, root: schemas }], options, {
    cacheDir,
    onSettled: (_index, source) => (from = source),
  });
  return { from, diagnostics: result!.diagnostics };
}

test('the schema has a finding, and a second load takes it from the cache', async () => {
  assert.ok(
    uncached.some((d) => d.severity === 'error'),
    JSON.stringify(uncached),
  );
  assert.equal(await load(), { from: 'thread', diagnostics: uncached });
  assert.equal(await load(), { from: 'cache', diagnostics: uncached });
});

test('a line whose entry was altered is not used', async () => {
  const line = readFileSync(cacheFile, 'utf8');
  const altered = line.replace(/"diagnostics":\[.*?\],"model"|"diagnostics":\[.*\]\}/, '"diagnostics":[]}');
  assert.is.not(altered, line);
  writeFileSync(cacheFile, altered);
  assert.equal(await load(), { from: 'thread', diagnostics: uncached });
  assert.equal(await load(), { from: 'cache', diagnostics: uncached });
});

test('a cache file others may write is not read', async () => {
  chmodSync(cacheFile, 0o666);
  assert.equal(await load(), { from: 'thread', diagnostics: uncached });
  chmodSync(cacheFile, 0o600);
});

test('a line made by another version of the front end is not used', async () => {
  // The key covers the front end's version: the same line under another key is an entry of another version.
  const line = readFileSync(cacheFile, 'utf8');
  writeFileSync(cacheFile, `${'0'.repeat(64)}${line.slice(64)}`);
  assert.equal(await load(), { from: 'thread', diagnostics: uncached });
});

test.run();
