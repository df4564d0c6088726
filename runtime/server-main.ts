/**
 * Entry of generated bundles and of `toolkit server`: parses `--http [host:]port` and
 * `--toolset` / `--no-toolset`, builds the runtime, serves over stdio (default; nothing but protocol
 * on stdout) or HTTP (prints the URL), both protocol eras either way, and shuts down cleanly on
 * SIGINT/SIGTERM or when the stdio client goes away. A catalog whose plain listing is too large for
 * clients is served as the toolset (`runtime/toolset/`) unless `--no-toolset` says otherwise.
 */
import { createMcpServer, type ServerInfo } from './mcp-server.ts';
import { createRuntime, type RuntimeOptions, secretKeysOf, type ServedTools, toolCountOf } from './create-runtime.ts';
import type { ServedPrompts, ServedResources } from './served-primitives.ts';
import { reservedAmong } from './secrets/reserved-server-params.ts';
import { allSchemas } from './schema-source.ts';
import { loadServerParams } from './secrets/server-params.ts';
import { ungrantedNotes } from './secrets/start-notes.ts';
import { grantedVariables, grantsFromEnvironment, GrantsError } from './secrets/grants.ts';
import { toGrants } from './create-runtime.ts';
import { serveHttp } from './serve-http.ts';
import { serveStdio, StdioLineTooLong } from './serve-stdio.ts';
import { createToolset, listingBytesOf, searchIndexOf, toolsetInstructions, TOOLSET_THRESHOLD_BYTES, useToolset } from './toolset/index.ts';

/** A command-line mistake; printed as one line, never with a stack. */
export class ServeUsageError extends Error {
  override readonly name = 'ServeUsageError';
}

export interface ServeArgs {
  /** Absent: stdio. */
  http?: { host?: string; port: number };
  /** `--toolset` (on) / `--no-toolset` (off); absent: on when the plain listing is over the threshold. */
  toolset?: 'on' | 'off';
}

/** Parses `[host:]port` (IPv6 as `[::1]:port`). */
export function parseHostPort(text: string): { host?: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65535) throw new ServeUsageError(`--http expects [host:]port, got "${text}"`);
  const host = match[1]?.replace(/^\[|\]$/g, '');
  return host ? { host, port } : { port };
}

/** Reads the serving flags out of argv; other arguments are left to the caller. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const args: ServeArgs = {};
  const on = argv.includes('--toolset');
  const off = argv.includes('--no-toolset');
  if (on && off) throw new ServeUsageError('--toolset and --no-toolset contradict each other; pass one');
  if (on) args.toolset = 'on';
  if (off) args.toolset = 'off';
  const index = argv.findIndex((a) => a === '--http' || a.startsWith('--http='));
  if (index < 0) return args;
  const flag = argv[index]!;
  const value = flag.startsWith('--http=') ? flag.slice('--http='.length) : argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new ServeUsageError('--http expects [host:]port, e.g. --http 8080 or --http 127.0.0.1:8080');
  args.http = parseHostPort(value);
  return args;
}

/** What `runServerMain` serves besides the schemas' tools, and what a build computed ahead of time. */
export interface ServeExtras {
  /** Resources of the schemas (served in both eras when there is at least one). */
  resources?: ServedResources;
  /** Prompts and skills of the schemas (served when there is at least one). */
  prompts?: ServedPrompts;
  /** Bytes of the plain listing's JSON, when the build measured it (else measured here). */
  listingBytes?: number;
}

/** The tools a server lists: the runtime's own, or the toolset over them. */
function toolsToServe(runtime: ServedTools, schemas: RuntimeOptions['schemas'], args: ServeArgs, listingBytes: number | undefined): { tools: ServedTools; instructions?: string; note?: string } {
  const bytes = listingBytes ?? listingBytesOf(runtime.listing);
  if (!useToolset(args.toolset ?? 'auto', bytes)) return { tools: runtime };
  const count = toolCountOf(runtime);
  // The search index is built on the first search_tools call: a start-up lists only the three meta-tools.
  const tools = createToolset(runtime, () => searchIndexOf(allSchemas(schemas), runtime.listing.map((entry) => entry.name)));
  const note = args.toolset === undefined
    ? `toolkit server: the listing of ${count} tools is ${Math.round(bytes / 1024)} KB (over ${TOOLSET_THRESHOLD_BYTES / 1024} KB): serving them through search_tools, describe_tool and call_tool; --no-toolset lists them all`
    : undefined;
  return note ? { tools, instructions: toolsetInstructions(count), note } : { tools, instructions: toolsetInstructions(count) };
}

/**
 * Parses argv, loads server params, serves until stopped. Prints nothing to stdout in stdio mode.
 * A bundle passes the `listing` and `secretKeys` its build computed, so start-up builds no tool.
 */
export async function runServerMain(options: RuntimeOptions & ServeExtras & { argv: string[]; info?: ServerInfo; /** The serving flags, already parsed (then `argv` is not read). */ serve?: ServeArgs }): Promise<void> {
  const args = options.serve ?? parseServeArgs(options.argv);
  // Grants are read once, here: the caller's (a project's), else TOOLKIT_GRANTS of the environment.
  let grants;
  try {
    grants = toGrants(options.grants ?? grantsFromEnvironment(process.env));
  } catch (error) {
    if (error instanceof GrantsError) throw new ServeUsageError(error.message);
    throw error;
  }
  const serverParams = options.serverParams ?? loadServerParams({ keys: grantedVariables(grants) });
  // Computed once (or taken from the build) for both the runtime and the warnings below.
  const secretKeys = [...(options.secretKeys ?? secretKeysOf(allSchemas(options.schemas)))];
  const runtime = createRuntime({ ...options, serverParams, grants, secretKeys });
  const reserved = reservedAmong(secretKeys);
  if (reserved.length > 0) process.stderr.write(`toolkit server: server params reserved for the machine are never given to a schema (the tools of schemas that ask for them refuse every call): ${reserved.join(', ')}\n`);
  const granted = grantedVariables(grants);
  const missing = secretKeys.filter((key) => granted.has(key) && !serverParams[key] && !reserved.includes(key)).sort();
  if (missing.length > 0) process.stderr.write(`toolkit server: server params not set (tools that need them will fail): ${missing.join(', ')}\n`);
  for (const line of [...runtime.secretNotes, ...ungrantedNotes(options.schemas, secretKeys, grants, options.grantHint)]) process.stderr.write(`toolkit server: ${line}\n`);
  for (const line of runtime.resources?.missingDatabases() ?? []) process.stderr.write(`toolkit server: ${line}\n`);
  const served = toolsToServe(runtime, options.schemas, args, options.listingBytes);
  if (served.note) process.stderr.write(`${served.note}\n`);
  // The schemas' own resources and prompts, unless the caller brings providers of its own.
  const extras = { resources: options.resources ?? runtime.resources, prompts: options.prompts ?? runtime.prompts, instructions: served.instructions };
  const makeServer = () => createMcpServer(served.tools, options.info, extras);
  const log = (line: string) => void process.stderr.write(`${runtime.redact(line)}\n`);

  let stop: () => Promise<void>;
  let stopped: Promise<void>;
  if (args.http) {
    const http = await serveHttp(makeServer, { ...args.http, log });
    const mode = served.tools === runtime ? '' : ', as a toolset';
    process.stdout.write(`toolkit MCP server (${toolCountOf(runtime)} tools${mode}) listening on ${http.url}\n`);
    let release!: () => void;
    stopped = new Promise<void>((resolve) => (release = resolve));
    stop = async () => {
      await http.close();
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
  }
  const onSignal = () => void stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await stopped;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await runtime.close();
  }
}
