/**
 * Runs a schema's handlers without giving them the host. The factory source is evaluated in a
 * `node:vm` context that has no `process`, `require`, `fetch`, timers or console, and in which code
 * generation from strings and WebAssembly are disabled. Data crosses the boundary only as JSON text
 * (shared lists are parsed and deep-frozen inside the context, hook inputs and outputs likewise), so
 * no host object with a host `constructor` is ever reachable; libraries go through a membrane.
 * The context has its own microtask queue (`microtaskMode: 'afterEvaluate'`), which the host drains
 * under the call's remaining time: an async hook that never yields (`for (;;) await 0`) is stopped by
 * the deadline like a synchronous loop, instead of starving the host's event loop.
 */
import vm from 'node:vm';
import type { CallBudget } from './call-budget.ts';
import { createMembrane } from './library-membrane.ts';
import type { SchemaModel } from './model.ts';
import { ToolError } from './tool-error.ts';

export type HookName = 'preRequest' | 'executeRequest' | 'postRequest';

export interface HandlerSandbox {
  /** Calls one hook with a JSON-serializable input; resolves to its JSON-copied return value. */
  call(tool: string, hook: HookName, input: unknown, budget: CallBudget): Promise<unknown>;
}

interface Settled {
  ok: boolean;
  value?: unknown;
  error?: string;
}

const PRELUDE = (source: string) => `'use strict';
(() => {
  delete globalThis.console;
  const deepFreeze = (value) => {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const key of Object.keys(value)) deepFreeze(value[key]);
    }
    return value;
  };
  const sharedLists = deepFreeze(JSON.parse(globalThis.__toolkitLists));
  const libraries = globalThis.__toolkitLibraries;
  delete globalThis.__toolkitLists;
  delete globalThis.__toolkitLibraries;
  const factory = (
${source}
  );
  if (typeof factory !== 'function') throw new Error('handlers must be a factory function');
  const hooks = factory({ sharedLists, libraries });
  if (hooks === null || typeof hooks !== 'object') throw new Error('the handlers factory must return a plain object');
  const describe = (error) => {
    try { return String(error && typeof error === 'object' && 'message' in error ? error.message : error); } catch { return 'unprintable error'; }
  };
  const settle = (value) => {
    try { return JSON.stringify({ ok: true, value }); } catch (error) { return JSON.stringify({ ok: false, error: 'returned a value that is not JSON (' + describe(error) + ')' }); }
  };
  const fail = (error) => JSON.stringify({ ok: false, error: describe(error) });
  // Settled results of async hooks, by call id, until the host takes them.
  const results = new Map();
  Object.defineProperty(globalThis, '__toolkitInvoke', {
    value: (id, tool, hook, inputJson) => {
      const entry = Object.prototype.hasOwnProperty.call(hooks, tool) ? hooks[tool] : undefined;
      const fn = entry === null || entry === undefined ? undefined : entry[hook];
      if (typeof fn !== 'function') return fail(new Error('is not a function'));
      try {
        const result = fn(JSON.parse(inputJson));
        if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
          Promise.resolve(result).then(settle, fail).then((text) => { results.set(id, text); });
          return undefined;
        }
        return settle(result);
      } catch (error) {
        return fail(error);
      }
    },
  });
  Object.defineProperty(globalThis, '__toolkitTake', {
    value: (id) => {
      const text = results.get(id);
      if (text !== undefined) results.delete(id);
      return text;
    },
  });
})();`;

const INVOKE = new vm.Script('__toolkitInvoke(__toolkitId, __toolkitTool, __toolkitHook, __toolkitInput)', { filename: 'toolkit-invoke.js' });
/** Evaluating anything runs the context's pending microtasks (under the run's timeout). */
const DRAIN = new vm.Script('0', { filename: 'toolkit-drain.js' });
const TAKE = new vm.Script('__toolkitTake(__toolkitId)', { filename: 'toolkit-take.js' });

const isTimeout = (error: unknown): boolean => error !== null && typeof error === 'object' && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

/** Waits for the host's pending I/O and callbacks: a turn at first, then (for a hook awaiting slow host work) a few ms. */
const pause = (round: number): Promise<void> => new Promise((resolve) => (round < 64 ? setImmediate(resolve) : setTimeout(resolve, 2)));

/**
 * Instantiates the handlers of one schema on first use, under `loadTimeoutMs` (not a call's remaining
 * time); a factory that throws fails each call that needs it, one that merely ran out of time is tried again.
 */
export function createHandlerSandbox(schema: SchemaModel, libraries: Readonly<Record<string, unknown>>, loadTimeoutMs: number): HandlerSandbox {
  let context: vm.Context | undefined;
  let loadError: string | undefined;
  let nextId = 0;

  const load = (timeoutMs: number): vm.Context => {
    if (context) return context;
    if (loadError) throw new ToolError(loadError);
    const globals = Object.create(null) as Record<string, unknown>;
    const membrane = createMembrane();
    const injected: Record<string, unknown> = Object.create(null);
    for (const name of schema.requiredLibraries) if (name in libraries) injected[name] = libraries[name];
    globals.__toolkitLists = JSON.stringify(schema.sharedLists ?? {});
    globals.__toolkitLibraries = membrane.wrap(injected);
    const created = vm.createContext(globals, { name: `handlers:${schema.namespace}`, codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
    try {
      new vm.Script(PRELUDE(schema.handlersSource ?? '() => ({})'), { filename: `${schema.namespace}-handlers.js` }).runInContext(created, { timeout: Math.max(1, timeoutMs) });
    } catch (error) {
      const message = `handlers of "${schema.namespace}" failed to load: ${messageOf(error)}`;
      if (!isTimeout(error)) loadError = message;
      throw new ToolError(message);
    }
    context = created;
    return created;
  };

  return {
    async call(tool, hook, input, budget) {
      const what = `${hook} handler of ${tool}`;
      const ctx = load(loadTimeoutMs);
      const id = nextId++;
      ctx.__toolkitId = id;
      ctx.__toolkitTool = tool;
      ctx.__toolkitHook = hook;
      ctx.__toolkitInput = JSON.stringify(input);
      // A hook stopped mid-way may leave continuations queued in this context: later calls get a fresh one.
      const abandon = () => {
        if (context === ctx) context = undefined;
      };
      let text: unknown;
      try {
        text = INVOKE.runInContext(ctx, { timeout: budget.remaining() });
      } catch (error) {
        if (isTimeout(error)) abandon();
        throw new ToolError(`${what} failed: ${messageOf(error)}`);
      }
      if (typeof text === 'string') return parseSettled(text, what);

      // An async hook: drive the context's queue until it settles, the deadline passes or the call is cancelled.
      for (let round = 0; ; round++) {
        if (budget.signal.aborted) {
          abandon();
          throw new ToolError(budget.timedOut() ? `${what} timed out (ETIMEDOUT)` : `${what} was cancelled`);
        }
        await pause(round);
        if (budget.signal.aborted) continue;
        ctx.__toolkitId = id;
        try {
          DRAIN.runInContext(ctx, { timeout: budget.remaining() });
          text = TAKE.runInContext(ctx, { timeout: budget.remaining() });
        } catch (error) {
          abandon();
          if (isTimeout(error)) throw new ToolError(`${what} timed out (ETIMEDOUT)`);
          throw new ToolError(`${what} failed: ${messageOf(error)}`);
        }
        if (typeof text === 'string') return parseSettled(text, what);
      }
    },
  };
}

function parseSettled(text: string, what: string): unknown {
  const settled = JSON.parse(text) as Settled;
  if (!settled.ok) throw new ToolError(`${what} failed: ${settled.error}`);
  return settled.value;
}

function messageOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}
