/**
 * What the scan says about globals matches what the real guest (QuickJS in a worker, reached through
 * the handler sandbox as `toolkit server` reaches it) does with them: the pure built-ins it accepts
 * beyond the classic set (iterator helpers, Float16Array) compute there; the ones it refuses with a
 * reason (Intl, AbortSignal, WeakRef, …) are really absent or kept out; a name declared nowhere
 * (SEC205) really is the ReferenceError its message announces.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { guestLibrariesOnFirstUse } from '../../compiler/build/guest-libraries/on-first-use.ts';
import { unavailableGlobals } from '../../compiler/scan/unavailable-globals.ts';
import { startBudget } from '../../runtime/call-budget.ts';
import { createHandlerSandbox } from '../../runtime/handler-sandbox.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

const ws = createWorkspace('sandbox-builtins');
const pool = new WorkerPool();
const libraries = guestLibrariesOnFirstUse({
  resolveDirs: [resolve(import.meta.dirname, '../..')],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});
let nextId = 1;
test.after(async () => {
  await pool.close();
  ws.remove();
});

function load(name: string, body: string): { model?: SchemaModel; errors: { rule: string; message: string }[] } {
  const file = ws.write(
    `schemas/${name}.mjs`,
    schemaFile({
      namespace: name.replace(/[^a-z]/g, ''),
      root: 'https://127.0.0.1:9',
      tools: { probe: { path: '/x' } },
      handlers:
        `({ sharedLists, libraries }) => ({\n  probe: {\n    executeRequest: async ({ struct, payload }) => ` +
        `{\n${body}\n    }\n  }\n})`,
    }),
  );
  const loaded = loadSchemaFile(file);
  return {
    model: loaded.model,
    errors: loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ rule: d.rule, message: d.message })),
  };
}

async function run(model: SchemaModel, handlersSource?: string): Promise<{ ok: boolean; value: any }> {
  const sandbox = createHandlerSandbox(
    handlersSource ? { ...model, handlersSource } : model,
    { pool, libraries },
    nextId++,
  );
  const budget = startBudget(20_000);
  try {
    return {
      ok: true,
      value: (
        (await sandbox.call('probe', 'executeRequest', { struct: {}, payload: {} }, budget)) as { response: unknown }
      ).response,
    };
  } catch (error) {
    return { ok: false, value: (error as Error).message };
  } finally {
    budget.dispose();
  }
}

test('iterator helpers and Float16Array are accepted and compute in the guest', async () => {
  const { model, errors } = load(
    'newer',
    `      const doubled = Iterator.from([1, 2, 3]).map((x) => x * 2).filter((x) => x > 2).toArray()
      const halves = Array.from(new Float16Array([1.5, 65504, 0.1]))
      return { response: { doubled, halves } }`,
  );
  assert.equal(errors, []);
  assert.equal((await run(model!)).value, { doubled: [4, 6], halves: [1.5, 65504, 0.0999755859375] });
});

test('Intl, AbortSignal and the others are refused with the reason, and the guest indeed lacks them', async () => {
  for (const name of ['Intl', 'AbortSignal', 'WeakRef', 'ReadableStream', 'localStorage']) {
    const { errors } = load(`refused${nextId++}`, `      return { response: typeof ${name} }`);
    assert.equal(
      errors,
      [
        {
          rule: 'SEC027',
          message: `Global '${name}' is not available in the sandbox: it ${unavailableGlobals.get(name)}`,
        },
      ],
      name,
    );
  }
  assert.match(unavailableGlobals.get('Intl')!, /not built into QuickJS.*no locale data/);
  const { model } = load('raw', '      return { response: null }');
  const types = await run(
    model!,
    `({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => ({ response: [typeof Intl, typeof ` +
      `AbortSignal, typeof ReadableStream, typeof localStorage] }) } })`,
  );
  assert.equal(types.value, ['undefined', 'undefined', 'undefined', 'undefined']);
});

test('a name declared nowhere is SEC205, and run anyway it is the ReferenceError the message says', async () => {
  const body = '      return { response: formatPlaces([]) }';
  const { model, errors } = load('undefinedname', body);
  assert.equal(
    errors.map((e) => e.rule),
    ['SEC205'],
  );
  assert.match(
    errors[0]!.message,
    new RegExp(
      "^'formatPlaces' is declared nowhere in this file and is no global of the sandbox: this code throws a " +
        'ReferenceError when it runs',
    ),
  );
  assert.is(model, undefined);
  const { model: plain } = load('plain', '      return { response: null }');
  const outcome = await run(
    plain!,
    `({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => {\n${body}\n} } })`,
  );
  assert.is(outcome.ok, false);
  assert.match(outcome.value, /'formatPlaces' is not defined/, outcome.value);
});

test.run();
