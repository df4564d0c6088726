/**
 * Runs a schema's handlers without giving them the host. The factory source is evaluated in a
 * `node:vm` context that has no `process`, `require`, `fetch`, timers or console, and in which code
 * generation from strings and WebAssembly are disabled. Data crosses the boundary only as JSON text
 * (shared lists are parsed and deep-frozen inside the context, hook inputs and outputs likewise), so
 * no host object with a host `constructor` is ever reachable; libraries go through a membrane.
 * The synchronous part of each hook runs under the call's remaining time budget.
 */
import vm from 'node:vm';
import { createMembrane } from './library-membrane.ts';
import type { SchemaModel } from './model.ts';
import { ToolError } from './tool-error.ts';

export type HookName = 'preRequest' | 'executeRequest' | 'postRequest';

export interface HandlerSandbox {
  /** Calls one hook with a JSON-serializable input; resolves to its JSON-copied return value. */
  call(tool: string, hook: HookName, input: unknown, options: { timeoutMs: number; signal?: AbortSignal }): Promise<unknown>;
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
  Object.defineProperty(globalThis, '__toolkitInvoke', {
    value: (tool, hook, inputJson) => {
      const entry = Object.prototype.hasOwnProperty.call(hooks, tool) ? hooks[tool] : undefined;
      const fn = entry === null || entry === undefined ? undefined : entry[hook];
      if (typeof fn !== 'function') return fail(new Error('is not a function'));
      try {
        const result = fn(JSON.parse(inputJson));
        if (result !== null && typeof result === 'object' && typeof result.then === 'function') return Promise.resolve(result).then(settle, fail);
        return settle(result);
      } catch (error) {
        return fail(error);
      }
    },
  });
})();`;

const INVOKE = new vm.Script('__toolkitInvoke(__toolkitTool, __toolkitHook, __toolkitInput)', { filename: 'toolkit-invoke.js' });

/** Instantiates the handlers of one schema on first use; a broken factory fails each call that needs it. */
export function createHandlerSandbox(schema: SchemaModel, libraries: Readonly<Record<string, unknown>>): HandlerSandbox {
  let context: vm.Context | undefined;
  let loadError: string | undefined;

  const load = (timeoutMs: number): vm.Context => {
    if (context) return context;
    if (loadError) throw new ToolError(loadError);
    const globals = Object.create(null) as Record<string, unknown>;
    const membrane = createMembrane();
    const injected: Record<string, unknown> = Object.create(null);
    for (const name of schema.requiredLibraries) if (name in libraries) injected[name] = libraries[name];
    globals.__toolkitLists = JSON.stringify(schema.sharedLists ?? {});
    globals.__toolkitLibraries = membrane.wrap(injected);
    const created = vm.createContext(globals, { name: `handlers:${schema.namespace}`, codeGeneration: { strings: false, wasm: false } });
    try {
      new vm.Script(PRELUDE(schema.handlersSource ?? '() => ({})'), { filename: `${schema.namespace}-handlers.js` }).runInContext(created, { timeout: Math.max(1, timeoutMs) });
    } catch (error) {
      loadError = `handlers of "${schema.namespace}" failed to load: ${messageOf(error)}`;
      throw new ToolError(loadError);
    }
    context = created;
    return created;
  };

  return {
    async call(tool, hook, input, { timeoutMs, signal }) {
      const started = Date.now();
      const ctx = load(timeoutMs);
      ctx.__toolkitTool = tool;
      ctx.__toolkitHook = hook;
      ctx.__toolkitInput = JSON.stringify(input);
      let pending: unknown;
      try {
        pending = INVOKE.runInContext(ctx, { timeout: Math.max(1, timeoutMs - (Date.now() - started)) });
      } catch (error) {
        throw new ToolError(`${hook} handler of ${tool} failed: ${messageOf(error)}`);
      }
      const text = typeof pending === 'string' ? pending : await raceDeadline(pending as Promise<string>, timeoutMs - (Date.now() - started), signal, `${hook} handler of ${tool}`);
      const settled = JSON.parse(text) as Settled;
      if (!settled.ok) throw new ToolError(`${hook} handler of ${tool} failed: ${settled.error}`);
      return settled.value;
    },
  };
}

function messageOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

function raceDeadline(promise: Promise<string>, remainingMs: number, signal: AbortSignal | undefined, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ToolError(`${what} timed out (ETIMEDOUT)`)), Math.max(1, remainingMs));
    const onAbort = () => reject(new ToolError(`${what} was cancelled`));
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
      (value) => resolve(String(value)),
      (error) => reject(new ToolError(`${what} failed: ${messageOf(error)}`)),
    ).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}
