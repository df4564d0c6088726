/**
 * The body of an isolation worker thread: a QuickJS (WebAssembly) engine with one runtime and
 * context per hooked schema, each with its own heap limit, stack limit and interrupt deadline.
 * The guest gets no host function at all: handler code, library code and hook inputs arrive as
 * text, and only the strings the guest's harness computes leave (see `guest-prelude.ts`).
 *
 * The worker is started from this function's source text (`String(guestWorkerMain)`), so a
 * generated bundle needs no file beside it. It may therefore use nothing from its module scope:
 * whatever it needs arrives as arguments (`load` is the worker's `require`).
 */
/* eslint-disable */
import type {
  CallMessage,
  CallOutcome,
  DefineMessage,
  GuestLimits,
  Limit,
  ResultMessage,
  ToWorker,
} from './protocol.ts';

export interface WorkerBoot {
  /** Absolute paths (CommonJS builds) of quickjs-emscripten-core and the WASM variant. */
  readonly core: string;
  readonly variant: string;
  /** Text of the guest prelude, called with the result size limit. */
  readonly prelude: string;
  readonly limits: GuestLimits;
  /** WASM memory above which the worker asks to be replaced after a call (it never shrinks). */
  readonly retireBytes: number;
}

export function guestWorkerMain(load: (id: string) => any, boot: WorkerBoot): void {
  const { parentPort, workerData } = load('node:worker_threads');
  const core = load(boot.core);
  const variantModule = load(boot.variant);
  const base = variantModule.default ?? variantModule;
  // The host compiles the engine's WebAssembly once; each worker only instantiates it.
  const variant = workerData?.wasmModule ? core.newVariant(base, { wasmModule: workerData.wasmModule }) : base;

  interface Guest {
    readonly runtime: any;
    readonly context: any;
    readonly invoke: any;
    readonly take: any;
    /** Guest strings of the tool and hook names, made on their first call and kept with the context. */
    readonly names: Map<string, any>;
  }
  class Escaped extends Error {
    constructor(
      message: string,
      readonly limit: Limit | undefined,
    ) {
      super(message);
    }
  }

  const libraries = new Map<string, string>();
  const definitions = new Map<number, DefineMessage>();
  const guests = new Map<number, Guest>();
  const waiting: ToWorker[] = [];
  let engine: any;
  let deadline = 0;
  let retired = false;

  const limitOf = (message: string): Limit | undefined =>
    /interrupted/i.test(message)
      ? 'time'
      : /out of memory/i.test(message)
        ? 'memory'
        : /stack overflow/i.test(message)
          ? 'stack'
          : undefined;

  /** As the harness cuts what it describes: an error's text never grows with what the guest allocated. */
  const cut = (text: string): string => (text.length > 2000 ? `${text.slice(0, 2000)}…` : text);

  /** Reads a guest error (already outside the harness) without running guest code for long. */
  const describeWhole = (context: any, handle: any): string => {
    deadline = 0; // any getter reached from here is interrupted at once
    try {
      if (context.typeof(handle) !== 'object') return String(context.dump(handle));
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
      return name && message ? `${name}: ${message}` : message || name || 'unknown error';
    } catch {
      return 'interrupted';
    } finally {
      handle.dispose();
    }
  };

  /**
   * A guest error (thrown while a library or the handler module loads, or by the engine), cut like
   * the harness's own: a module that throws a 100 MB string must not become a 100 MB tool error,
   * sent again on every call of the schema's tools.
   */
  const describeHandle = (context: any, handle: any): string => cut(describeWhole(context, handle));

  const unwrap = (context: any, result: any): any => {
    if (result.error) {
      const message = describeHandle(context, result.error);
      throw new Escaped(message, limitOf(message));
    }
    return result.value;
  };

  const readString = (context: any, handle: any): string | undefined => {
    try {
      return context.typeof(handle) === 'string' ? context.getString(handle) : undefined;
    } finally {
      handle.dispose();
    }
  };

  function open(definition: DefineMessage): Guest {
    const runtime = engine.newRuntime();
    runtime.setMemoryLimit(boot.limits.memoryBytes);
    runtime.setMaxStackSize(boot.limits.stackBytes);
    runtime.setInterruptHandler(() => Date.now() > deadline);
    const context = runtime.newContext();
    const harness = unwrap(
      context,
      context.evalCode(`(${boot.prelude})(${boot.limits.maxResultChars});`, 'toolkit-prelude.js'),
    );
    const member = (key: string): any => context.getProp(harness, key);
    const invoke = member('invoke');
    const take = member('take');
    const loadLibrary = member('library');
    const start = member('start');
    harness.dispose();
    try {
      for (const { name, key, declared, globalName, globals } of definition.libraries) {
        const code = libraries.get(key);
        if (code === undefined) throw new Escaped(`library ${name} was not sent to the sandbox`, undefined);
        const result = context.evalCode(
          `(function () {\n${code}\n;return __toolkitGuestLibrary.default;\n})()`,
          `library:${name}.js`,
        );
        if (result.error)
          throw new Escaped(
            `library ${name} failed to load in the sandbox: ${describeHandle(context, result.error)}`,
            undefined,
          );
        const args = [
          context.newString(name),
          declared ? context.true : context.false,
          context.newString(JSON.stringify([...(globals ?? []), ...(globalName ? [globalName] : [])])),
        ];
        const loaded = context.callFunction(loadLibrary, context.undefined, args[0], result.value, args[1], args[2]);
        result.value.dispose();
        args[0]!.dispose();
        args[2]!.dispose();
        if (loaded.error)
          throw new Escaped(
            `library ${name} failed to load in the sandbox: ${describeHandle(context, loaded.error)}`,
            undefined,
          );
        loaded.value.dispose();
      }
      const namespace = context.evalCode(
        `export default (\n${definition.source}\n);\n`,
        `${definition.label}-handlers.js`,
        { type: 'module' },
      );
      if (namespace.error) {
        const message = describeHandle(context, namespace.error);
        throw new Escaped(message, limitOf(message));
      }
      const factory = context.getProp(namespace.value, 'default');
      namespace.value.dispose();
      const lists = context.newString(definition.lists);
      const started = context.callFunction(start, context.undefined, factory, lists);
      factory.dispose();
      lists.dispose();
      const problem = readString(context, unwrap(context, started));
      if (problem) throw new Escaped(problem, undefined);
    } catch (error) {
      invoke.dispose();
      take.dispose();
      throw error;
    } finally {
      loadLibrary.dispose();
      start.dispose();
    }
    return { runtime, context, invoke, take, names: new Map() };
  }

  function invoke(guest: Guest, message: CallMessage): CallOutcome {
    const { context, runtime, names } = guest;
    const name = (text: string): any => {
      let handle = names.get(text);
      if (!handle) names.set(text, (handle = context.newString(text)));
      return handle;
    };
    const args = [context.newString(message.input), context.newNumber(message.id)];
    const returned = context.callFunction(
      guest.invoke,
      context.undefined,
      name(message.tool),
      name(message.hook),
      ...args,
    );
    let text = readString(context, unwrap(context, returned));
    // Work the hook queued (promise callbacks, library callbacks) belongs to this call, settled or not.
    const jobs = runtime.executePendingJobs(-1);
    if (jobs.error) {
      const detail = describeHandle(context, jobs.error);
      throw new Escaped(detail, limitOf(detail));
    }
    jobs.dispose?.();
    if (text === undefined)
      text = readString(context, unwrap(context, context.callFunction(guest.take, context.undefined, args[1])));
    for (const arg of args) arg.dispose();
    if (text === undefined)
      return {
        ok: false,
        error: 'never settled: it awaits something that cannot happen (handlers have no timers and no I/O)',
      };
    if (text.startsWith('1')) return { ok: true, value: text.slice(1) };
    const error = text.slice(1);
    const limit = error === 'out of memory' ? 'memory' : error === 'stack overflow' ? 'stack' : undefined;
    return limit ? { ok: false, error, limit } : { ok: false, error };
  }

  /** WebAssembly memory never shrinks: past a size (dropped contexts add up), the host replaces the worker. */
  const tooBig = (): boolean => engine.getWasmMemory().buffer.byteLength > boot.retireBytes;

  function call(message: CallMessage): ResultMessage {
    deadline = message.deadline;
    let guest = guests.get(message.schema);
    if (!guest) {
      const definition = definitions.get(message.schema);
      if (!definition)
        return {
          kind: 'result',
          id: message.id,
          outcome: { ok: false, error: 'its handlers were not sent to the sandbox', load: true },
          retire: false,
        };
      try {
        guest = open(definition);
        guests.set(message.schema, guest);
      } catch (error) {
        const escaped = error instanceof Escaped ? error : new Escaped(String(error), undefined);
        const outcome: CallOutcome = escaped.limit
          ? { ok: false, error: escaped.message, load: true, limit: escaped.limit }
          : { ok: false, error: escaped.message, load: true };
        return { kind: 'result', id: message.id, outcome, retire: tooBig() };
      }
    }
    try {
      const outcome = invoke(guest, message);
      // Past the deadline, whatever came back was reached by a guest that was being interrupted (an async
      // hook can turn the interrupt into a rejection and carry on): it counts as a timeout.
      if (Date.now() > message.deadline) {
        guests.delete(message.schema);
        return {
          kind: 'result',
          id: message.id,
          outcome: { ok: false, error: 'interrupted', limit: 'time' },
          retire: tooBig(),
        };
      }
      return { kind: 'result', id: message.id, outcome, retire: tooBig() };
    } catch (error) {
      // The engine stopped the guest (deadline, heap, stack): its context is dropped, never reused; the
      // engine itself is sound, so the worker carries on (a respawn costs far more than a context).
      guests.delete(message.schema);
      const escaped = error instanceof Escaped ? error : new Escaped(String(error), undefined);
      return {
        kind: 'result',
        id: message.id,
        outcome: escaped.limit
          ? { ok: false, error: escaped.message, limit: escaped.limit }
          : { ok: false, error: escaped.message },
        retire: escaped.limit === undefined || tooBig(),
      };
    }
  }

  function handle(message: ToWorker): void {
    if (retired) return;
    if (message.kind === 'library') libraries.set(message.key, message.code);
    else if (message.kind === 'define') definitions.set(message.schema, message);
    else if (message.kind === 'stats') {
      let heapBytes = 0;
      for (const guest of guests.values()) {
        const usage = guest.runtime.computeMemoryUsage();
        heapBytes += Number(guest.context.dump(usage)?.memory_used_size ?? 0);
        usage.dispose();
      }
      parentPort.postMessage({
        kind: 'stats',
        id: message.id,
        wasmBytes: engine.getWasmMemory().buffer.byteLength,
        contexts: guests.size,
        heapBytes,
      });
    } else {
      const result = call(message);
      if (result.retire) retired = true;
      // The host budgets memory across workers: each answer says how large this worker's engine is.
      parentPort.postMessage({ ...result, wasmBytes: engine.getWasmMemory().buffer.byteLength });
    }
  }

  parentPort.on('message', (message: ToWorker) => {
    if (engine) handle(message);
    else waiting.push(message);
  });
  core.newQuickJSWASMModuleFromVariant(variant).then((module: any) => {
    engine = module;
    for (const message of waiting.splice(0)) handle(message);
  });
}
