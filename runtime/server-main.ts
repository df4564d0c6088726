/**
 * Entry of generated bundles and of `toolkit server`: reads the serving options
 * (`command-line/serve-args.ts`), builds the runtime, serves over stdio (default; nothing but protocol
 * on stdout) or HTTP (prints the URL), both protocol eras either way, and shuts down cleanly on
 * SIGINT/SIGTERM or when the stdio client goes away. A catalog whose plain listing is too large for
 * clients is served as the toolset (`runtime/toolset/`) unless `--no-toolset` says otherwise.
 */
import { createMcpServer, type ServerInfo } from './mcp-server.ts';
import {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
  secretKeysOf,
  type ServedTools,
  toolCountOf,
} from './create-runtime.ts';
import type { ServedPrompts, ServedResources } from './served-primitives.ts';
import type { ServedDiscovery } from './discovery/discovery-routes.ts';
import { reservedAmong } from './secrets/reserved-server-params.ts';
import { allSchemas } from './schema-source.ts';
import { ungrantedNotes } from './secrets/start-notes.ts';
import { grantedVariables, GrantsError } from './secrets/grants.ts';
import { processEnvironment, runtimeOptionsFrom, type EntryEnvironment } from './environment/entry-environment.ts';
import { serveHttp } from './http/serve-http.ts';
import { serveStdio, StdioLineTooLong } from './serve-stdio.ts';
import { capServedPrompts, capServedResources, capServedTools, maxReplyBytesFrom } from './bounds/reply-cap.ts';
import {
  createToolset,
  listingBytesOf,
  searchIndexOf,
  toolsetInstructions,
  TOOLSET_THRESHOLD_BYTES,
  useToolset,
} from './toolset/index.ts';
import {
  listingAsked,
  parseServeArgs,
  serveUsage,
  ServeUsageError,
  type ServeArgs,
} from './command-line/serve-args.ts';
import {
  chooseListingMode,
  codeInstructions,
  createCodeMode,
  servesCode,
  type CodeApiSource,
} from './code-mode/index.ts';
import { parseCodeBudgets } from './code-mode/budget-args.ts';
import { listenFailure, ServeFailure } from './command-line/serve-failure.ts';
import { upstreamOptionsOf } from './command-line/upstream-options.ts';
import { createUpstreamHttpClient } from './upstream/upstream-http.ts';

export { parseHostPort, parseServeArgs, ServeUsageError, type ServeArgs } from './command-line/serve-args.ts';
export { ServeFailure } from './command-line/serve-failure.ts';

/** What `runServerMain` serves besides the schemas' tools, and what a build computed ahead of time. */
export interface ServeExtras {
  /** Resources of the schemas (served in both eras when there is at least one). */
  resources?: ServedResources;
  /** Prompts and skills of the schemas (served when there is at least one). */
  prompts?: ServedPrompts;
  /** Bytes of the plain listing's JSON, when the build measured it (else measured here). */
  listingBytes?: number;
  /** The server card and AI catalog, served by `--http` at their discovery paths. */
  discovery?: ServedDiscovery;
  /**
   * Code mode's typed API: a bundle's, made at build time, or the compiler's (`toolkit server`); without it code mode
   * is refused.
   */
  codeApi?: CodeApiSource;
}

/** The tools a server lists: the runtime's own, the toolset over them, or code mode (`--listing`). */
function toolsToServe(
  runtime: Runtime,
  schemas: RuntimeOptions['schemas'],
  args: ServeArgs,
  listingBytes: number | undefined,
  codeApi: CodeApiSource | undefined,
): { tools: ServedTools; instructions?: string; note?: string; close?: () => Promise<void> } {
  const bytes = listingBytes ?? listingBytesOf(runtime.listing);
  const mode = chooseListingMode(listingAsked(args), bytes);
  if (servesCode(mode)) {
    const budgets = parseCodeBudgets(args.codeBudgets ?? []);
    if (typeof budgets === 'string') throw new ServeUsageError(budgets);
    if (!codeApi)
      throw new ServeUsageError(
        `--listing ${mode} needs the typed API a build writes into the bundle; this server has none (rebuild with ` +
          `toolkit build)`,
      );
    const code = createCodeMode(runtime, {
      schemas: () => allSchemas(schemas),
      api: codeApi,
      redact: (text) => runtime.redact(text),
      withTools: mode === 'tools+code',
      budgets,
    });
    return { tools: code, instructions: codeInstructions(toolCountOf(runtime)), close: () => code.close() };
  }
  if (!useToolset(mode === 'toolset' ? 'on' : 'off', bytes)) return { tools: runtime };
  const count = toolCountOf(runtime);
  // The search index is built on the first search_tools call: a start-up lists only the three meta-tools.
  const tools = createToolset(runtime, () =>
    searchIndexOf(
      allSchemas(schemas),
      runtime.listing.map((entry) => entry.name),
    ),
  );
  const note =
    listingAsked(args) === undefined
      ? `toolkit server: the listing of ${count} tools is ${Math.round(bytes / 1024)} KB (over ` +
        `${TOOLSET_THRESHOLD_BYTES / 1024} KB): serving them through search_tools, describe_tool and call_tool; ` +
        `--no-toolset lists them all`
      : undefined;
  return note
    ? { tools, instructions: toolsetInstructions(count), note }
    : { tools, instructions: toolsetInstructions(count) };
}

/**
 * Parses argv, loads server params, serves until stopped. Prints nothing to stdout in stdio mode.
 * A bundle passes the `listing` and `secretKeys` its build computed, so start-up builds no tool.
 */
export async function runServerMain(
  options: RuntimeOptions &
    ServeExtras & {
      argv: string[];
      info?: ServerInfo /** The serving flags, already parsed (then `argv` is not read). */;
      serve?: ServeArgs /** How `--help` names the bundle (`node <usageName>`). */;
      usageName?: string /** The environment read for the runtime's options (default: this process's). */;
      environment?: EntryEnvironment;
    },
): Promise<void> {
  const args = options.serve ?? parseServeArgs(options.argv);
  if (args.help) {
    process.stdout.write(serveUsage(options.usageName ?? 'bundle.mjs'));
    return;
  }
  const upstream = options.http === undefined ? upstreamOptionsOf(args) : undefined;
  const http = upstream === undefined ? undefined : createUpstreamHttpClient(upstream);
  // The environment is read once, here, into the runtime's options: grants (the caller's, a
  // project's, else TOOLKIT_GRANTS), the granted server params, upstream and query caps.
  const environment = options.environment ?? processEnvironment();
  let fromEnvironment;
  try {
    fromEnvironment = runtimeOptionsFrom(environment, options);
  } catch (error) {
    // The environment, not the command line: the server refuses to start (exit 1), naming it.
    if (error instanceof GrantsError) throw new ServeFailure(error.message);
    throw error;
  }
  const { grants, serverParams } = fromEnvironment;
  // Computed once (or taken from the build) for both the runtime and the warnings below.
  const secretKeys = [...(options.secretKeys ?? secretKeysOf(allSchemas(options.schemas)))];
  const runtime = createRuntime({ ...options, ...fromEnvironment, secretKeys, ...(http ? { http } : {}) });
  const reserved = reservedAmong(secretKeys);
  if (reserved.length > 0)
    process.stderr.write(
      `toolkit server: server params reserved for the machine are never given to a schema (the tools of schemas that ` +
        `ask for them refuse every call): ${reserved.join(', ')}\n`,
    );
  const granted = grantedVariables(grants);
  const missing = secretKeys.filter((key) => granted.has(key) && !serverParams[key] && !reserved.includes(key)).sort();
  if (missing.length > 0)
    process.stderr.write(
      `toolkit server: server params not set (tools that need them will fail): ${missing.join(', ')}\n`,
    );
  for (const line of [
    ...runtime.secretNotes,
    ...ungrantedNotes(options.schemas, secretKeys, grants, options.grantHint),
  ])
    process.stderr.write(`toolkit server: ${line}\n`);
  for (const line of runtime.resources?.missingDatabases() ?? []) process.stderr.write(`toolkit server: ${line}\n`);
  const served = toolsToServe(runtime, options.schemas, args, options.listingBytes, options.codeApi);
  if (served.note) process.stderr.write(`${served.note}\n`);
  // The schemas' own resources, prompts and skills, unless the caller brings providers of its own.
  // Every reply is capped (tool results, prompts, resource reads): read here, at the entry point.
  const maxReply = maxReplyBytesFrom(args.maxReplyBytes, environment.env.TOOLKIT_MAX_REPLY_BYTES);
  if (typeof maxReply === 'string') throw new ServeUsageError(maxReply);
  const resources = options.resources ?? runtime.resources;
  const prompts = options.prompts ?? runtime.prompts;
  // A build's skills are attached unloaded (the first request about them loads them); else loaded now.
  const skills = runtime.deferredSkills ?? (await runtime.skills());
  const extras = {
    resources: resources && capServedResources(resources, maxReply),
    prompts: prompts && capServedPrompts(prompts, maxReply),
    instructions: served.instructions,
    ...(skills ? { skills } : {}),
    ...(runtime.completions && !options.resources && !options.prompts ? { completions: runtime.completions } : {}),
    ...(runtime.groups ? { groups: runtime.groups } : {}),
  };
  const tools = capServedTools(served.tools, maxReply);
  const makeServer = () => createMcpServer(tools, options.info, extras);
  const log = (line: string) => void process.stderr.write(`${runtime.redact(line)}\n`);

  let stop: () => Promise<void>;
  let stopped: Promise<void>;
  let flushed = (_ms: number) => Promise.resolve(true);
  if (args.http) {
    const where = args.http;
    const discovery = options.discovery ? { discovery: options.discovery } : {};
    const listening = await serveHttp(makeServer, { ...where, log, ...discovery }).catch(async (error: unknown) => {
      await runtime.close();
      http?.close();
      throw listenFailure(error, where);
    });
    const mode = served.tools === runtime ? '' : served.close ? ', in code mode' : ', as a toolset';
    process.stdout.write(`toolkit MCP server (${toolCountOf(runtime)} tools${mode}) listening on ${listening.url}\n`);
    let release!: () => void;
    stopped = new Promise<void>((resolve) => (release = resolve));
    stop = async () => {
      await listening.close();
      release();
    };
  } else {
    const stdio = serveStdio(makeServer, { log });
    stopped = stdio.closed.catch((error: unknown) => {
      if (!(error instanceof StdioLineTooLong)) throw error;
      process.stderr.write(`toolkit server: ${error.message}\n`);
      process.exitCode = 1;
    });
    stop = () => stdio.close();
    flushed = stdio.flushed;
  }
  // A signal stops the server gracefully, within a deadline: past it (or on a second signal, which
  // then meets the default handler) the process exits whatever is still pending.
  const onSignal = () => {
    setTimeout(() => process.exit(), SHUTDOWN_DEADLINE_MS).unref();
    void stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await stopped;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await served.close?.();
    await runtime.close();
    http?.close();
  }
  // A client that stopped reading leaves a write pending on stdout, which would keep the process alive for good.
  if (!(await flushed(SHUTDOWN_DEADLINE_MS))) process.exit();
}

/** How long a stopping server waits for work in flight and for its client to read its last answers, ms. */
const SHUTDOWN_DEADLINE_MS = 1000;
