/**
 * The upstream client a server gets from `--ca-file` and `--connect-to`: an extra CA trusted beside
 * the system's (never a disabled check) and curl-style connection rules. A file that cannot be read
 * or holds no certificate is a usage error naming it.
 */
import { readFileSync } from 'node:fs';
import type { UpstreamHttpClientOptions } from '../upstream/upstream-http.ts';
import { connectToFunction } from './connect-to.ts';
import { ServeUsageError, type ServeArgs } from './serve-args.ts';

/** The client options these arguments ask for, or undefined when they ask for nothing special. */
export function upstreamOptionsOf(args: ServeArgs): UpstreamHttpClientOptions | undefined {
  if (args.caFile === undefined && (args.connectTo ?? []).length === 0) return undefined;
  const connectTo = connectToFunction(args.connectTo ?? []);
  return { ...(args.caFile === undefined ? {} : { ca: readCa(args.caFile) }), ...(connectTo ? { connectTo } : {}) };
}

function readCa(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ServeUsageError(
      `--ca-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  if (!/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(text))
    throw new ServeUsageError(
      `--ca-file ${file} holds no PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)`,
    );
  return text;
}
