/** The catalog in `schemas/` validates with no error (warnings allowed) and every schema yields a model. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolve } from 'node:path';
import { loadSchemaTree } from '../../compiler/index.ts';
import { runCli } from './support/run-cli.ts';

const catalog = resolve(import.meta.dirname, '../../schemas');

test('every catalog schema loads with status true and a model', async () => {
  const entries = await loadSchemaTree(catalog);
  assert.ok(entries.length >= 10, `only ${entries.length} schemas found`);
  const failing = entries.filter((e) => !e.status || !e.model).map((e) => `${e.file}\n  ${e.messages.filter((m) => !m.includes(' warning ')).join('\n  ')}`);
  assert.equal(failing, []);
});

test('`toolkit validate schemas/` exits 0 and prints the summary line', async () => {
  const { code, stdout } = await runCli(['validate', catalog]);
  assert.is(code, 0);
  assert.match(stdout, /^\d+ schemas, 0 errors, \d+ warnings$/m);
});

test.run();
