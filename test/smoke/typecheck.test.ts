/**
 * The whole project type-checks under the strict tsconfig (tsc 7 as a checker only). A type error
 * anywhere fails the suite, with tsc's own messages in the assertion.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

test('tsc --noEmit reports no type error in the project', () => {
  const tsc = resolve(root, 'node_modules', '.bin', 'tsc');
  const run = spawnSync(tsc, ['--noEmit', '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
  assert.is(run.status, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
});

test.run();
