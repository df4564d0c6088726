/**
 * The host side of the isolation boundary: a few worker threads, each running a QuickJS engine
 * (`guest-worker.ts`), started on the first hook call and replaced whenever one has to be stopped.
 * Each call goes to an idle worker (one that already holds the schema's context when possible) and
 * runs under a deadline enforced twice: inside the guest by QuickJS's interrupt handler, and from
 * outside by `terminate()` if the guest has not answered shortly after, so a hook that never yields
 * (or is stuck in work QuickJS cannot interrupt) never holds up the host's event loop, other tools
 * or shutdown. Only strings cross (see `protocol.ts`).
 */
import type { Worker } from 'node:worker_threads';
import type { CallSignal } from '../call-budget.ts';
import { guestPrelude } from './guest-prelude.ts';
import { standardLibrariesFor, type GuestLibraryCode } from './guest-standard-library.ts';
import { guestWorkerMain, type WorkerBoot } from './guest-worker.ts';
import type {
  CallOutcome,
  DefineMessage,
  FromWorker,
  GuestLibraryUse,
  GuestLimits,
  ResultMessage,
  StatsReply,
  ToWorker,
} from './protocol.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';
import { engineLocation, engineProblem } from './engine-location.ts';

// Loaded with the first worker: a runtime without hooks never loads it.
const workerThreads = lazyBuiltin<typeof import('node:worker_threads')>('node:worker_threads');

/** What a schema's context is made from; `libraries` carry their code (sent once per worker). */
export interface GuestDefinition {
  readonly label: string;
  readonly source: string;
  readonly lists: string;
  readonly libraries: readonly (GuestLibraryUse & { readonly code: string })[];
}

export interface GuestCall {
  /** Identifies the schema's context (the same number for every call of one schema). */
  readonly schema: number;
  readonly definition: GuestDefinition;
  readonly tool: string;
  readonly hook: string;
  readonly input: string;
  /** `Date.now()` by which the call must end. */
  readonly deadline: number;
  /** Aborts the call (client cancellation, shutdown): the worker running it is stopped. */
  readonly signal: CallSignal;
}

export interface PoolOptions {
  /**
   * Worker threads (default 2); up to `reserve` more are started only for schemas that have no call
   * running while every worker is busy with other schemas' calls (see `#pump`).
   */
  readonly workers?: number;
  /** Workers kept for schemas with nothing running (default 2). */
  readonly reserve?: number;
  readonly limits?: Partial<GuestLimits>;
  /** Time the guest gets past its deadline to answer before its worker is terminated, ms (default 500). */
  readonly graceMs?: number;
  /**
   * The WebAssembly memory of all workers together, bytes (default 256 MiB): past it after a call,
   * idle workers are replaced, largest first (their contexts are made again on their next call).
   */
  readonly memoryBudgetBytes?: number;
  /**
   * When a schema with nothing running has waited `preemptAfterMs` (default 250) for a worker and
   * none can be had, the call that has run longest, once past `sliceMs` (default 1000), is stopped.
   */
  readonly sliceMs?: number;
  readonly preemptAfterMs?: number;
}

export const DEFAULT_POOL_MEMORY_BUDGET = 256 * 1024 * 1024;

export const DEFAULT_LIMITS: GuestLimits = {
  memoryBytes: 128 * 1024 * 1024,
  stackBytes: 1024 * 1024,
  maxResultChars: 16 * 1024 * 1024,
};

/**
 * Resource limits of each worker thread: a large native stack keeps deep guest recursion inside QuickJS's own limit.
 */
const WORKER_RESOURCES = { stackSizeMb: 64, maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 };
const RETIRE_BYTES = 1024 * 1024 * 1024;

interface Pending {
  readonly call: GuestCall;
  readonly resolve: (outcome: CallOutcome) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly defined: Set<number>;
  readonly libraries: Set<string>;
  /**
   * The call it runs; `answered` once its caller got an outcome (at the deadline) while the guest is still being
   * interrupted.
   */
  running?: {
    id: number;
    pending: Pending;
    timer: NodeJS.Timeout;
    onAbort: () => void;
    answered: boolean;
    started: number;
  };
  stopped: boolean;
  /** Its engine's WebAssembly memory as of its last answer, bytes. */
  wasmBytes: number;
}

let boot: WorkerBoot | undefined;
let compiling: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * The engine's WebAssembly, compiled once per process (off the main thread's critical path) and
 * shared with every worker, so replacing a stopped worker costs only an instantiation.
 */
function engineModule(): Promise<WebAssembly.Module | undefined> {
  compiling ??= (async () => {
    try {
      return await WebAssembly.compile(engineLocation().wasm());
    } catch {
      return undefined; // each worker then compiles it itself
    }
  })();
  return compiling;
}
function workerSource(limits: GuestLimits): string {
  const engine = engineLocation();
  boot ??= {
    core: engine.core,
    variant: engine.variant,
    prelude: `(() => { var __name = (f) => f; return (${String(guestPrelude)}); })()`,
    limits,
    retireBytes: RETIRE_BYTES,
  };
  // `__name` stands in for the helper a TypeScript loader may wrap named functions in.
  return `var __name = (f) => f;\n(${String(guestWorkerMain)})(require, ${JSON.stringify({ ...boot, limits })});\n`;
}

export class WorkerPool {
  readonly limits: GuestLimits;
  readonly #max: number;
  readonly #reserve: number;
  readonly #graceMs: number;
  readonly #budget: number;
  readonly #sliceMs: number;
  readonly #preemptAfterMs: number;
  #preemptTimer: NodeJS.Timeout | undefined;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 0;
  #closed = false;
  #wasm: WebAssembly.Module | undefined;
  readonly #stats = new Map<number, (reply: StatsReply) => void>();

  constructor(options: PoolOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#max = Math.max(1, options.workers ?? 2);
    this.#reserve = Math.max(0, options.reserve ?? 2);
    this.#graceMs = options.graceMs ?? 500;
    this.#budget = options.memoryBudgetBytes ?? DEFAULT_POOL_MEMORY_BUDGET;
    this.#sliceMs = options.sliceMs ?? 1000;
    this.#preemptAfterMs = options.preemptAfterMs ?? 250;
  }

  /** WebAssembly memory of all workers as of their last answers, bytes (for tests and the bench). */
  get wasmBytes(): number {
    return this.#slots.reduce((sum, slot) => sum + slot.wasmBytes, 0);
  }

  /** Runs one hook call; never rejects (failures are outcomes). */
  async run(call: GuestCall): Promise<CallOutcome> {
    const unavailable = engineProblem();
    if (unavailable !== undefined) return { ok: false, error: unavailable, load: true };
    this.#wasm ??= await engineModule();
    if (this.#closed) return { ok: false, error: 'the server is shutting down' };
    if (call.signal.aborted) return aborted();
    return new Promise((resolve) => {
      const onQueuedAbort = () => {
        const index = this.#queue.indexOf(pending);
        if (index >= 0) {
          this.#queue.splice(index, 1);
          finish(aborted());
        }
      };
      const finish = (outcome: CallOutcome) => {
        call.signal.removeEventListener('abort', onQueuedAbort);
        resolve(outcome);
      };
      const pending: Pending = { call, resolve: finish };
      call.signal.addEventListener('abort', onQueuedAbort, { once: true });
      this.#queue.push(pending);
      this.#pump();
    });
  }

  /** Memory figures of each running worker (answered after the call it is running, if any). */
  stats(): Promise<StatsReply[]> {
    return Promise.all(
      this.#slots.map(
        (slot) =>
          new Promise<StatsReply>((resolve) => {
            const id = this.#nextId++;
            this.#stats.set(id, (reply) => {
              this.#stats.delete(id);
              resolve(reply);
            });
            slot.worker.postMessage({ kind: 'stats', id } satisfies ToWorker);
          }),
      ),
    );
  }

  /** Workers running now (for tests and the bench). */
  get size(): number {
    return this.#slots.length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#preemptTimer);
    for (const pending of this.#queue.splice(0)) pending.resolve({ ok: false, error: 'the server is shutting down' });
    await Promise.all(
      [...this.#slots].map((slot) => this.#stop(slot, { ok: false, error: 'the server is shutting down' })),
    );
  }

  /**
   * Starts queued calls on idle workers (one holding the call's schema when there is one), calls of
   * schemas with nothing running first, each group oldest first. One schema never holds more than
   * `#max` workers; a schema with a call running starts a new worker only while there are fewer
   * than `#max`, and a schema with nothing running may start up to `#reserve` more. So schemas whose
   * hooks spin to their deadline hold at most the ordinary workers plus one reserve worker each, and
   * when even the reserve is taken, the waiting schema's call preempts the longest runner once it
   * is past its slice (`#preempt`): another schema's trivial hook waits at most about
   * `preemptAfterMs + sliceMs` plus a worker's start, whatever the others do.
   */
  #pump(): void {
    const runningOf = (schema: number) => this.#slots.filter((s) => s.running?.pending.call.schema === schema).length;
    const order = [...this.#queue].sort(
      (a, b) => Number(runningOf(a.call.schema) > 0) - Number(runningOf(b.call.schema) > 0),
    );
    for (const next of order) {
      const running = runningOf(next.call.schema);
      if (running >= this.#max) continue;
      const idle = this.#slots.filter((s) => !s.running && !s.stopped);
      let slot = idle.find((s) => s.defined.has(next.call.schema)) ?? idle[0];
      if (!slot && this.#slots.length < this.#max + (running === 0 ? this.#reserve : 0)) slot = this.#spawn();
      if (!slot) continue;
      this.#queue.splice(this.#queue.indexOf(next), 1);
      this.#start(slot, next);
    }
    this.#schedulePreemption();
  }

  /** Whether a call of a schema with nothing running waits. */
  #freshWaiting(): boolean {
    return this.#queue.some((p) => !this.#slots.some((s) => s.running?.pending.call.schema === p.call.schema));
  }

  #schedulePreemption(): void {
    if (this.#preemptTimer || this.#closed || !this.#freshWaiting()) return;
    this.#preemptTimer = setTimeout(() => {
      this.#preemptTimer = undefined;
      this.#preempt();
    }, this.#preemptAfterMs);
    this.#preemptTimer.unref();
  }

  /** Stops the longest-running call past its slice while a schema with nothing running still waits. */
  #preempt(): void {
    if (!this.#freshWaiting()) return;
    const now = Date.now();
    const longest = this.#slots
      .filter((s) => s.running && !s.stopped)
      .sort((a, b) => a.running!.started - b.running!.started)[0];
    if (longest && now - longest.running!.started >= this.#sliceMs) {
      const ran = now - longest.running!.started;
      void this.#stop(longest, {
        ok: false,
        error:
          `was stopped after ${ran} ms to let other schemas' hooks run (a hook gets the sandbox for ` +
          `${this.#sliceMs} ms while others wait)`,
        limit: 'time',
      });
      return;
    }
    this.#schedulePreemption();
  }

  /** Replaces idle workers, largest first, while all workers' memory is over the budget. */
  #enforceBudget(): void {
    let total = this.wasmBytes;
    if (total <= this.#budget) return;
    const idle = this.#slots.filter((s) => !s.running && !s.stopped).sort((a, b) => b.wasmBytes - a.wasmBytes);
    for (const slot of idle) {
      if (total <= this.#budget) break;
      total -= slot.wasmBytes;
      void this.#stop(slot, undefined);
    }
  }

  #spawn(): Slot {
    const wasmModule = this.#wasm;
    const worker = new (workerThreads().Worker)(workerSource(this.limits), {
      eval: true,
      resourceLimits: WORKER_RESOURCES,
      env: {},
      stdout: true,
      stderr: true,
      name: 'toolkit-handlers',
      workerData: wasmModule ? { wasmModule } : {},
    });
    worker.unref();
    // The guest has no console; anything the engine itself prints is dropped rather than mixed into the protocol.
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, defined: new Set(), libraries: new Set(), stopped: false, wasmBytes: 0 };
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'stats') this.#stats.get(message.id)?.(message);
      else this.#settle(slot, message);
    });
    const lost = (why: string) => {
      if (slot.stopped) return;
      slot.stopped = true;
      this.#remove(slot);
      const running = slot.running;
      slot.running = undefined;
      if (running) {
        clearTimeout(running.timer);
        running.pending.call.signal.removeEventListener('abort', running.onAbort);
        if (!running.answered)
          running.pending.resolve(
            /memory/i.test(why)
              ? { ok: false, error: `stopped the handler sandbox (${why})`, limit: 'memory' }
              : { ok: false, error: `stopped the handler sandbox (${why})` },
          );
      }
      this.#pump();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`worker exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot, pending: Pending): void {
    const { call } = pending;
    const id = this.#nextId++;
    const post = (message: ToWorker) => slot.worker.postMessage(message);
    if (!slot.defined.has(call.schema)) {
      const { label, source, lists } = call.definition;
      let standard: GuestLibraryCode[];
      try {
        standard = standardLibrariesFor(source, call.definition.libraries);
      } catch (error) {
        pending.resolve({
          ok: false,
          error: `its sandbox cannot be given the web standard globals it names: ${(error as Error).message}`,
          load: true,
        });
        return;
      }
      const libraries = [...standard, ...call.definition.libraries];
      for (const library of libraries) {
        if (!slot.libraries.has(library.key)) post({ kind: 'library', key: library.key, code: library.code });
        slot.libraries.add(library.key);
      }
      const define: DefineMessage = {
        kind: 'define',
        schema: call.schema,
        label,
        source,
        lists,
        libraries: libraries.map(({ code: _, ...use }) => use),
      };
      post(define);
      slot.defined.add(call.schema);
    }
    const onAbort = () => {
      const running = slot.running;
      if (!running || running.id !== id) return;
      if (Date.now() >= call.deadline - 5) {
        // The call's own deadline: its caller is answered now, and the engine's interrupt gets the grace
        // period to stop the guest, so the worker (costly to replace) normally survives.
        running.answered = true;
        pending.resolve({ ok: false, error: 'interrupted at its deadline', limit: 'time' });
      } else void this.#stop(slot, aborted());
    };
    const timer = setTimeout(
      () =>
        void this.#stop(slot, { ok: false, error: 'did not stop at its deadline and was terminated', limit: 'time' }),
      Math.max(0, call.deadline - Date.now()) + this.#graceMs,
    );
    slot.running = { id, pending, timer, onAbort, answered: false, started: Date.now() };
    call.signal.addEventListener('abort', onAbort, { once: true });
    post({
      kind: 'call',
      id,
      schema: call.schema,
      tool: call.tool,
      hook: call.hook,
      input: call.input,
      deadline: call.deadline,
    });
  }

  #settle(slot: Slot, message: ResultMessage): void {
    const running = slot.running;
    if (!running || running.id !== message.id) return;
    slot.running = undefined;
    clearTimeout(running.timer);
    running.pending.call.signal.removeEventListener('abort', running.onAbort);
    if (message.wasmBytes !== undefined) slot.wasmBytes = message.wasmBytes;
    if (message.retire) void this.#stop(slot, undefined);
    if (!running.answered) running.pending.resolve(message.outcome);
    this.#enforceBudget();
    this.#pump();
  }

  /** Terminates a worker; its running call (if any) ends with `outcome`. */
  async #stop(slot: Slot, outcome: CallOutcome | undefined): Promise<void> {
    if (slot.stopped) return;
    slot.stopped = true;
    this.#remove(slot);
    const running = slot.running;
    slot.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.pending.call.signal.removeEventListener('abort', running.onAbort);
      if (!running.answered) running.pending.resolve(outcome ?? { ok: false, error: 'stopped' });
    }
    this.#pump();
    await slot.worker.terminate();
  }

  #remove(slot: Slot): void {
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
  }
}

const aborted = (): CallOutcome => ({ ok: false, error: 'was cancelled' });
