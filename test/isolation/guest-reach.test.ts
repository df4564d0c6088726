/**
 * Nothing of the host is reachable from handler code: walking every object the guest can reach from
 * its `globalThis` (own properties, symbols included, getters and setters, prototypes), every native
 * function found is one QuickJS itself puts at that place in a bare context. A host function the
 * worker attached anywhere (`Math.x`, a replaced `JSON.parse`, a getter on a prototype) would be a
 * native function at a place a bare context does not have. The walk runs in the real guest, reached
 * through the handler sandbox as `toolkit server` reaches it, with every library loaded on demand
 * named so the guest is as full as it gets. The guest's own code (prelude, libraries) is JavaScript,
 * not native, and is not the host's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { guestLibrariesOnFirstUse } from '../../compiler/build/guest-libraries/on-first-use.ts';
import { startBudget } from '../../runtime/call-budget.ts';
import { createHandlerSandbox } from '../../runtime/handler-sandbox.ts';
import { engineLocation } from '../../runtime/isolation/engine-location.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

/**
 * Native functions the guest may have at places a bare QuickJS context has none: the documented
 * allow-list. The guest gets no host function at all (`runtime/isolation/guest-worker.ts`), so it is empty.
 */
const ALLOWED_NEW_NATIVES: readonly string[] = [];

/**
 * Guest code: the place and name of every native function reachable from `globalThis`, breadth first,
 * so a built-in is named by its shortest path (the same in a bare context and in the guest).
 */
const WALK = `(() => {
  const toSource = Function.prototype.toString;
  const isNative = (f) => { try { return /\\[native code\\]\\s*}$/.test(toSource.call(f)); } catch { return false; } };
  const seen = new Set();
  const natives = [];
  let queue = [[globalThis, 'globalThis']];
  while (queue.length > 0) {
    const next = [];
    for (const [value, path] of queue) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (typeof value === 'function' && isNative(value)) {
        const name = Object.getOwnPropertyDescriptor(value, 'name');
        natives.push(path + ' = ' + (name && typeof name.value === 'string' ? name.value : '?'));
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== null) next.push([proto, path + '.[[Prototype]]']);
      for (const key of Reflect.ownKeys(value)) {
        const d = Object.getOwnPropertyDescriptor(value, key);
        const name = typeof key === 'symbol' ? '[' + String(key) + ']' : key;
        for (const [suffix, v] of [['', d.value], [' (get)', d.get], [' (set)', d.set]]) {
          const reachable = v !== null && (typeof v === 'object' || typeof v === 'function');
          if (reachable) next.push([v, path + '.' + name + suffix]);
        }
      }
    }
    queue = next;
  }
  return natives.sort();
})()`;

const ws = createWorkspace('guest-reach');
const pool = new WorkerPool();
const libraries = guestLibrariesOnFirstUse({
  resolveDirs: [resolve(import.meta.dirname, '../..')],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});
test.after(async () => {
  await pool.close();
  ws.remove();
});

/** A model whose hook runs `body` without the scan (handler code may not name the global object). */
function rawModel(body: string): SchemaModel {
  const file = ws.write(
    'schemas/reach.mjs',
    schemaFile({
      namespace: 'reach',
      root: 'https://127.0.0.1:9',
      tools: { probe: { path: '/x' } },
      handlers: '({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => ({ response: null }) } })',
    }),
  );
  const { model } = loadSchemaFile(file);
  if (!model) throw new Error('the probe schema did not load');
  const source = `({ sharedLists, libraries }) => ({ probe: { executeRequest: async () => {\n${body}\n} } })`;
  return { ...model, handlersSource: source };
}

/** The walk in the real guest, every on-demand library loaded. */
async function walkGuest(): Promise<string[]> {
  const loadAll = 'void [URL, URLSearchParams, structuredClone, Buffer, Blob, File];';
  const model = rawModel(`${loadAll}\nreturn { response: ${WALK} };`);
  const sandbox = createHandlerSandbox(model, { pool, libraries }, 1);
  const budget = startBudget(30_000);
  try {
    const result = await sandbox.call('probe', 'executeRequest', { struct: {}, payload: {} }, budget);
    return (result as { response: string[] }).response;
  } finally {
    budget.dispose();
  }
}

/** The walk in a bare context of the same engine, made here. */
async function walkBare(): Promise<string[]> {
  const { core, variant } = engineLocation();
  const require = createRequire(import.meta.url);
  const quickjs = require(core);
  const loaded = require(variant);
  const engine = await quickjs.newQuickJSWASMModuleFromVariant(loaded.default ?? loaded);
  const context = engine.newContext();
  try {
    const result = context.evalCode(`JSON.stringify(${WALK})`);
    if (result.error) throw new Error(JSON.stringify(context.dump(result.error)));
    const text = context.getString(result.value);
    result.value.dispose();
    return JSON.parse(text) as string[];
  } finally {
    context.dispose();
  }
}

test('every native function the guest can reach is a QuickJS built-in at its own place', async () => {
  const [guest, bare] = await Promise.all([walkGuest(), walkBare()]);
  assert.ok(bare.length > 200, `the bare walk found ${bare.length} natives`);
  const mathMax = 'globalThis.Math.max = max';
  assert.ok(bare.includes(mathMax) && guest.includes(mathMax), 'the walk names Math.max');
  const builtIn = new Set(bare);
  const foreign = guest.filter((native) => !builtIn.has(native) && !ALLOWED_NEW_NATIVES.includes(native));
  const listed = foreign.join('\n');
  assert.equal(foreign, [], `native functions the guest reaches that QuickJS does not put there:\n${listed}`);
});

test.run();
