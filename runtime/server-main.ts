/**
 * Entry of generated bundles and of `toolkit server`: parses `--http [host:]port`, builds the
 * runtime, serves over stdio (default; nothing but protocol on stdout) or HTTP (prints the URL),
 * and shuts down cleanly on SIGINT/SIGTERM or when the stdio client goes away.
 */
import { createMcpServer, type ServerInfo } from './mcp-server.ts';
import { createRuntime, type RuntimeOptions, secretKeysOf } from './create-runtime.ts';
import { loadServerParams } from './server-params.ts';
import { serveHttp } from './serve-http.ts';
import { serveStdio } from './serve-stdio.ts';

/** A command-line mistake; printed as one line, never with a stack. */
export class ServeUsageError extends Error {
  override readonly name = 'ServeUsageError';
}

export interface ServeArgs {
  /** Absent: stdio. */
  http?: { host?: string; port: number };
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
  const index = argv.findIndex((a) => a === '--http' || a.startsWith('--http='));
  if (index < 0) return {};
  const flag = argv[index]!;
  const value = flag.startsWith('--http=') ? flag.slice('--http='.length) : argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new ServeUsageError('--http expects [host:]port, e.g. --http 8080 or --http 127.0.0.1:8080');
  return { http: parseHostPort(value) };
}

/**
 * Parses argv, loads server params, serves until stopped. Prints nothing to stdout in stdio mode.
 * A bundle passes the `listing` and `secretKeys` its build computed, so start-up builds no tool.
 */
export async function runServerMain(options: RuntimeOptions & { argv: string[]; info?: ServerInfo; /** The serving flags, already parsed (then `argv` is not read). */ serve?: ServeArgs }): Promise<void> {
  const args = options.serve ?? parseServeArgs(options.argv);
  const serverParams = options.serverParams ?? loadServerParams();
  // Computed once (or taken from the build) for both the runtime and the warning below.
  const secretKeys = [...(options.secretKeys ?? secretKeysOf(options.schemas))];
  const runtime = createRuntime({ ...options, serverParams, secretKeys });
  const missing = secretKeys.filter((key) => !serverParams[key]).sort();
  if (missing.length > 0) process.stderr.write(`toolkit server: server params not set (tools that need them will fail): ${missing.join(', ')}\n`);
  for (const line of runtime.resources?.missingDatabases() ?? []) process.stderr.write(`toolkit server: ${line}\n`);
  const makeServer = () => createMcpServer(runtime, options.info, { resources: runtime.resources, prompts: runtime.prompts });

  let stop: () => Promise<void>;
  let stopped: Promise<void>;
  if (args.http) {
    const http = await serveHttp(makeServer, { ...args.http, log: (line) => process.stderr.write(`${runtime.redact(line)}\n`) });
    process.stdout.write(`toolkit MCP server (${runtime.listing.length} tools) listening on ${http.url}\n`);
    let release!: () => void;
    stopped = new Promise<void>((resolve) => (release = resolve));
    stop = async () => {
      await http.close();
      release();
    };
  } else {
    const server = makeServer();
    stopped = serveStdio(server);
    stop = () => server.close();
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
