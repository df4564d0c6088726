/**
 * The body of a code-mode worker thread: a QuickJS (WebAssembly) engine that runs one program at a
 * time, each in a fresh runtime and context of its own (heap limit, stack limit, interrupt at the
 * run's deadline) that is disposed when the run ends, so nothing of one run is seen by the next.
 * A run goes in steps: the guest runs until it waits; the calls it queued go to the host as JSON;
 * each answer is handed back to the guest, which runs again; until the program's promise settles.
 *
 * Started from this function's source text, it may use nothing from its module scope: whatever it
 * needs arrives as arguments (`load` is the worker's `require`).
 */
/* eslint-disable */
import type {
  AnswerMessage,
  Budget,
  DoneMessage,
  RunMessage,
  RunOutcome,
  ToProgramWorker,
} from './program-protocol.ts';

export interface ProgramWorkerBoot {
  /** Absolute paths of quickjs-emscripten-core and the WASM variant. */
  readonly core: string;
  readonly variant: string;
  /** Text of the hooks' guest prelude (the web built-ins), called with a result size limit. */
  readonly prelude: string;
  /** Text of the program harness (`program-harness.ts`). */
  readonly harness: string;
  /** The function the program text declares, called to start it. */
  readonly entry: string;
  readonly stackBytes: number;
  /** WASM memory above which the worker asks to be replaced after a run (it never shrinks). */
  readonly retireBytes: number;
}

export function programWorkerMain(load: (id: string) => any, boot: ProgramWorkerBoot): void {
  const { parentPort, workerData } = load('node:worker_threads');
  const core = load(boot.core);
  const variantModule = load(boot.variant);
  const base = variantModule.default ?? variantModule;
  const variant = workerData?.wasmModule ? core.newVariant(base, { wasmModule: workerData.wasmModule }) : base;

  interface Run {
    readonly id: number;
    readonly runtime: any;
    readonly context: any;
    readonly fns: { take: any; answer: any; state: any; logs: any };
    deadline: number;
    /** Calls sent to the host and not answered yet. */
    outstanding: number;
  }

  let engine: any;
  const waiting: ToProgramWorker[] = [];
  const runs = new Map<number, Run>();

  const limitOf = (message: string): Budget | undefined =>
    /interrupted/i.test(message)
      ? 'time'
      : /out of memory|string too long|array too long/i.test(message)
        ? 'memory'
        : undefined;

  const cut = (text: string): string => (text.length > 2000 ? `${text.slice(0, 2000)}…` : text);

  /** A guest error handle as text, read with any getter interrupted at once. */
  const describe = (run: Run, handle: any): string => {
    const { context } = run;
    const saved = run.deadline;
    run.deadline = 0;
    try {
      if (context.typeof(handle) !== 'object') return cut(String(context.dump(handle)));
      const read = (key: string): string => {
        const value = context.getProp(handle, key);
        try {
          return context.typeof(value) === 'string' ? context.getString(value) : '';
        } finally {
          value.dispose();
        }
      };
      const name = read('name');
      const message = read('message');
      return cut(name && message ? `${name}: ${message}` : message || name || 'unknown error');
    } catch {
      return 'interrupted';
    } finally {
      run.deadline = saved;
      handle.dispose();
    }
  };

  const text = (run: Run, fn: any, ...args: any[]): string => {
    const result = run.context.callFunction(fn, run.context.undefined, ...args);
    if (result.error) throw new Error(describe(run, result.error));
    try {
      return run.context.typeof(result.value) === 'string' ? run.context.getString(result.value) : '';
    } finally {
      result.value.dispose();
    }
  };

  const logsOf = (run: Run): string[] => {
    try {
      const saved = run.deadline;
      run.deadline = Date.now() + 1000;
      const json = text(run, run.fns.logs);
      run.deadline = saved;
      return json ? JSON.parse(json) : [];
    } catch {
      return [];
    }
  };

  type Ending =
    | { ok: true; value: string; logs?: readonly string[] }
    | { ok: false; error: string; budget?: Budget; logs?: readonly string[] };

  function finish(run: Run, outcome: Ending): void {
    if (!runs.has(run.id)) return;
    const logs = outcome.logs ?? logsOf(run);
    runs.delete(run.id);
    try {
      for (const fn of Object.values(run.fns)) fn.dispose();
      run.context.dispose();
      run.runtime.dispose();
    } catch {
      // A runtime stopped mid-job may refuse to be disposed cleanly; the worker asks to be replaced.
    }
    const retire = engine.getWasmMemory().buffer.byteLength > boot.retireBytes;
    parentPort.postMessage({
      kind: 'done',
      id: run.id,
      outcome: { ...outcome, logs } as RunOutcome,
      retire,
    } satisfies DoneMessage);
  }

  const failure = (run: Run, message: string): void => {
    const budget = limitOf(message);
    finish(run, budget ? { ok: false, error: message, budget } : { ok: false, error: message });
  };

  /** Runs the guest's queued jobs, then sends its calls or its answer. */
  function pump(run: Run): void {
    const jobs = run.runtime.executePendingJobs(-1);
    if (jobs.error) return failure(run, describe(run, jobs.error));
    jobs.dispose?.();
    let state: string;
    let calls: string;
    try {
      state = text(run, run.fns.state);
      calls = state === '' ? text(run, run.fns.take) : '';
    } catch (error) {
      return failure(run, (error as Error).message);
    }
    if (Date.now() > run.deadline) return finish(run, { ok: false, error: 'interrupted', budget: 'time' });
    if (state.startsWith('1')) return finish(run, { ok: true, value: state.slice(1) });
    if (state.startsWith('2')) {
      const [budget, size] = state.slice(1).split(':');
      return finish(run, { ok: false, error: size ? `${budget}:${size}` : budget!, budget: budget as Budget });
    }
    if (state.startsWith('0')) return failure(run, state.slice(1));
    if (calls !== '') {
      run.outstanding += (JSON.parse(calls) as unknown[]).length;
      parentPort.postMessage({ kind: 'calls', id: run.id, calls });
      return;
    }
    if (run.outstanding === 0)
      finish(run, {
        ok: false,
        error:
          'the program never finished: it awaits something that cannot happen (a program has tools, no ' +
          'timers and no I/O)',
      });
  }

  function start(message: RunMessage): void {
    const runtime = engine.newRuntime();
    runtime.setMemoryLimit(message.memoryBytes);
    runtime.setMaxStackSize(boot.stackBytes);
    const context = runtime.newContext();
    const run: Run = {
      id: message.id,
      runtime,
      context,
      fns: undefined as any,
      deadline: message.deadline,
      outstanding: 0,
    };
    runtime.setInterruptHandler(() => Date.now() > run.deadline);
    const early = (error: string): void => {
      const budget = limitOf(error);
      context.dispose();
      runtime.dispose();
      parentPort.postMessage({
        kind: 'done',
        id: message.id,
        outcome: budget ? { ok: false, error, budget, logs: [] } : { ok: false, error, logs: [] },
        retire: false,
      } satisfies DoneMessage);
    };
    const prelude = context.evalCode(`(${boot.prelude})(${1024 * 1024});`, 'toolkit-prelude.js');
    if (prelude.error) return early(describe(run, prelude.error));
    prelude.value.dispose();
    const made = context.evalCode(`(${boot.harness})`, 'toolkit-program-harness.js');
    if (made.error) return early(describe(run, made.error));
    const catalog = context.newString(message.catalog);
    const limits = context.newString(message.limits);
    const harness = context.callFunction(made.value, context.undefined, catalog, limits);
    made.value.dispose();
    catalog.dispose();
    limits.dispose();
    if (harness.error) return early(describe(run, harness.error));
    const member = (key: string): any => context.getProp(harness.value, key);
    const watch = member('watch');
    (run as { fns: Run['fns'] }).fns = {
      take: member('take'),
      answer: member('answer'),
      state: member('state'),
      logs: member('logs'),
    };
    harness.value.dispose();
    runs.set(run.id, run);
    const started = context.evalCode(`${message.js}\n;${boot.entry}()`, 'program.js');
    if (started.error) {
      watch.dispose();
      return failure(run, describe(run, started.error));
    }
    const watched = context.callFunction(watch, context.undefined, started.value);
    started.value.dispose();
    watch.dispose();
    if (watched.error) return failure(run, describe(run, watched.error));
    watched.value.dispose();
    pump(run);
  }

  function answer(message: AnswerMessage): void {
    const run = runs.get(message.id);
    if (!run) return;
    run.outstanding--;
    const { context } = run;
    const args = [
      context.newNumber(message.call),
      message.ok ? context.true : context.false,
      context.newString(message.text),
    ];
    const result = context.callFunction(run.fns.answer, context.undefined, ...args);
    args[0].dispose();
    args[2].dispose();
    if (result.error) return failure(run, describe(run, result.error));
    result.value.dispose();
    pump(run);
  }

  function handle(message: ToProgramWorker): void {
    if (message.kind === 'run') start(message);
    else if (message.kind === 'answer') answer(message);
    else {
      const run = runs.get(message.id);
      if (run) finish(run, { ok: false, error: 'stopped', logs: [] });
    }
  }

  parentPort.on('message', (message: ToProgramWorker) => {
    if (engine) {
      try {
        handle(message);
      } catch (error) {
        // Whatever went wrong, the run it concerned ends with it; the worker carries on.
        const run = runs.get(message.id);
        if (run) failure(run, String((error as Error)?.message ?? error));
      }
    } else waiting.push(message);
  });
  core.newQuickJSWASMModuleFromVariant(variant).then((module: any) => {
    engine = module;
    for (const message of waiting.splice(0)) handle(message);
  });
}
