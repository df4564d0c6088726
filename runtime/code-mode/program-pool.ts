/**
 * The host side of code-mode runs: a few worker threads (`program-worker.ts`), started on the first
 * run, each running one program at a time; runs wait their turn first come, first served. A run
 * ends by its deadline whatever the guest does: the host answers at the deadline, asks the worker
 * to drop the run, and terminates the worker if it has not done so shortly after (a guest stuck in
 * work QuickJS cannot interrupt never holds a worker, the event loop or shutdown). Tool calls the
 * program queues go to `onCalls`; their answers go back as text.
 */
import type { Worker } from 'node:worker_threads';
import { engineLocation, engineProblem } from '../isolation/engine-location.ts';
import { guestPrelude } from '../isolation/guest-prelude.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';
import { programHarness } from './program-harness.ts';
import type {
  FromProgramWorker,
  GuestRunLimits,
  GuestToolCall,
  RunOutcome,
  ToProgramWorker,
} from './program-protocol.ts';
import { programWorkerMain, type ProgramWorkerBoot } from './program-worker.ts';
import { PROGRAM_FUNCTION } from './program-check.ts';

const workerThreads = lazyBuiltin<typeof import('node:worker_threads')>('node:worker_threads');

export interface ProgramPoolOptions {
  /** Worker threads (default 2). */
  readonly workers?: number;
  /** Time a worker gets past a run's deadline to drop it before it is terminated, ms (default 500). */
  readonly graceMs?: number;
}

/** What one run needs. */
export interface ProgramRun {
  readonly js: string;
  /** JSON of the catalog (tool names by namespace). */
  readonly catalog: string;
  readonly limits: GuestRunLimits;
  readonly memoryBytes: number;
  /** `Date.now()` by which the run ends, waiting for a worker included. */
  readonly deadline: number;
  readonly signal?: AbortSignal;
  /**
   * The calls the program queued, as a batch; answers each (`answer(id, ok, text)`), or returns a
   * reason to end the run now (a budget), in which case none of the batch is answered.
   */
  onCalls(
    calls: readonly GuestToolCall[],
    answer: (id: number, ok: boolean, text: string) => void,
  ): RunOutcome | undefined;
}

const WORKER_RESOURCES = { stackSizeMb: 64, maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 };
const STACK_BYTES = 1024 * 1024;
const RETIRE_BYTES = 512 * 1024 * 1024;

interface Slot {
  readonly worker: Worker;
  running?: { id: number; settle: (outcome: RunOutcome) => void; timer: NodeJS.Timeout };
  stopped: boolean;
}

interface Queued {
  readonly run: ProgramRun;
  readonly settle: (outcome: RunOutcome) => void;
}

let source: string | undefined;

function workerSource(): string {
  const engine = engineLocation();
  const boot: ProgramWorkerBoot = {
    core: engine.core,
    variant: engine.variant,
    prelude: `(() => { var __name = (f) => f; return (${String(guestPrelude)}); })()`,
    harness: `(() => { var __name = (f) => f; return (${String(programHarness)}); })()`,
    entry: PROGRAM_FUNCTION,
    stackBytes: STACK_BYTES,
    retireBytes: RETIRE_BYTES,
  };
  // `__name` stands in for the helper a TypeScript loader may wrap named functions in.
  return (source ??= `var __name = (f) => f;\n(${String(programWorkerMain)})(require, ${JSON.stringify(boot)});\n`);
}

const timeUp = (): RunOutcome => ({ ok: false, error: 'interrupted', budget: 'time', logs: [] });

export class ProgramPool {
  readonly #max: number;
  readonly #graceMs: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Queued[] = [];
  #nextId = 0;
  #closed = false;
  #wasm: Promise<WebAssembly.Module | undefined> | undefined;

  constructor(options: ProgramPoolOptions = {}) {
    this.#max = Math.max(1, options.workers ?? 2);
    this.#graceMs = options.graceMs ?? 500;
  }

  /** Workers running now (for tests). */
  get size(): number {
    return this.#slots.length;
  }

  /** Runs one program; never rejects (failures are outcomes). */
  async run(run: ProgramRun): Promise<RunOutcome> {
    const unavailable = engineProblem();
    if (unavailable !== undefined) return { ok: false, error: unavailable, logs: [] };
    this.#wasm ??= WebAssembly.compile(engineLocation().wasm()).catch(() => undefined);
    const wasm = await this.#wasm;
    if (this.#closed) return { ok: false, error: 'the server is shutting down', logs: [] };
    if (run.signal?.aborted) return { ok: false, error: 'was cancelled', logs: [] };
    return new Promise((resolve) => {
      let done = false;
      const queued: Queued = { run, settle: (outcome) => finish(outcome) };
      const timer = setTimeout(
        () => {
          // Still waiting for a worker at the deadline.
          const index = this.#queue.indexOf(queued);
          if (index >= 0) this.#queue.splice(index, 1);
          finish(timeUp());
        },
        Math.max(0, run.deadline - Date.now()),
      );
      const onAbort = () => {
        const index = this.#queue.indexOf(queued);
        if (index >= 0) this.#queue.splice(index, 1);
        finish({ ok: false, error: 'was cancelled', logs: [] });
      };
      const finish = (outcome: RunOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        run.signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      run.signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(queued);
      this.#pump(wasm);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const queued of this.#queue.splice(0))
      queued.settle({ ok: false, error: 'the server is shutting down', logs: [] });
    // A copy: stopping a slot takes it out of the list.
    await Promise.all(
      [...this.#slots].map((slot) => this.#stop(slot, { ok: false, error: 'the server is shutting down', logs: [] })),
    );
  }

  #pump(wasm: WebAssembly.Module | undefined): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((s) => !s.running && !s.stopped);
      if (!slot && this.#slots.length < this.#max) slot = this.#spawn(wasm);
      if (!slot) return;
      this.#start(slot, this.#queue.shift()!, wasm);
    }
  }

  #spawn(wasm: WebAssembly.Module | undefined): Slot {
    const worker = new (workerThreads().Worker)(workerSource(), {
      eval: true,
      resourceLimits: WORKER_RESOURCES,
      env: {},
      stdout: true,
      stderr: true,
      name: 'toolkit-programs',
      workerData: wasm ? { wasmModule: wasm } : {},
    });
    worker.unref();
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, stopped: false };
    worker.on('message', (message: FromProgramWorker) => this.#message(slot, message, wasm));
    const lost = (why: string) => {
      if (slot.stopped) return;
      void this.#stop(slot, {
        ok: false,
        error: `the program's sandbox stopped (${why})`,
        ...(/memory/i.test(why) ? { budget: 'memory' as const } : {}),
        logs: [],
      });
      this.#pump(wasm);
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`worker exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, queued: Queued, wasm: WebAssembly.Module | undefined): void {
    const { run } = queued;
    const id = this.#nextId++;
    const post = (message: ToProgramWorker) => slot.worker.postMessage(message);
    // At the deadline the caller is answered; the worker gets the grace period to drop the run.
    const timer = setTimeout(
      () => {
        queued.settle(timeUp());
        post({ kind: 'abort', id });
        const overdue = setTimeout(() => {
          if (slot.running?.id === id) void this.#stop(slot, timeUp()).then(() => this.#pump(wasm));
        }, this.#graceMs);
        overdue.unref();
      },
      Math.max(0, run.deadline - Date.now()),
    );
    slot.running = { id, settle: queued.settle, timer };
    const onAbort = () => {
      if (slot.running?.id === id) post({ kind: 'abort', id });
    };
    run.signal?.addEventListener('abort', onAbort, { once: true });
    (slot as { run?: ProgramRun }).run = run;
    post({
      kind: 'run',
      id,
      js: run.js,
      catalog: run.catalog,
      limits: JSON.stringify(run.limits),
      memoryBytes: run.memoryBytes,
      deadline: run.deadline,
    });
  }

  #message(slot: Slot, message: FromProgramWorker, wasm: WebAssembly.Module | undefined): void {
    const running = slot.running;
    if (!running || running.id !== message.id) return;
    const run = (slot as { run?: ProgramRun }).run!;
    if (message.kind === 'calls') {
      let calls: GuestToolCall[];
      try {
        calls = JSON.parse(message.calls) as GuestToolCall[];
      } catch {
        calls = [];
      }
      const post = (reply: ToProgramWorker) => {
        if (slot.running?.id === message.id && !slot.stopped) slot.worker.postMessage(reply);
      };
      const stop = run.onCalls(calls, (call, ok, text) => post({ kind: 'answer', id: message.id, call, ok, text }));
      if (stop) {
        running.settle(stop);
        post({ kind: 'abort', id: message.id });
      }
      return;
    }
    clearTimeout(running.timer);
    slot.running = undefined;
    running.settle(message.outcome);
    if (message.retire) void this.#stop(slot, undefined);
    this.#pump(wasm);
  }

  async #stop(slot: Slot, outcome: RunOutcome | undefined): Promise<void> {
    if (slot.stopped) return;
    slot.stopped = true;
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    const running = slot.running;
    slot.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.settle(outcome ?? { ok: false, error: 'stopped', logs: [] });
    }
    await slot.worker.terminate();
  }
}
