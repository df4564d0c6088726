/**
 * A build never deletes what it did not write. Through the real `toolkit` binary: `--out` naming
 * the project, its schemas, a directory that contains the project, a file, a directory with files
 * of its own, a previous build with a file dropped into it, or a place that cannot be written, is
 * one line and exit 2, and every byte of the project stays where it was. A previous build (and an
 * empty directory) is replaced whole, leaving no temp directory behind.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, hasStack, repoRoot } from '../cli/support/sandbox.ts';
import { readTree } from './support/tree.ts';

const sandbox = createSandbox('out-ownership');
test.after(() => sandbox.remove());

cpSync(join(repoRoot, 'schemas', 'providers', 'artic'), sandbox.path('schemas', 'providers', 'artic'), {
  recursive: true,
});
sandbox.write('NOTES.md', '# my notes\n');
sandbox.write('.toolkit/config.json', '{ "tools": [] }\n');
sandbox.write('a-file', 'not a directory\n');
sandbox.write('mine/keep.txt', 'files of my own\n');

/** The whole project, byte for byte. */
const snapshot = () => readTree(sandbox.project);

function assertUntouched(before: Map<string, Buffer>, label: string): void {
  const after = snapshot();
  assert.equal([...after.keys()], [...before.keys()], `${label}: the same files`);
  for (const [path, bytes] of before) assert.ok(bytes.equals(after.get(path)!), `${label}: ${path} unchanged`);
}

const refusals: [string, RegExp][] = [
  [
    '.',
    new RegExp(
      '^toolkit build: --out \\. is the project directory, and a build replaces its output directory whole; choose a ' +
        'directory of its own, e\\.g\\. --out generated; nothing was touched\\n$',
    ),
  ],
  ['schemas', /^toolkit build: --out schemas is the schemas directory/],
  ['schemas/providers', /^toolkit build: --out schemas\/providers lies inside the schemas directory/],
  ['..', /^toolkit build: --out \.\. is a directory that contains the project/],
  ['a-file', /^toolkit build: --out a-file is a file, not a directory/],
  ['mine', /^toolkit build: --out mine holds 1 entry and no previous build \(no manifest\.json of one\)/],
  ['a-file/x', /^toolkit build: --out a-file\/x has a file where its path needs a directory/],
  [
    '/proc/toolkit-out',
    /^toolkit build: --out \/proc\/toolkit-out cannot be written \(.*\); choose a directory you can write\n$/,
  ],
  // Node's own recursive mkdir never returns here: the build makes each level itself.
  ['/proc/toolkit/out', /^toolkit build: --out \/proc\/toolkit\/out cannot be written \(/],
];

for (const [out, message] of refusals) {
  test(`--out ${out} is refused in one line (exit 2) and nothing of the project changes`, async () => {
    const before = snapshot();
    const run = await sandbox.toolkit(['build', '--out', out]);
    assert.is(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, message);
    assert.not.ok(hasStack(run.stderr), run.stderr);
    assert.is(run.stderr.trim().split('\n').length, 1, 'one line');
    assertUntouched(before, `--out ${out}`);
  });
}

test('a previous build is replaced whole, atomically, leaving no temp directory', async () => {
  const first = await sandbox.toolkit(['build']);
  assert.is(first.code, 0, first.stderr);
  const second = await sandbox.toolkit(['build', '--force']);
  assert.is(second.code, 0, second.stderr);
  assert.ok(existsSync(sandbox.path('generated', 'catalog.mjs')));
  assert.equal(
    readdirSync(sandbox.project).filter((name) => name.startsWith('.generated.')),
    [],
    'no temp or probe directory left',
  );
});

test('a file dropped into a previous build is refused by name; the build and the file stay', async () => {
  sandbox.write('generated/NOTES.md', 'my notes in the wrong place\n');
  const before = snapshot();
  const run = await sandbox.toolkit(['build']);
  assert.is(run.code, 2, run.stdout + run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      '^toolkit build: --out generated holds a previous build and 1 entry no build wrote \\(NOTES\\.md\\), which ' +
        'replacing it would delete; move it out or choose another --out; nothing was touched\\n$',
    ),
  );
  assertUntouched(before, 'a previous build with a foreign file');
});

test('an empty directory is taken', async () => {
  mkdirSync(sandbox.path('empty-out'));
  const run = await sandbox.toolkit(['build', '--out', 'empty-out']);
  assert.is(run.code, 0, run.stderr);
  assert.ok(existsSync(sandbox.path('empty-out', 'manifest.json')));
  writeFileSync(sandbox.path('empty-out', 'extra.txt'), 'x');
  const again = await sandbox.toolkit(['build', '--out', 'empty-out']);
  assert.is(again.code, 2, 'a file added since is not deleted');
  assert.ok(existsSync(sandbox.path('empty-out', 'extra.txt')));
});

test.run();
