/** The output directory is replaced whole or not at all. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceDirectory } from '../../compiler/build/atomic-output.ts';
import { rejects } from './support/rejects.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('atomic');
test.after(() => ws.remove());

test('a fill that fails half-way leaves the previous output and no temp directory', async () => {
  const out = ws.path('out');
  await replaceDirectory(out, async (dir) => writeFileSync(join(dir, 'a.txt'), 'first'));
  await rejects(() =>
    replaceDirectory(out, async (dir) => {
      writeFileSync(join(dir, 'a.txt'), 'half');
      throw new Error('bundling failed');
    }),
  );
  assert.is(readFileSync(join(out, 'a.txt'), 'utf8'), 'first');
  assert.equal(readdirSync(ws.dir).sort(), ['out', 'schemas']);
});

test('a complete fill replaces the directory, dropping files the new build does not write', async () => {
  const out = ws.path('out');
  await replaceDirectory(out, async (dir) => writeFileSync(join(dir, 'b.txt'), 'second'));
  assert.not.ok(existsSync(join(out, 'a.txt')));
  assert.is(readFileSync(join(out, 'b.txt'), 'utf8'), 'second');
  assert.equal(readdirSync(ws.dir).sort(), ['out', 'schemas']);
});

test.run();
