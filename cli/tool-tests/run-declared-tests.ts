/**
 * Runs the tests a schema declares for its tools through the same runtime that serves them: each test's
 * input goes through input validation, request assembly, handlers and the upstream client, and passes
 * when the tool answers without `isError` (a declared output is checked by the runtime). Live for a user
 * with the network (`toolkit test single`); against recorded responses on loopback in `npm test`, where
 * only the injected upstream client differs.
 */
import { relative, sep } from 'node:path';
import type { GrantHint, Grants } from '../../runtime/secrets/grants.ts';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { SchemaModel } from '../../runtime/model.ts';
import type { UpstreamHttpClient } from '../../runtime/upstream/upstream-http.ts';
import { readDeclaredTests, type DeclaredTest } from './declared-tests.ts';

/** A problem the user can fix (unknown tool, broken schema, nothing to test): one message, exit 1. */
export class ToolTestError extends Error {
  override readonly name = 'ToolTestError';
  /** `unknown`: no such tool (a usage mistake, exit 2); `untestable`: it exists but cannot be tested (exit 1). */
  constructor(
    message: string,
    readonly kind: 'unknown' | 'untestable' = 'untestable',
  ) {
    super(message);
  }
}

export interface TestOutcome {
  /** The tool's CLI (wire) name, e.g. `get_daily_forecast_openmeteo`. */
  readonly tool: string;
  /** `<namespace>/tool/<name>`. */
  readonly id: string;
  readonly description: string;
  readonly ok: boolean;
  /** Failure: what went wrong; pass: what came back (kind and size). */
  readonly detail: string;
  readonly ms: number;
  readonly result: CallToolResult;
}

export interface RunDeclaredTestsOptions {
  readonly schemasDir: string;
  /**
   * A tool's CLI name (`get_daily_forecast_openmeteo`), its ID (`openmeteo/tool/getDailyForecast` or
   * `openmeteo/getDailyForecast`), or a namespace (all its tools).
   */
  readonly selector: string;
  /** The upstream client; default: the runtime's own (live network). */
  readonly http?: UpstreamHttpClient;
  /**
   * Server params (API keys); default: none (the command reads the granted ones from `~/.toolkit/.env` and the
   * environment).
   */
  readonly serverParams?: Readonly<Record<string, string>>;
  /** Which schema may use which server param (by namespace); default: none. */
  readonly grants?: Grants;
  /** How the user grants a variable, named in the error of a call that lacks one. */
  readonly grantHint?: GrantHint;
  readonly timeoutMs?: number;
  /** Largest upstream body accepted (the runtime's default when absent). */
  readonly maxBodyBytes?: number;
  readonly allowedLibraries?: readonly string[];
  readonly listsDir?: string;
  /** Called after each test, so a command can print as results arrive. */
  readonly onOutcome?: (outcome: TestOutcome) => void;
}

export interface DeclaredTestsReport {
  /** The selected tools (CLI names), in catalog order. */
  readonly tools: readonly string[];
  readonly outcomes: readonly TestOutcome[];
  /** Selected tools that declare no tests. */
  readonly untested: readonly string[];
}

interface Selector {
  readonly namespace?: string;
  readonly toolName?: string;
  readonly wireName?: string;
}

/** `ns/tool/name`, `ns/name`, a CLI name `snake_name_ns`, or a bare namespace. */
function parseSelector(text: string): Selector {
  const parts = text.split('/');
  if (parts.length === 3 && parts[1] === 'tool') return { namespace: parts[0]!, toolName: parts[2]! };
  if (parts.length === 2) return { namespace: parts[0]!, toolName: parts[1]! };
  if (parts.length !== 1 || text === '')
    throw new ToolTestError(
      `"${text}" is not a tool: give its name (get_daily_forecast_openmeteo), its ID ` +
        `(openmeteo/tool/getDailyForecast) or a namespace`,
      'unknown',
    );
  if (text.includes('_')) return { wireName: text, namespace: text.slice(text.lastIndexOf('_') + 1) };
  return { namespace: text };
}

/** The schema files worth loading for a selector: those in a folder named after its namespace, else all. */
async function candidateFiles(schemasDir: string, selector: Selector): Promise<string[]> {
  const { findSchemaFiles } = await import('../../compiler/load/find-schema-files.ts');
  const all = findSchemaFiles(schemasDir);
  if (selector.namespace === undefined) return all;
  const narrowed = all.filter((file) =>
    relative(schemasDir, file).split(sep).slice(0, -1).includes(selector.namespace!),
  );
  return narrowed.length > 0 ? narrowed : all;
}

function summarize(result: CallToolResult): string {
  const texts = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);
  if (result.isError) {
    const text = texts.join(' ').replace(/\s+/g, ' ').trim() || 'the tool reported an error';
    return text.length > 400 ? `${text.slice(0, 397)}…` : text;
  }
  const first = result.content[0];
  if (first?.type === 'image') return `${first.mimeType} image, ${Buffer.byteLength(first.data, 'base64')} bytes`;
  const size = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const kind =
    result.structuredContent !== undefined
      ? 'JSON matching the declared output'
      : texts.length === 1 && /^[[{]/.test(texts[0]!)
        ? 'JSON'
        : 'text';
  return `${kind}, ${size < 1024 ? `${size} bytes` : `${(size / 1024).toFixed(1)} KB`}`;
}

export async function runDeclaredTests(options: RunDeclaredTestsOptions): Promise<DeclaredTestsReport> {
  const selector = parseSelector(options.selector);
  const { loadSchemaFile } = await import('../../compiler/load/load-schema.ts');
  const { createRuntime } = await import('../../runtime/create-runtime.ts');
  const { guestLibrariesOnFirstUse } = await import('../../compiler/build/guest-libraries/on-first-use.ts');

  const files = await candidateFiles(options.schemasDir, selector);
  const loaded: { file: string; model: SchemaModel }[] = [];
  const broken: string[] = [];
  for (const file of files) {
    const result = loadSchemaFile(file, {
      ...(options.allowedLibraries ? { allowedLibraries: options.allowedLibraries } : {}),
      ...(options.listsDir ? { listsDir: options.listsDir } : {}),
    });
    if (result.model) loaded.push({ file, model: result.model });
    else {
      const first = result.diagnostics.find((d) => d.severity === 'error');
      broken.push(
        `${relative(process.cwd(), file)}: ${first ? `${first.rule} ${first.message}` : 'not loadable'} (run ` +
          `toolkit validate)`,
      );
    }
  }

  const models = loaded.map((l) => l.model);
  const runtime = createRuntime({
    schemas: models,
    // Libraries run inside the handler sandbox, bundled for it on first use, as `toolkit server` does.
    guestLibraries: guestLibrariesOnFirstUse({ resolveDirs: [process.cwd(), options.schemasDir] }),
    ...(options.http ? { http: options.http } : {}),
    ...(options.serverParams ? { serverParams: options.serverParams } : {}),
    ...(options.grants ? { grants: options.grants } : {}),
    ...(options.grantHint ? { grantHint: options.grantHint } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
  try {
    // The runtime's tools come in schema order, then tool order: the same walk gives each its schema.
    const entries = loaded.flatMap(({ file, model }) =>
      model.tools.map((tool) => ({ file, namespace: model.namespace, toolName: tool.name })),
    );
    const served = runtime.tools.map((tool, index) => ({ ...entries[index]!, tool }));
    const selected = served.filter((s) =>
      selector.wireName !== undefined
        ? s.tool.name === selector.wireName
        : selector.toolName !== undefined
          ? s.namespace === selector.namespace && s.toolName === selector.toolName
          : s.namespace === selector.namespace,
    );
    if (selected.length === 0) {
      const near = served.filter((s) => s.namespace === selector.namespace).map((s) => s.tool.name);
      const hint =
        near.length > 0
          ? `; tools of ${selector.namespace}: ${near.join(', ')}`
          : broken.length > 0
            ? `; schemas that did not load: ${broken.join('; ')}`
            : '';
      throw new ToolTestError(
        `no tool "${options.selector}" in ${relative(process.cwd(), options.schemasDir) || '.'}${hint}`,
        'unknown',
      );
    }

    const testsByFile = new Map<string, Map<string, DeclaredTest[]>>();
    const outcomes: TestOutcome[] = [];
    const untested: string[] = [];
    for (const { file, namespace, toolName, tool } of selected) {
      let declared = testsByFile.get(file);
      if (!declared) testsByFile.set(file, (declared = readDeclaredTests(file)));
      const tests = declared.get(toolName) ?? [];
      if (tests.length === 0) untested.push(tool.name);
      for (const test of tests) {
        const started = performance.now();
        const result = await tool.call(test.input);
        const outcome: TestOutcome = {
          tool: tool.name,
          id: `${namespace}/tool/${toolName}`,
          description: test.description,
          ok: result.isError !== true,
          detail: summarize(result),
          ms: Math.round(performance.now() - started),
          result,
        };
        outcomes.push(outcome);
        options.onOutcome?.(outcome);
      }
    }
    if (outcomes.length === 0)
      throw new ToolTestError(
        `${untested.join(', ')} declare${untested.length === 1 ? 's' : ''} no tests: add a tests array to the tool ` +
          `in its schema`,
      );
    return { tools: selected.map((s) => s.tool.name), outcomes, untested };
  } finally {
    await runtime.close();
  }
}
