/**
 * The history's SQLite connection, read-write, in this process: better-sqlite3 on Node 20 and 22,
 * Node's own `node:sqlite` from 24.16 (the engine choice of `runtime/resources/sqlite-engine.ts`).
 * Both give `prepare(sql).run/get/all` with positional parameters and `exec`; this is all the store
 * uses.
 */
import { createRequire } from 'node:module';
import { sqliteEngineFor } from '../../runtime/resources/sqlite-engine.ts';

export interface HistoryStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
}

export interface HistoryDatabase {
  prepare(sql: string): HistoryStatement;
  exec(sql: string): void;
  close(): void;
}

const require = createRequire(import.meta.url);

/** Opens (creating) the database at `path`, or an in-memory one for `:memory:`. */
export function openHistoryDatabase(path: string): HistoryDatabase {
  if (sqliteEngineFor() === 'node:sqlite') {
    const { DatabaseSync } = require('node:sqlite') as { DatabaseSync: new (path: string) => HistoryDatabase };
    return new DatabaseSync(path);
  }
  const Database = require('better-sqlite3') as new (path: string) => HistoryDatabase;
  return new Database(path);
}
