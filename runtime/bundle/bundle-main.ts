/**
 * A built bundle started as a script: checks its data file is there, says at once when the SQLite
 * binding it carries cannot load here, and serves (`runServerMain`) from the build's listing and
 * facts. A refusal is one line on stderr and exit 1; a command-line mistake one line and exit 2.
 */
import { basename, dirname, join } from 'node:path';
import { runServerMain, type ServeExtras } from '../server-main.ts';
import { ServeUsageError } from '../command-line/serve-args.ts';
import { betterSqlite3StartProblem } from '../resources/better-sqlite3-path.ts';
import type { GuestLibrarySource } from '../isolation/guest-libraries.ts';
import type { ServedDiscovery } from '../discovery/discovery-routes.ts';
import type { ServerInfo } from '../mcp-server.ts';
import type { BuildPrimitiveFacts } from '../resources/primitive-facts.ts';
import { verifiedPrimitives, type BundleData } from './bundle-data.ts';

export interface BundleStart {
  /** The bundle's launcher file (`import.meta.url`'s path): named in messages and in `--help`. */
  readonly file: string;
  readonly data: BundleData;
  /** The server param keys and the plain listing's size in bytes, computed at build time. */
  readonly listingFacts: { readonly secretKeys: readonly string[]; readonly bytes: number };
  /** The resource and prompt listing (JSON) and its hash, checked when first read; what start-up needs of it. */
  readonly primitives: { readonly json: string; readonly hash: string; readonly facts?: BuildPrimitiveFacts };
  readonly guestLibraries: GuestLibrarySource;
  readonly discovery: ServedDiscovery;
  readonly info: ServerInfo;
  /** The command line after `node <bundle>`. */
  readonly argv: string[];
  /** Where messages go (default stderr). */
  readonly stderr?: { write(text: string): unknown };
}

/** Starts serving; never throws (a failure sets `process.exitCode`). */
export function startBundle(start: BundleStart): void {
  const stderr = start.stderr ?? process.stderr;
  const refuse = (error: unknown, what = 'start'): void => {
    const reason = error instanceof Error ? error.message : String(error);
    stderr.write(`${start.file}: refusing to ${what}: ${reason}\n`);
    process.exitCode = 1;
  };
  try {
    // The data file is looked at now (there, at its size); each line is read, hash-checked and parsed
    // when a request first needs it.
    start.data.checkAtStart();
    start.data.onFailure = (error) => {
      refuse(error, 'go on');
      process.exit(1);
    };
    // A SQLite binding built for another Node is said now, in one line, rather than at the first read.
    const sqliteProblem = betterSqlite3StartProblem();
    if (sqliteProblem !== undefined) stderr.write(`${start.file}: ${sqliteProblem}\n`);
    const { json, hash, facts } = start.primitives;
    // Checked and parsed when a list first needs it (without the facts, an older entry's, now); a
    // listing that proves changed then stops the server, as a changed data file does.
    const checked = () => {
      try {
        return verifiedPrimitives(json, hash);
      } catch (error) {
        start.data.onFailure?.(error);
        throw error;
      }
    };
    const listing = facts ? checked : verifiedPrimitives(json, hash);
    // Inline databases travel with the bundle: `toolkit build` copies them into `data/` beside it.
    const primitives = {
      listing,
      ...(facts ? { facts } : {}),
      places: { dataDir: join(dirname(start.file), 'data') },
      skillFiles: () => start.data.skillFiles(),
    };
    const extras: ServeExtras = {
      listingBytes: start.listingFacts.bytes,
      discovery: start.discovery,
      codeApi: () => start.data.codeApi(),
    };
    runServerMain({
      schemas: start.data.schemas,
      listing: () => start.data.listing(),
      secretKeys: start.listingFacts.secretKeys,
      guestLibraries: start.guestLibraries,
      primitives,
      ...extras,
      argv: start.argv,
      info: start.info,
      usageName: basename(start.file),
    }).catch((error: unknown) => {
      if (!(error instanceof ServeUsageError)) return refuse(error);
      // A mistake on the command line: one line and exit 2, like every toolkit command.
      stderr.write(`${basename(start.file)}: ${error.message}\n`);
      process.exitCode = 2;
    });
  } catch (error) {
    refuse(error);
  }
}
