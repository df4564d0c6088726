/**
 * The shipped catalog in `schemas/` validates with no error and no warning, and every schema yields a
 * model; the example catalog of the test fixtures validates with no error (its warnings are the wild
 * forms it exists to show).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolve } from 'node:path';
import { loadSchemaTree } from '../../compiler/index.ts';
import { runCli } from './support/run-cli.ts';

const shipped = resolve(import.meta.dirname, '../../schemas');
const example = resolve(import.meta.dirname, '../fixtures/example-catalog');

test('every schema of both catalogs loads with status true and a model', async () => {
  for (const catalog of [shipped, example]) {
    const entries = await loadSchemaTree(catalog);
    assert.ok(entries.length >= 30, `only ${entries.length} schemas found in ${catalog}`);
    const failing = entries
      .filter((e) => !e.status || !e.model)
      .map((e) => `${e.file}\n  ${e.messages.filter((m) => !m.includes(' warning ')).join('\n  ')}`);
    assert.equal(failing, []);
  }
});

test('`toolkit validate schemas/` exits 0 with 0 errors and 0 warnings', async () => {
  const { code, stdout } = await runCli(['validate', shipped]);
  assert.is(code, 0, stdout);
  assert.match(stdout, /^\d+ schemas, 0 errors, 0 warnings$/m);
});

test('`toolkit validate` of the example catalog exits 0 and reports its wild forms as warnings', async () => {
  const { code, stdout } = await runCli(['validate', example]);
  assert.is(code, 0);
  const warnings = Number(stdout.match(/^\d+ schemas, 0 errors, (\d+) warnings$/m)?.[1]);
  assert.ok(warnings > 100, stdout.slice(-200));
});

test.run();
