/**
 * The command line of a built bundle (`node catalog.mjs [options]`), also the serving options of
 * `toolkit server`: `--http [host:]port`, `--toolset` / `--no-toolset`, `--listing MODE`, `--ca-file FILE` and
 * `--connect-to H1:P1:H2:P2` (to serve against a staging or loopback upstream with its own CA; the
 * certificate is still checked, against the original host name), `--help`. Anything else is a
 * usage error (exit 2), never a server started with the mistake ignored.
 */
import { ConnectToError, parseConnectTo, type ConnectRule } from './connect-to.ts';
import { isListingMode, LISTING_MODES, type ListingMode } from '../code-mode/listing-mode.ts';

/** A command-line mistake; printed as one line, never with a stack. */
export class ServeUsageError extends Error {
  override readonly name = 'ServeUsageError';
}

export interface ServeArgs {
  /** Absent: stdio. */
  http?: { host?: string; port: number };
  /** `--toolset` (on) / `--no-toolset` (off); absent: on when the plain listing is over the threshold. */
  toolset?: 'on' | 'off';
  /**
   * `--listing tools|toolset|code|tools+code` (`--toolset` is `toolset`, `--no-toolset` is `tools`); absent: by the
   * listing's size.
   */
  listing?: ListingMode;
  /** `--code-budget NAME=VALUE`, repeatable: code mode's budgets per run (read by `code-mode/budget-args.ts`). */
  codeBudgets?: string[];
  /** `--ca-file`: PEM certificates trusted for upstream HTTPS besides the system's. */
  caFile?: string;
  /** `--connect-to` rules, in order (the first that matches a host and port wins). */
  connectTo?: ConnectRule[];
  /** `--max-reply-bytes N`: the cap of one reply (default: `TOOLKIT_MAX_REPLY_BYTES`, else 1 MiB). */
  maxReplyBytes?: string;
  /** `--help`: print the usage and exit. */
  help?: boolean;
}

/** The listing mode asked for: `--listing`, else what `--toolset` / `--no-toolset` stand for; undefined: by size. */
export const listingAsked = (args: ServeArgs): ListingMode | undefined =>
  args.listing ?? (args.toolset === 'on' ? 'toolset' : args.toolset === 'off' ? 'tools' : undefined);

/** Parses `[host:]port` (IPv6 as `[::1]:port`). */
export function parseHostPort(text: string): { host?: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65535) throw new ServeUsageError(`--http expects [host:]port, got "${text}"`);
  const host = match[1]?.replace(/^\[|\]$/g, '');
  return host ? { host, port } : { port };
}

const VALUE_OPTIONS = new Set([
  '--http',
  '--ca-file',
  '--connect-to',
  '--max-reply-bytes',
  '--listing',
  '--code-budget',
]);
const FLAGS = new Set(['--toolset', '--no-toolset', '--help', '-h']);
const EXAMPLES: Readonly<Record<string, string>> = {
  '--http': '--http 8080 or --http 127.0.0.1:8080',
  '--ca-file': '--ca-file ./staging-ca.pem',
  '--connect-to': '--connect-to api.example.org:443:127.0.0.1:8443',
  '--max-reply-bytes': '--max-reply-bytes 1048576',
  '--listing': '--listing code',
  '--code-budget': '--code-budget time=30',
};

/** Reads the serving options out of argv; an unknown option or a missing value is a `ServeUsageError`. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const args: ServeArgs = {};
  const values = new Map<string, string[]>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(name) && eq < 0) {
      values.set(name, [...(values.get(name) ?? []), '']);
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) {
      const what = arg.startsWith('-') ? `unknown option ${name}` : `unexpected argument ${JSON.stringify(arg)}`;
      throw new ServeUsageError(`${what}; --help lists the options`);
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++index];
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new ServeUsageError(`${name} expects a value, e.g. ${EXAMPLES[name]}`);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  if (values.has('--help') || values.has('-h')) return { help: true };
  const on = values.has('--toolset');
  const off = values.has('--no-toolset');
  if (on && off) throw new ServeUsageError('--toolset and --no-toolset contradict each other; pass one');
  if (on) args.toolset = 'on';
  if (off) args.toolset = 'off';
  const single = (name: string): string | undefined => {
    const given = values.get(name);
    if (given && given.length > 1) throw new ServeUsageError(`${name} is given ${given.length} times; give it once`);
    return given?.[0];
  };
  const listing = single('--listing');
  if (listing !== undefined) {
    if (!isListingMode(listing))
      throw new ServeUsageError(`--listing expects one of ${LISTING_MODES.join(', ')}, got "${listing}"`);
    const alias = on ? 'toolset' : off ? 'tools' : undefined;
    if (alias !== undefined && alias !== listing)
      throw new ServeUsageError(
        `--listing ${listing} and ${on ? '--toolset' : '--no-toolset'} contradict each other; pass one`,
      );
    args.listing = listing;
  }
  const budgets = values.get('--code-budget');
  if (budgets) args.codeBudgets = budgets;
  const http = single('--http');
  if (http !== undefined) args.http = parseHostPort(http);
  const maxReplyBytes = single('--max-reply-bytes');
  if (maxReplyBytes !== undefined) args.maxReplyBytes = maxReplyBytes;
  const caFile = single('--ca-file');
  if (caFile !== undefined) args.caFile = caFile;
  const rules = values.get('--connect-to');
  if (rules) {
    try {
      args.connectTo = rules.map(parseConnectTo);
    } catch (error) {
      if (error instanceof ConnectToError) throw new ServeUsageError(error.message);
      throw error;
    }
  }
  return args;
}

/** The usage of a bundle started as `node <file>`. */
export function serveUsage(file: string): string {
  return `Usage: node ${file} [--http [HOST:]PORT] [--listing MODE] [--ca-file FILE] [--connect-to H1:P1:H2:P2]…
       [--max-reply-bytes BYTES] [--code-budget NAME=VALUE]…

Serves this bundle's tools, resources and prompts as an MCP server: over stdio by default (nothing but
protocol on stdout), over Streamable HTTP with --http. Both MCP eras (2026-07-28 and 2025) either way.

Options:
  --http [HOST:]PORT         serve Streamable HTTP on HOST:PORT (default host 127.0.0.1) instead of stdio
  --listing MODE             how tools are listed: tools (every tool), toolset (search_tools,
                             describe_tool, call_tool), code (search_api and run_program: programs
                             against the typed API) or tools+code (default: the toolset when the plain
                             listing is over 50 KB, else tools); unlisted tools stay callable by name
  --toolset, --no-toolset    the same as --listing toolset and --listing tools
  --code-budget NAME=VALUE   a code-mode run's budget (repeatable): calls, time (s), memory (MB),
                             output (characters), logLines (default: calls=50 time=15 memory=64
                             output=65536 logLines=100)
  --ca-file FILE             also trust the CA certificates in FILE (PEM) for upstream HTTPS, e.g. a
                             staging server's own CA; certificates are always checked
  --connect-to H1:P1:H2:P2   send requests for H1:P1 to H2:P2 instead (curl's syntax; repeatable; an
                             empty part matches any or keeps the original); the certificate must still
                             be valid for H1
  --max-reply-bytes BYTES    the largest reply sent to a client (default: TOOLKIT_MAX_REPLY_BYTES, else
                             1048576); a longer answer is cut with a note saying so
  -h, --help                 print this help

Server params (API keys) come from the environment and ~/.toolkit/.env (the environment wins).
Exit codes: 0 stopped, 1 could not serve (a file beside the bundle missing or changed, the port taken),
2 usage error.
`;
}
