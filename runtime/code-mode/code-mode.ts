/**
 * Code mode: a catalog served as `search_api` and `run_program` (alone, or beside every tool). A
 * program is checked against the API's declarations, then run in the sandbox, where each
 * `tools.<namespace>.<tool>(input)` is a call of the served tool by its wire name: the very path a
 * client's `tools/call` takes (input validation, secrets as tokens resolved at send, redaction,
 * upstream caps and deadlines). Only the program's answer and its console lines go back.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { ServedTools } from '../create-runtime.ts';
import type { SchemaModel } from '../model.ts';
import type { RuntimeTool, ToolDescription } from '../runtime-tool.ts';
import { searchTools, type SearchIndex } from '../search/index.ts';
import { searchIndexOf } from '../toolset/search-entries.ts';
import type { ApiDeclarations, ApiEntry, CodeApiSource } from './api-types.ts';
import {
  codeListing,
  DEFAULT_API_HITS,
  MAX_API_HITS,
  MAX_PROGRAM_CHARS,
  RUN_PROGRAM,
  SEARCH_API,
} from './code-listing.ts';
import { CheckerUnavailable, createProgramChecker, describeProblems, type ProgramChecker } from './program-check.ts';
import { ProgramPool } from './program-pool.ts';
import type { GuestToolCall, RunOutcome } from './program-protocol.ts';
import { budgetMessage, DEFAULT_RUN_BUDGETS, INPUT_CHARS, LOG_LINE_CHARS, type RunBudgets } from './run-budgets.ts';

export interface CodeModeOptions {
  /** The schemas whose tools `served` lists first, in the same order (read on first need). */
  readonly schemas: () => readonly SchemaModel[];
  /** Makes the typed API (the compiler's, or a bundle's copy made at build time); called on first need. */
  readonly api: CodeApiSource;
  /** Removes the runtime's secrets from a text: every answer passes through it. */
  readonly redact: (text: string) => string;
  /** List every tool of `served` besides the two (`tools+code`). */
  readonly withTools?: boolean;
  readonly budgets?: Partial<RunBudgets>;
  /** The sandbox workers (default: a pool of its own, closed with the code mode). */
  readonly pool?: ProgramPool;
}

export interface CodeMode extends ServedTools {
  /** The API (built on first need). */
  api(): ApiDeclarations;
  /** The checker, warm after its first check. */
  readonly checker: ProgramChecker;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
const textResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });

/**
 * A tool's result as the program sees it: the structured content, else its text parsed as JSON when it is, else the
 * text.
 */
function resultValue(result: CallToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const parts = (result.content ?? []).map((item) => {
    if (item.type !== 'text')
      return item.type === 'image'
        ? { type: 'image', mimeType: item.mimeType, base64Length: item.data.length }
        : { type: item.type };
    try {
      return JSON.parse(item.text) as unknown;
    } catch {
      return item.text;
    }
  });
  return parts.length === 1 ? parts[0] : parts;
}

const errorText = (result: CallToolResult): string =>
  (result.content ?? []).map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n') ||
  'the tool failed';

/** `geo.getCoordinates`, `tools.geo.getCoordinates` or a wire name → the entry. */
function entryNamed(api: ApiDeclarations, name: string, byWire: Map<string, ApiEntry>): ApiEntry | undefined {
  const plain = name.replace(/^tools\./, '');
  return (
    byWire.get(name) ?? api.entries.find((entry) => `${entry.namespace}.${entry.name}` === plain || entry.path === name)
  );
}

export function createCodeMode(served: ServedTools, options: CodeModeOptions): CodeMode {
  const budgets: RunBudgets = { ...DEFAULT_RUN_BUDGETS, ...options.budgets };
  const ownPool = options.pool === undefined;
  let pool = options.pool;
  let api: ApiDeclarations | undefined;
  let index: SearchIndex | undefined;
  let byWire: Map<string, ApiEntry> | undefined;
  let byPath: Map<string, ApiEntry> | undefined;
  let catalogJson: string | undefined;

  const schemaToolCount = (): number => options.schemas().reduce((sum, schema) => sum + schema.tools.length, 0);
  const wireNames = (): string[] => served.listing.slice(0, schemaToolCount()).map((entry) => entry.name);
  /** The API with each entry's wire name from the listing (same order; a bundle's stored API leaves them out). */
  const apiNow = (): ApiDeclarations => {
    if (api) return api;
    const names = wireNames();
    const made = options.api(options.schemas(), names);
    if (made.entries.length !== names.length) {
      throw new Error(`the code-mode API has ${made.entries.length} tools where the listing has ${names.length}`);
    }
    return (api = { ...made, entries: made.entries.map((entry, index) => ({ ...entry, wire: names[index]! })) });
  };
  const wireMap = (): Map<string, ApiEntry> =>
    (byWire ??= new Map(apiNow().entries.map((entry) => [entry.wire, entry])));
  const pathMap = (): Map<string, ApiEntry> =>
    (byPath ??= new Map(apiNow().entries.map((entry) => [`${entry.namespace}\u0000${entry.name}`, entry])));
  const checker = createProgramChecker(
    () => apiNow().text,
    () => apiNow().catalog,
  );
  let warmed = false;
  const warmSoon = (): void => {
    if (warmed) return;
    warmed = true;
    setTimeout(() => {
      try {
        checker.warm();
      } catch {
        // Told to the first program instead.
      }
    }, 0).unref();
  };

  const count = served.toolCount ?? served.listing.length;
  const listing: Tool[] = codeListing(count, budgets);
  const described = (name: string) => listing.find((entry) => entry.name === name) as unknown as ToolDescription;

  const search: RuntimeTool = {
    ...described(SEARCH_API),
    async call(args) {
      const input = (args ?? {}) as Json;
      if (typeof input !== 'object' || Array.isArray(input))
        return failure(`invalid arguments for ${SEARCH_API}: expected an object`);
      const extra = Object.keys(input).filter((key) => !['query', 'tools', 'limit'].includes(key));
      if (extra.length > 0)
        return failure(
          `invalid arguments for ${SEARCH_API}: unknown ${extra.map((key) => JSON.stringify(key)).join(', ')} ` +
            `(allowed: query, tools, limit)`,
        );
      const limit = input.limit ?? DEFAULT_API_HITS;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_API_HITS)
        return failure(`invalid arguments for ${SEARCH_API}: limit must be an integer from 1 to ${MAX_API_HITS}`);
      if (input.query !== undefined && typeof input.query !== 'string')
        return failure(`invalid arguments for ${SEARCH_API}: query must be words to search for`);
      if (
        input.tools !== undefined &&
        (!Array.isArray(input.tools) ||
          input.tools.some((name) => typeof name !== 'string') ||
          input.tools.length > MAX_API_HITS)
      ) {
        return failure(
          `invalid arguments for ${SEARCH_API}: tools must be up to ${MAX_API_HITS} names like "geo.getCoordinates"`,
        );
      }
      const declarations = apiNow();
      warmSoon();
      const parts: string[] = [];
      for (const name of (input.tools as string[] | undefined) ?? []) {
        const entry = entryNamed(declarations, name, wireMap());
        parts.push(entry ? entry.snippet : `// no tool is named ${JSON.stringify(name)}; search by words to find one`);
      }
      const query = typeof input.query === 'string' ? input.query.trim() : '';
      if (query !== '') {
        index ??= searchIndexOf(options.schemas(), wireNames());
        const hits = searchTools(index, query, limit)
          .map(({ entry }) => wireMap().get(entry.name))
          .filter((entry) => entry !== undefined);
        parts.push(
          ...(hits.length > 0
            ? hits.map((entry) => entry.snippet)
            : [`// nothing matches ${JSON.stringify(query)}; call ${SEARCH_API} without arguments for the namespaces`]),
        );
      }
      if (parts.length === 0) {
        const lines = Object.keys(declarations.catalog)
          .sort()
          .map((namespace) => {
            const names = declarations.catalog[namespace]!;
            return (
              `// tools.${namespace}: ` +
              `${names.slice(0, 12).join(', ')}${names.length > 12 ? `, … (${names.length} tools)` : ''}`
            );
          });
        parts.push(
          `// ${declarations.entries.length} tools in ${lines.length} namespaces; search by words or name tools for ` +
            `their types.`,
          ...lines,
        );
      }
      return textResult(options.redact(parts.join('\n\n')));
    },
  };

  const runProgram: RuntimeTool = {
    ...described(RUN_PROGRAM),
    async call(args, extra) {
      const input = (args ?? {}) as Json;
      const extraKeys =
        typeof input === 'object' && !Array.isArray(input) ? Object.keys(input).filter((key) => key !== 'code') : [];
      if (extraKeys.length > 0)
        return failure(
          `invalid arguments for ${RUN_PROGRAM}: unknown ${extraKeys.map((key) => JSON.stringify(key)).join(', ')} ` +
            `(allowed: code)`,
        );
      const code = input.code;
      if (typeof code !== 'string' || code.trim() === '')
        return failure(`invalid arguments for ${RUN_PROGRAM}: code must be the body of an async function`);
      if (code.length > MAX_PROGRAM_CHARS)
        return failure(
          `invalid arguments for ${RUN_PROGRAM}: code is ${code.length} characters, over the ${MAX_PROGRAM_CHARS} a ` +
            `program may have`,
        );
      let checked: ReturnType<ProgramChecker['check']>;
      try {
        checked = checker.check(code);
      } catch (error) {
        if (error instanceof CheckerUnavailable) return failure(`the program was not run: ${error.message}`);
        throw error;
      }
      warmed = true;
      // The time budget is the run's: a cold check (the compiler loading) does not count against it.
      const started = Date.now();
      if (!checked.ok)
        return failure(
          options.redact(`the program was not run: it does not fit the API\n${describeProblems(checked.problems)}`),
        );
      pool ??= new ProgramPool();
      // Tool calls still running when the run ends (a budget, the deadline) are cancelled with it.
      const ended = new AbortController();
      const signal = extra?.signal ? AbortSignal.any([extra.signal, ended.signal]) : ended.signal;
      let made = 0;
      const onCalls = (
        calls: readonly GuestToolCall[],
        answer: (id: number, ok: boolean, text: string) => void,
      ): RunOutcome | undefined => {
        if (made + calls.length > budgets.calls) return { ok: false, error: 'calls', budget: 'calls', logs: [] };
        made += calls.length;
        for (const call of calls) {
          const entry = pathMap().get(`${call.namespace}\u0000${call.tool}`);
          const tool = entry && served.tool(entry.wire);
          if (!entry || !tool) {
            answer(call.id, false, `tools.${call.namespace}.${call.tool} is not a tool of this server`);
            continue;
          }
          let toolInput: unknown;
          try {
            toolInput = JSON.parse(call.input);
          } catch {
            answer(call.id, false, `the input of ${entry.path} is not JSON`);
            continue;
          }
          tool.call(toolInput, { signal }).then(
            (result) =>
              result.isError
                ? answer(call.id, false, errorText(result))
                : answer(call.id, true, JSON.stringify(resultValue(result)) ?? 'null'),
            (error: unknown) => answer(call.id, false, error instanceof Error ? error.message : String(error)),
          );
        }
        return undefined;
      };
      catalogJson ??= JSON.stringify(apiNow().catalog);
      const outcome = await pool
        .run({
          js: checked.js,
          catalog: catalogJson,
          limits: {
            logLines: budgets.logLines,
            logLineChars: LOG_LINE_CHARS,
            outputChars: budgets.outputChars,
            inputChars: INPUT_CHARS,
          },
          memoryBytes: budgets.memoryBytes,
          deadline: started + budgets.timeMs,
          ...(extra?.signal ? { signal: extra.signal } : {}),
          onCalls,
        })
        .finally(() => ended.abort());
      const logs =
        outcome.logs.length > 0
          ? [{ type: 'text' as const, text: options.redact(`console:\n${outcome.logs.join('\n')}`) }]
          : [];
      if (outcome.ok) return { content: [{ type: 'text', text: options.redact(outcome.value) }, ...logs] };
      const message = outcome.budget
        ? budgetMessage(outcome.budget, budgets, outcome.error)
        : `the program failed: ${outcome.error}`;
      return { content: [{ type: 'text', text: options.redact(message) }, ...logs], isError: true };
    },
  };

  const own = new Map([search, runProgram].map((tool) => [tool.name, tool]));
  let fullListing: readonly Tool[] | undefined;
  return {
    get listing() {
      return options.withTools ? (fullListing ??= [...served.listing, ...listing]) : listing;
    },
    toolCount: options.withTools ? count + listing.length : listing.length,
    tool: (name) => own.get(name) ?? served.tool(name),
    api: apiNow,
    checker,
    async close() {
      if (ownPool) await pool?.close();
    },
  };
}
