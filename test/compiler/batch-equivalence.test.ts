/**
 * The batch path of `toolkit validate` and `toolkit build` (worker threads, the content-hash cache)
 * gives, byte for byte, what the one-file path gives: every schema loaded by `loadSchemaFile` on this
 * thread, one after another, with no cache. The corpus is every schema file under test/fixtures (the
 * rule, scan and red-team fixtures, each failing with its rule) and a generated wild-shaped corpus.
 * Diagnostics are compared as `toolkit validate --json` prints them, models as JSON (the build emits
 * from them).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatJson } from '../../compiler/diagnostics/format.ts';
import {
  loadSchemaFiles,
  type ResultSource,
  type SchemaFileEntry,
} from '../../compiler/load/batch/load-schema-files.ts';
import { findSchemaFiles } from '../../compiler/load/find-schema-files.ts';
import { loadSchemaFile, type LoadSchemaResult } from '../../compiler/load/load-schema.ts';
import { writeWildDefects } from '../../bench/corpus/wild-defects.ts';

const fixtures = resolve(import.meta.dirname, '..', 'fixtures');
const work = mkdtempSync(join(tmpdir(), 'batch-equivalence-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

const corpus = join(work, 'corpus');
writeWildDefects(corpus, 120);
// A schema that passes, edited below to fail without changing its size.
const own = join(work, 'own');
mkdirSync(own);
const edited = join(own, 'edited.mjs');
copyFileSync(join(fixtures, 'rules', 'PAR006.nested-40-deep.passes.mjs'), edited);

const entries: SchemaFileEntry[] = [
  ...findSchemaFiles(fixtures).map((file) => ({ file, root: fixtures })),
  ...findSchemaFiles(corpus).map((file) => ({ file, root: corpus })),
  { file: edited, root: own },
];
const options = { cwd: work, home: work };
// A schema file that is a link is checked on every load, never cached.
const links = entries.filter((entry) => lstatSync(entry.file).isSymbolicLink()).map((entry) => entry.file);
const cacheDir = join(work, 'project', '.toolkit', 'cache');

/** One file's result as the CLI would print it, with its model. */
const render = (entry: SchemaFileEntry, result: LoadSchemaResult): string =>
  `${entry.file}\n${formatJson({ schemas: 1, diagnostics: result.diagnostics })}` +
  `${JSON.stringify(result.model ?? null)}\n`;

/** The one-file path: each schema on this thread, in order, no cache. */
const loadOne = (entry: SchemaFileEntry): string =>
  render(entry, loadSchemaFile(entry.file, { ...options, treeRoot: entry.root }));
const expected = entries.map(loadOne);

async function batch(threads: number, workersOnly = false): Promise<{ rendered: string[]; from: ResultSource[] }> {
  const from: ResultSource[] = [];
  const many = {
    cacheDir,
    threads,
    filesPerThread: 1,
    workersOnly,
    onSettled: (index: number, source: ResultSource) => (from[index] = source),
  };
  const results = await loadSchemaFiles(entries, options, many);
  return { rendered: results.map((result, index) => render(entries[index]!, result)), from };
}

/** Byte for byte, naming the first file that differs. */
function same(actual: readonly string[], expected: readonly string[]): void {
  assert.is(actual.length, expected.length);
  const first = actual.findIndex((text, index) => text !== expected[index]);
  if (first >= 0) assert.fixture(actual[first]!, expected[first]!);
  assert.is(actual.join(''), expected.join(''));
}

const count = (from: readonly ResultSource[], source: ResultSource): number => from.filter((f) => f === source).length;

test('the corpus holds what it must for the comparison to mean something', () => {
  assert.ok(entries.length > 700, `${entries.length} files`);
  const withRule = (rule: string) => expected.filter((text) => text.includes(`"rule": "${rule}"`)).length;
  for (const rule of ['PAR006', 'SEC001', 'VAL001']) assert.ok(withRule(rule) > 0, `no file with ${rule}`);
  assert.ok(expected.filter((text) => !text.endsWith('null\n')).length > 50, 'few files that pass');
});

test('worker threads, the cache empty: the same results as one file at a time', async () => {
  const { rendered, from } = await batch(3, true);
  assert.is(count(from, 'worker'), entries.length);
  same(rendered, expected);
  rmSync(cacheDir, { recursive: true });
});

test('worker threads and this thread, the cache empty: the same results as one file at a time', async () => {
  const { rendered, from } = await batch(3);
  assert.is(count(from, 'cache'), 0);
  assert.ok(links.length > 0 && count(from, 'thread') > 0);
  same(rendered, expected);
});

test('every result from the cache: the same results as one file at a time', async () => {
  const { rendered, from } = await batch(3);
  assert.is(count(from, 'cache'), entries.length - links.length);
  same(rendered, expected);
});

test('a schema edited to the same size is loaded again, and only it', async () => {
  const before = readFileSync(edited, 'utf8');
  const after = before.replace('root: "https://api.example.com"', 'root: "https://api.example.co/"');
  assert.is.not(after, before);
  assert.is(after.length, before.length);
  const size = statSync(edited).size;
  writeFileSync(edited, after);
  assert.is(statSync(edited).size, size);
  const { rendered, from } = await batch(1);
  assert.equal(
    from.flatMap((source, index) => (source === 'cache' ? [] : [entries[index]!.file])),
    [...links, edited],
  );
  const now = [...expected.slice(0, -1), loadOne(entries.at(-1)!)];
  assert.ok(
    now.at(-1)!.includes('"severity": "error"') && !expected.at(-1)!.includes('"severity": "error"'),
    now.at(-1),
  );
  same(rendered, now);
});

test.run();
