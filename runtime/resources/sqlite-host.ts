/**
 * The program of the query process (`query-lane.ts` starts it with `node -e`): it opens databases
 * read-only, runs one query at a time and answers each with the rows as JSON text, capped in rows
 * and bytes. SQLite runs only here, never on the server's event loop, so a query that never ends
 * can be stopped by killing this process while the server keeps answering.
 *
 * Protocol: requests come one JSON object per line, `{id, db, sql, params, maxRows, maxBytes}`. The
 * process first writes the line `{"ready":true}` (or `{"fatal":…}`); each request is answered by a
 * header line `{id, ok:true, rows, truncated, bytes}` followed by exactly `bytes` bytes of the rows'
 * JSON array (the reader counts bytes instead of searching a large answer for its end), or by one
 * line `{id, ok:false, kind, error}`. Between requests the process sleeps in a blocking read of its
 * stdin and answers with blocking writes: no event loop and no streams stand between a request and
 * its answer.
 *
 * Each database is opened read-only, with `query_only` and `trusted_schema = OFF`, temp storage in
 * memory, and, when small enough and not in the middle of a WAL, as an in-memory image read once
 * from the file: SQLite then never has the file open at all (better-sqlite3 is built without URI
 * filenames, so `immutable=1` cannot be asked for). A statement runs only if SQLite itself reports
 * that it returns rows and is read-only.
 *
 * `sqliteHostMain` is sent to the process as its own source text, so it must not use anything from
 * outside its body except `require`.
 */

/** Runs the query process. Self-contained: its source text is the program. */
export function sqliteHostMain(require: (id: string) => unknown, betterSqlitePath: string): void {
  type Statement = {
    reader: boolean;
    readonly: boolean;
    raw(on: boolean): Statement;
    safeIntegers(on: boolean): Statement;
    columns(): { name: string }[];
    iterate(...params: unknown[]): IterableIterator<unknown[]>;
  };
  type Db = { prepare(sql: string): Statement; pragma(text: string): unknown; close(): void };
  type DatabaseClass = new (source: string | Uint8Array, options: { readonly: boolean; fileMustExist?: boolean }) => Db;
  type Prepared = { stmt: Statement; heads: string[] };
  type Connection = { db: Db; stamp: string; statements: Map<string, Prepared> };

  const fs = require('node:fs') as typeof import('node:fs');
  /** Waits about a millisecond (only if a pipe was handed over non-blocking and is not ready). */
  const pause = (): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
  const send = (text: string): void => {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; ) {
      try {
        at += fs.writeSync(1, bytes, at);
      } catch (error) {
        if ((error as { code?: string }).code !== 'EAGAIN') throw error;
        pause();
      }
    }
  };
  const write = (line: string): void => send(`${line}\n`);
  let Database: DatabaseClass;
  try {
    Database = require(betterSqlitePath) as DatabaseClass;
  } catch (error) {
    write(JSON.stringify({ fatal: `better-sqlite3 cannot be loaded: ${(error as Error).message}` }));
    process.exit(1);
  }
  /** Files up to this size are read into memory once and queried there. */
  const IMAGE_MAX_BYTES = 64 * 1024 * 1024;
  const MAX_STATEMENTS = 256;
  const connections = new Map<string, Connection>();

  class Refusal extends Error {
    constructor(readonly kind: string, message: string) {
      super(message);
    }
  }

  function open(path: string): Connection {
    let stat: import('node:fs').Stats;
    try {
      stat = fs.statSync(path);
    } catch {
      throw new Refusal('missing', `database not found at ${path}`);
    }
    if (!stat.isFile()) throw new Refusal('missing', `database not found at ${path} (not a file)`);
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const cached = connections.get(path);
    if (cached && cached.stamp === stamp) return cached;
    cached?.db.close();
    connections.delete(path);
    let db: Db;
    if (stat.size <= IMAGE_MAX_BYTES && !fs.existsSync(`${path}-wal`)) {
      const image = fs.readFileSync(path);
      // A database left in WAL mode with its log checkpointed: read the image as a rollback-journal one.
      if (image.length >= 20 && image[18] === 2 && image[19] === 2) image[18] = image[19] = 1;
      db = new Database(image, { readonly: true });
    } else {
      db = new Database(path, { readonly: true, fileMustExist: true });
    }
    db.pragma('query_only = ON');
    db.pragma('trusted_schema = OFF');
    db.pragma('temp_store = MEMORY');
    const connection: Connection = { db, stamp, statements: new Map() };
    connections.set(path, connection);
    return connection;
  }

  function prepare(connection: Connection, sql: string): Prepared {
    let prepared = connection.statements.get(sql);
    if (prepared) return prepared;
    const stmt = connection.db.prepare(sql);
    if (!stmt.reader) throw new Refusal('refused', 'the statement returns no rows: only queries that read are allowed');
    if (!stmt.readonly) throw new Refusal('refused', 'the statement would write: only queries that read are allowed');
    stmt.raw(true).safeIntegers(true);
    const seen = new Map<string, number>();
    const heads = stmt.columns().map(({ name }) => {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return `${JSON.stringify(n === 1 ? name : `${name}:${n}`)}:`;
    });
    if (connection.statements.size >= MAX_STATEMENTS) connection.statements.clear();
    prepared = { stmt, heads };
    connection.statements.set(sql, prepared);
    return prepared;
  }

  /** One value as JSON: big integers beyond 2^53 as strings, blobs as base64, infinities as strings. */
  function json(value: unknown, maxBytes: number): string {
    if (value === null) return 'null';
    if (typeof value === 'bigint') return value >= -9007199254740991n && value <= 9007199254740991n ? String(value) : `"${value}"`;
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `"${value}"`;
    if (typeof value === 'string') {
      if (value.length > maxBytes) throw new Refusal('size', `a value of ${value.length} characters is over the ${maxBytes}-byte result cap`);
      return JSON.stringify(value);
    }
    const blob = value as Uint8Array;
    if (Math.ceil(blob.length / 3) * 4 > maxBytes) throw new Refusal('size', `a blob of ${blob.length} bytes is over the ${maxBytes}-byte result cap`);
    return `"${Buffer.from(blob.buffer, blob.byteOffset, blob.length).toString('base64')}"`;
  }

  function run(request: { db: string; sql: string; params: unknown[]; maxRows: number; maxBytes: number }): { rows: number; truncated: string | null; payload: string; bytes: number } {
    const { stmt, heads } = prepare(open(request.db), request.sql);
    const pieces: string[] = [];
    let bytes = 2;
    let truncated: string | null = null;
    for (const row of stmt.iterate(...request.params)) {
      if (pieces.length === request.maxRows) {
        truncated = 'rows';
        break;
      }
      let piece = '{';
      for (let i = 0; i < heads.length; i++) piece += `${i === 0 ? '' : ','}${heads[i]}${json(row[i], request.maxBytes)}`;
      piece += '}';
      const size = Buffer.byteLength(piece) + 1;
      if (bytes + size > request.maxBytes) {
        if (pieces.length === 0) throw new Refusal('size', `one row is ${size} bytes, over the ${request.maxBytes}-byte result cap`);
        truncated = 'bytes';
        break;
      }
      bytes += size;
      pieces.push(piece);
    }
    // `bytes` counted a comma after every piece; the array has one fewer (and none when empty).
    return { rows: pieces.length, truncated, payload: `[${pieces.join(',')}]`, bytes: pieces.length === 0 ? 2 : bytes - 1 };
  }

  function answer(line: string): void {
    let id: unknown = null;
    try {
      const request = JSON.parse(line) as { id: unknown; db: string; sql: string; params: unknown[]; maxRows: number; maxBytes: number };
      id = request.id;
      const result = run(request);
      // Header and rows in one write: one wake-up of the server per answer.
      send(`${JSON.stringify({ id, ok: true, rows: result.rows, truncated: result.truncated, bytes: result.bytes })}\n${result.payload}`);
    } catch (error) {
      // SqliteError carries a code; better-sqlite3 refuses other bad SQL (several statements, wrong bindings) with a RangeError or TypeError.
      const kind = error instanceof Refusal ? error.kind : (error as { code?: unknown }).code !== undefined || error instanceof RangeError || error instanceof TypeError ? 'sql' : 'internal';
      const message = error instanceof Error ? error.message : String(error);
      write(JSON.stringify({ id, ok: false, kind, error: message }));
    }
  }

  // A blocking read loop: the process does nothing but answer, so it sleeps in read(2) between
  // requests and wakes straight into the next one (no event loop, no stream machinery).
  const chunk = Buffer.allocUnsafe(64 * 1024);
  // Requests are UTF-8 text: a character split between two reads is joined by the decoder.
  const { StringDecoder } = require('node:string_decoder') as typeof import('node:string_decoder');
  const decoder = new StringDecoder('utf8');
  let buffered = '';
  const serve = (): void => {
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(0, chunk, 0, chunk.length, null);
      } catch (error) {
        if ((error as { code?: string }).code !== 'EAGAIN') throw error;
        pause();
        continue;
      }
      if (n === 0) process.exit(0);
      buffered += decoder.write(chunk.subarray(0, n));
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.trim() !== '') answer(line);
      }
    }
  };
  write(JSON.stringify({ ready: true }));
  serve();
}

/** The source text `node -e` runs: the host function applied to `require` and better-sqlite3's path. */
export function sqliteHostScript(betterSqlitePath: string): string {
  // Transpilers may wrap named functions in a `__name` helper that lives outside the function.
  return `var __name = (f) => f;\n(${sqliteHostMain.toString()})(require, ${JSON.stringify(betterSqlitePath)});\n`;
}
