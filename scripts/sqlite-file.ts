/**
 * A writable SQLite database for the scripts and tests that make database files, on the SQLite of
 * this Node line (`runtime/resources/sqlite-engine.ts`): better-sqlite3 on Node 20 and 22, Node's
 * `node:sqlite` from 24.16 (where better-sqlite3 12 can abort the process when V8 collects it).
 * Only what both engines do alike: `exec`, statements' `run`/`all`/`get`, `close`.
 */
import { createRequire } from 'node:module';
import { sqliteEngineFor } from '../runtime/resources/sqlite-engine.ts';

export interface SqliteStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

export interface SqliteFile {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

const load = createRequire(import.meta.url);

/** Opens (or creates) the database at `path` (`:memory:` for none), read-only with `readonly`. */
export function openSqliteFile(path: string, options: { readonly?: boolean } = {}): SqliteFile {
  if (sqliteEngineFor() === 'node:sqlite') {
    // Typed here: @types/node 20 has no `node:sqlite`.
    const { DatabaseSync } = load('node:sqlite') as {
      DatabaseSync: new (path: string, options: { readOnly: boolean }) => SqliteFile;
    };
    const db = new DatabaseSync(path, { readOnly: options.readonly === true });
    // Rows as plain objects, as better-sqlite3 gives them (node:sqlite's have no prototype).
    const plain = (row: unknown): unknown => (row === undefined ? row : { ...(row as object) });
    return {
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
      prepare(sql) {
        const statement = db.prepare(sql);
        return {
          run: (...params) => statement.run(...params),
          all: (...params) => statement.all(...params).map(plain),
          get: (...params) => plain(statement.get(...params)),
        };
      },
    };
  }
  const Database = load('better-sqlite3') as typeof import('better-sqlite3');
  return new Database(path, { readonly: options.readonly === true }) as unknown as SqliteFile;
}
