/**
 * Runs a schema's handlers behind the isolation boundary (`isolation/`): the factory and its hooks
 * run in a QuickJS engine inside a worker thread, in a context of the schema's own with only the
 * libraries it declares (bundled for the sandbox, never host objects). Hook inputs go in and
 * results come out as JSON text; every call runs under the call's deadline and the sandbox's memory
 * and stack limits, enforced by the engine and, failing that, by terminating the worker.
 */
import type { CallBudget } from './call-budget.ts';
import { GuestLibraryError, type GuestLibrarySource } from './isolation/guest-libraries.ts';
import type { Limit } from './isolation/protocol.ts';
import type { GuestDefinition, WorkerPool } from './isolation/worker-pool.ts';
import type { SchemaModel } from './model.ts';
import { ToolError } from './tool-error.ts';

export type HookName = 'preRequest' | 'executeRequest' | 'postRequest';

export interface HandlerSandbox {
  /** Calls one hook with a JSON-serializable input; resolves to its JSON-copied return value. */
  call(tool: string, hook: HookName, input: unknown, budget: CallBudget): Promise<unknown>;
}

/** What every sandbox of a runtime shares: the worker pool and where library code comes from. */
export interface Isolation {
  readonly pool: WorkerPool;
  readonly libraries: GuestLibrarySource;
}

const MiB = 1024 * 1024;

/**
 * The sandbox of one schema. `id` names its context in the workers. The context is made on the
 * first call (a factory that throws fails each call that needs it; one that merely ran out of time
 * is tried again on the next call).
 */
export function createHandlerSandbox(schema: SchemaModel, isolation: Isolation, id: number): HandlerSandbox {
  let definition: Promise<GuestDefinition> | undefined;
  let loadError: string | undefined;
  const label = `handlers of "${schema.namespace}"`;

  const define = async (): Promise<GuestDefinition> => {
    const source = schema.handlersSource ?? '() => ({})';
    const wanted = [...schema.requiredLibraries].map((name) => ({ name, declared: true }));
    // The scan allows the global `Buffer`; QuickJS has none, so the pure-JavaScript one is loaded for code that names
    // it.
    if (/\bBuffer\b/.test(source))
      wanted.push({ name: 'buffer', declared: schema.requiredLibraries.includes('buffer') });
    const libraries = await Promise.all(
      wanted.map(async ({ name, declared }) => {
        const library = await isolation.libraries.load(name);
        const globalName = name === 'buffer' && /\bBuffer\b/.test(source) ? 'Buffer' : undefined;
        return { name, key: library.key, code: library.code, declared, ...(globalName ? { globalName } : {}) };
      }),
    );
    // A library both declared and used as the `Buffer` global is loaded once.
    const unique = libraries.filter(
      (library, index) => libraries.findIndex((other) => other.name === library.name) === index,
    );
    return { label: schema.namespace, source, lists: JSON.stringify(schema.sharedLists ?? {}), libraries: unique };
  };

  const limitText = (limit: Limit, budget: CallBudget): string => {
    const { limits } = isolation.pool;
    if (limit === 'time') return `timed out: it ran past the call's limit of ${budget.timeoutMs} ms (ETIMEDOUT)`;
    if (limit === 'memory') return `exceeded the handler memory limit of ${Math.round(limits.memoryBytes / MiB)} MiB`;
    return `overflowed the handler stack limit of ${Math.round(limits.stackBytes / 1024)} KiB`;
  };

  return {
    async call(tool, hook, input, budget) {
      const what = `${hook} handler of ${tool}`;
      if (loadError) throw new ToolError(loadError);
      let made: GuestDefinition;
      try {
        made = await (definition ??= define());
      } catch (error) {
        definition = undefined;
        if (error instanceof GuestLibraryError) throw new ToolError(`${label} cannot run: ${error.message}`);
        throw error;
      }
      let text: string;
      try {
        text = JSON.stringify(input) ?? 'null';
      } catch (error) {
        throw new ToolError(`${what} cannot be given its input: ${(error as Error).message}`);
      }
      const outcome = await isolation.pool.run({
        schema: id,
        definition: made,
        tool,
        hook,
        input: text,
        deadline: Date.now() + budget.remaining(),
        signal: budget.signal,
      });
      if (outcome.ok) return JSON.parse(outcome.value) as unknown;
      if (budget.signal.aborted && !outcome.limit)
        throw new ToolError(budget.timedOut() ? `${what} ${limitText('time', budget)}` : `${what} was cancelled`);
      if (outcome.load) {
        const message = `${label} failed to load: ${outcome.limit ? limitText(outcome.limit, budget) : outcome.error}`;
        if (outcome.limit !== 'time') loadError = message;
        throw new ToolError(message);
      }
      throw new ToolError(`${what} ${outcome.limit ? limitText(outcome.limit, budget) : `failed: ${outcome.error}`}`);
    },
  };
}
