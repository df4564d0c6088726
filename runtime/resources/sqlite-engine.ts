/**
 * Which SQLite the query process runs, per Node line (`bench/sqlite-engines.bench.ts` measures each):
 *
 * - Node 20 and 22: better-sqlite3 12 (native, built by npm for the Node that installed it).
 *   Node 22's own `node:sqlite` has no `deserialize`, so it could not serve a WAL-mode file as an
 *   in-memory image with its log applied; it would have to open the file, creating `-wal`/`-shm`.
 * - Node 24.16 and later: Node's built-in `node:sqlite` (`deserialize`, `setAuthorizer`,
 *   `setReadBigInts`, `setReturnArrays`). better-sqlite3 12 built against Node ≥ 24.19's
 *   `node_object_wrap.h` aborts the process when V8 collects one of its objects; better-sqlite3 13
 *   avoids that, but frees a statement only in a finalizer run by the event loop, which the query
 *   process never returns to (a distinct statement kept ~6 KiB for ever), and it crashes on Node 20.
 *
 * Both give the query process the same guarantees: databases read-only (`query_only`, a statement
 * must return rows and SQLite must find no write in it), killable (a process of its own), bounded
 * (statements finalized by collections the process drives, see `sqlite-host.ts`).
 */

export type SqliteEngineKind = 'better-sqlite3' | 'node:sqlite';

/** The first Node version whose `node:sqlite` holds the query process's guarantees. */
export const NODE_SQLITE_FROM: readonly [number, number] = [24, 16];

/** The engine for a Node version (`process.versions.node` by default). */
export function sqliteEngineFor(nodeVersion: string = process.versions.node): SqliteEngineKind {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const [fromMajor, fromMinor] = NODE_SQLITE_FROM;
  return major > fromMajor || (major === fromMajor && minor >= fromMinor) ? 'node:sqlite' : 'better-sqlite3';
}
