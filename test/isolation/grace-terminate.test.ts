/**
 * A hook that does not stop at its deadline (here: inside one long native operation, where QuickJS
 * does not check its interrupt) is answered at the deadline, and its worker thread is really gone
 * within the grace period after it: the thread exits, it is not merely dropped from the pool while
 * it goes on computing. Workers are observed as Node starts them (`worker_threads.Worker`, which the
 * pool loads on first use), so the test sees the thread's own `exit`, whatever the pool's bookkeeping
 * says.
 */
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { guestLibrariesOnFirstUse } from '../../compiler/build/guest-libraries/on-first-use.ts';
import { startBudget } from '../../runtime/call-budget.ts';
import { createHandlerSandbox, type HandlerSandbox } from '../../runtime/handler-sandbox.ts';
import { WorkerPool } from '../../runtime/isolation/worker-pool.ts';
import { createWorkspace } from '../build/support/workspace.ts';
import { schemaFile } from './support/schemas.ts';

const GRACE_MS = 300;
const DEADLINE_MS = 400;
/** What the loaded machine may add to the grace period before the thread's exit is seen. */
const SLACK_MS = 2_500;

/** Every worker thread started from here on, with the time it exited. */
const started: { worker: Worker; exitedAt: number | null }[] = [];
const threads = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
const RealWorker = threads.Worker;
threads.Worker = class ObservedWorker extends RealWorker {
  constructor(...args: ConstructorParameters<typeof RealWorker>) {
    super(...args);
    const entry = { worker: this as Worker, exitedAt: null as number | null };
    started.push(entry);
    this.once('exit', () => {
      entry.exitedAt = Date.now();
    });
  }
} as typeof RealWorker;

const ws = createWorkspace('grace-terminate');
const pool = new WorkerPool({ workers: 1, reserve: 0, graceMs: GRACE_MS });
const libraries = guestLibrariesOnFirstUse({
  resolveDirs: [resolve(import.meta.dirname, '../..')],
  cacheDir: join(tmpdir(), 'toolkit-test-guest-libraries'),
});
test.after(async () => {
  await pool.close();
  // A worker the pool failed to stop would keep this process alive: end it here, whatever the test said.
  await Promise.all(started.map(({ worker }) => worker.terminate()));
  threads.Worker = RealWorker;
  ws.remove();
});

/**
 * `quick` answers at once; `stuck` converts a million-bit number to decimal, one native call of many
 * seconds that the engine's interrupt cannot cut short.
 */
function sandbox(): HandlerSandbox {
  const file = ws.write(
    'schemas/grace.mjs',
    schemaFile({
      namespace: 'grace',
      root: 'https://127.0.0.1:9',
      tools: { quick: { path: '/q' }, stuck: { path: '/s' } },
      handlers: `({ sharedLists, libraries }) => ({
  quick: { executeRequest: async () => ({ response: 'ready' }) },
  stuck: { executeRequest: async () => ({ response: String((1n << 1040000n) - 1n).length }) }
})`,
    }),
  );
  const { model, diagnostics } = loadSchemaFile(file);
  if (!model) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return createHandlerSandbox(model, { pool, libraries }, 1);
}

async function call(handlers: HandlerSandbox, tool: string, timeoutMs: number): Promise<string> {
  const budget = startBudget(timeoutMs);
  try {
    const result = await handlers.call(tool, 'executeRequest', { struct: {}, payload: {} }, budget);
    return JSON.stringify(result);
  } catch (error) {
    return (error as Error).message;
  } finally {
    budget.dispose();
  }
}

test('a hook past its deadline is answered then, and its worker thread exits within the grace period', async () => {
  const handlers = sandbox();
  // The worker is started and holds the schema's context before the stuck call.
  assert.match(await call(handlers, 'quick', 20_000), /ready/);
  assert.is(started.length, 1, 'one worker thread started');
  const worker = started[0]!;

  const called = Date.now();
  const answer = await call(handlers, 'stuck', DEADLINE_MS);
  const answeredAfter = Date.now() - called;
  assert.match(answer, /deadline|time/i, answer);
  assert.ok(answeredAfter < DEADLINE_MS + SLACK_MS, `answered after ${answeredAfter} ms`);

  const limit = called + DEADLINE_MS + GRACE_MS + SLACK_MS;
  while (worker.exitedAt === null && Date.now() < limit) await new Promise((done) => setTimeout(done, 25));
  assert.ok(worker.exitedAt !== null, `the worker thread was still running ${Date.now() - called} ms after the call`);
  const exitedAfter = worker.exitedAt - called;
  assert.ok(exitedAfter <= DEADLINE_MS + GRACE_MS + SLACK_MS, `exited ${exitedAfter} ms after the call`);

  // The pool goes on with a new worker.
  assert.match(await call(handlers, 'quick', 20_000), /ready/);
  assert.is(started.length, 2, 'a new worker replaced the terminated one');
});

test.run();
