/**
 * The program of the query process (`query-lane.ts` starts it with `node -e`): it opens databases
 * read-only, runs one query at a time and answers each with the rows as JSON text, capped in rows
 * and bytes. SQLite runs only here, never on the server's event loop, so a query that never ends
 * can be stopped by killing this process while the server keeps answering. The SQLite it runs is
 * better-sqlite3 or `node:sqlite`, by Node line (`sqlite-engine.ts`); both are reached through one
 * small adapter below, so the rest of the program is the same on every line.
 *
 * Protocol: requests come one JSON object per line, `{id, db, within?, sql, params, maxRows, maxBytes,
 * startBy?}` (`within`: the directory the file must lie in; `startBy`: epoch ms after which the
 * request is answered `expired` instead of run). The
 * process first writes the line `{"ready":true}` (or `{"fatal":…}`); each request is answered by a
 * header line `{id, ok:true, rows, truncated, bytes}` followed by exactly `bytes` bytes of the rows'
 * JSON array (the reader counts bytes instead of searching a large answer for its end), or by one
 * line `{id, ok:false, kind, error}`. A line `{"recycle":true}` says the process is leaving (it
 * held more memory than it should once its caches were dropped): what it had not answered goes to
 * a new one. Between requests the process sleeps in a blocking read of its stdin and answers with
 * blocking writes: no event loop and no streams stand between a request and its answer.
 *
 * Each database is opened read-only, with `query_only` and `trusted_schema = OFF`, temp storage in
 * memory, and, when small enough, as an in-memory image read once from the file (with the commits
 * of a WAL log beside it applied here): SQLite then never has the file open at all (better-sqlite3
 * is built without URI filenames, so `immutable=1` cannot be asked for). A larger file is opened by
 * path only in rollback-journal mode: in WAL mode even a read-only connection creates `-wal` and
 * `-shm` files beside the database, so such a file is refused. A statement runs only if SQLite
 * itself reports that it returns rows and is read-only.
 *
 * Memory is bounded by what the process holds, not by when V8 collects: SQLite frees a statement
 * only when its wrapper is collected, and a process that never returns to an event loop is rarely
 * collected in full. So statements are kept in one least-recently-used cache (at most
 * `MAX_STATEMENTS`, and `MAX_STATEMENT_TEXT` characters of SQL), each one leaving it is counted, and
 * a full collection runs once `COLLECT_AFTER` statements (or `COLLECT_AFTER_TEXT` characters) have
 * left: never more than those two amounts of statements are alive. After a query the process looks
 * at its resident memory (after any query of 2 ms or more, else every 64th): past the memory cap,
 * that query took it there and fails; past the recycle mark, caches are dropped, and if that is not
 * enough the process leaves. So every query starts below the recycle mark, and a query stopped at
 * the cap by `query-lane.ts` grew the process by the difference itself.
 *
 * `sqliteHostMain` is sent to the process as its own source text, so it must not use anything from
 * outside its body except `require` and `applyWalLog` (`wal-log.ts`, sent as its source text too).
 */
import { applyWalLog as applyWal } from './wal-log.ts';

/** Runs the query process. Self-contained (but for `applyWalLog`, passed in): its source text is the program. */
/** What the query process is told at start: its SQLite, and the memory it may hold. */
export interface HostOptions {
  readonly engine: { readonly kind: 'node:sqlite' } | { readonly kind: 'better-sqlite3'; readonly path: string };
  /** Resident memory, MiB, past which a query that took the process there fails. */
  readonly memoryCapMb: number;
  /**
   * Resident memory, MiB, past which caches are dropped after a query (and the process leaves if that is not enough).
   */
  readonly recycleMb: number;
}

/** Runs the query process. Self-contained (but for `applyWalLog`, passed in): its source text is the program. */
export function sqliteHostMain(
  require: (id: string) => unknown,
  options: HostOptions,
  applyWalLog: typeof applyWal,
): void {
  /** A prepared statement as both engines give it. `columns` and `rows` only once it is known to read. */
  type Statement = {
    reader: boolean;
    readonly: boolean;
    columns(): string[];
    rows(params: unknown[]): Iterable<unknown[]>;
  };
  type Db = { prepare(sql: string): Statement; exec(sql: string): void; close(): void };
  type Engine = { openImage(image: Buffer): Db; openFile(file: string): Db };
  type Prepared = { stmt: Statement; heads: string[]; connection: Connection; size: number };
  /** `image`: bytes of the in-memory copy SQLite holds (0 when opened by path). */
  type Connection = { db: Db; stamp: string; image: number; id: number };

  const fs = require('node:fs') as typeof import('node:fs');
  const { sep } = require('node:path') as typeof import('node:path');
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
  const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

  /** better-sqlite3: its native binding loaded now, so that one built for another Node is reported at start. */
  function betterSqlite3(path: string): Engine {
    type Native = {
      reader: boolean;
      readonly: boolean;
      raw(on: boolean): Native;
      safeIntegers(on: boolean): Native;
      columns(): { name: string }[];
      iterate(...params: unknown[]): IterableIterator<unknown[]>;
    };
    type NativeDb = { prepare(sql: string): Native; exec(sql: string): void; close(): void };
    type DatabaseClass = new (
      source: string | Uint8Array,
      options?: { readonly: boolean; fileMustExist?: boolean },
    ) => NativeDb;
    const Database = require(path) as DatabaseClass;
    new Database(':memory:').close();
    const wrap = (db: NativeDb): Db => ({
      prepare(sql) {
        const stmt = db.prepare(sql);
        let ready = false;
        const start = (): Native => (ready ? stmt : ((ready = true), stmt.raw(true).safeIntegers(true)));
        return {
          reader: stmt.reader,
          readonly: stmt.readonly,
          columns: () =>
            start()
              .columns()
              .map(({ name }) => name),
          rows: (params) => start().iterate(...params),
        };
      },
      exec: (sql) => void db.exec(sql),
      close: () => db.close(),
    });
    return {
      openImage: (image) => wrap(new Database(image, { readonly: true })),
      openFile: (file) => wrap(new Database(file, { readonly: true, fileMustExist: true })),
    };
  }

  /**
   * `node:sqlite`: SQLite's authorizer, asked while a statement is prepared, says whether it writes
   * (`sqlite3_stmt_readonly` is not exposed); text after the first statement is refused as
   * better-sqlite3 refuses it (`prepare` would ignore it); errors carry SQLite's code by name.
   */
  function nodeSqlite(): Engine {
    type NodeStatement = {
      columns(): { name: string }[];
      iterate(...params: unknown[]): IterableIterator<unknown[]>;
      setReturnArrays(on: boolean): void;
      setReadBigInts(on: boolean): void;
      readonly sourceSQL: string;
    };
    type NodeDb = {
      prepare(sql: string): NodeStatement;
      exec(sql: string): void;
      close(): void;
      deserialize(image: Uint8Array): void;
      setAuthorizer(callback: (action: number, ...names: (string | null)[]) => number): void;
      enableDefensive?(on: boolean): void;
    };
    const sqlite = require('node:sqlite') as {
      DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeDb;
      constants: Record<string, number>;
    };
    const c = sqlite.constants;
    const writes = new Set(
      [
        'CREATE_INDEX',
        'CREATE_TABLE',
        'CREATE_TEMP_INDEX',
        'CREATE_TEMP_TABLE',
        'CREATE_TEMP_TRIGGER',
        'CREATE_TEMP_VIEW',
        'CREATE_TRIGGER',
        'CREATE_VIEW',
        'DELETE',
        'DROP_INDEX',
        'DROP_TABLE',
        'DROP_TEMP_INDEX',
        'DROP_TEMP_TABLE',
        'DROP_TEMP_TRIGGER',
        'DROP_TEMP_VIEW',
        'DROP_TRIGGER',
        'DROP_VIEW',
        'INSERT',
        'UPDATE',
        'ALTER_TABLE',
        'REINDEX',
        'ANALYZE',
        'CREATE_VTABLE',
        'DROP_VTABLE',
      ].map((name) => c[`SQLITE_${name}`]),
    );
    /** Pragmas that take an argument and only read. */
    const readingPragmas = new Set([
      'table_info',
      'table_xinfo',
      'table_list',
      'index_info',
      'index_xinfo',
      'index_list',
      'foreign_key_list',
      'foreign_key_check',
      'integrity_check',
      'quick_check',
    ]);
    const names: Record<number, string> = {
      1: 'ERROR',
      2: 'INTERNAL',
      3: 'PERM',
      4: 'ABORT',
      5: 'BUSY',
      6: 'LOCKED',
      7: 'NOMEM',
      8: 'READONLY',
      9: 'INTERRUPT',
      10: 'IOERR',
      11: 'CORRUPT',
      12: 'NOTFOUND',
      13: 'FULL',
      14: 'CANTOPEN',
      15: 'PROTOCOL',
      17: 'SCHEMA',
      18: 'TOOBIG',
      19: 'CONSTRAINT',
      20: 'MISMATCH',
      21: 'MISUSE',
      23: 'AUTH',
      25: 'RANGE',
      26: 'NOTADB',
    };
    const named = <T>(step: () => T): T => {
      try {
        return step();
      } catch (error) {
        const { code, errcode } = error as { code?: string; errcode?: number };
        if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') throw error;
        throw Object.assign(new Error((error as Error).message), {
          code: `SQLITE_${names[errcode & 0xff] ?? 'ERROR'}`,
        });
      }
    };
    /** Whether `text` holds nothing but spaces, semicolons and comments. */
    const blank = (text: string): boolean => {
      for (let i = 0; i < text.length; ) {
        if (text.startsWith('--', i)) i = text.includes('\n', i) ? text.indexOf('\n', i) + 1 : text.length;
        else if (text.startsWith('/*', i)) i = text.includes('*/', i + 2) ? text.indexOf('*/', i + 2) + 2 : text.length;
        else if (text[i] === ';' || text[i]!.trim() === '') i++;
        else return false;
      }
      return true;
    };
    /** The rows one by one (a row cap stops reading), SQLite's errors named on the way. */
    function* rowsOf(iterator: IterableIterator<unknown[]>): Iterable<unknown[]> {
      try {
        for (;;) {
          const next = named(() => iterator.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        iterator.return?.();
      }
    }
    const wrap = (db: NodeDb): Db => {
      let wrote = false;
      db.enableDefensive?.(true);
      db.setAuthorizer((action, first, second) => {
        // A pragma given a value sets it (`journal_mode = WAL`), but for those that take a table's name.
        if (
          writes.has(action) ||
          (action === c.SQLITE_PRAGMA && second != null && !readingPragmas.has(String(first).toLowerCase()))
        )
          wrote = true;
        return c.SQLITE_OK!;
      });
      return {
        prepare(sql) {
          wrote = false;
          const stmt = named(() => db.prepare(sql));
          if (!blank(sql.slice(stmt.sourceSQL.length)))
            throw new RangeError('The supplied SQL string contains more than one statement');
          const columns = stmt.columns().map(({ name }) => name);
          stmt.setReturnArrays(true);
          stmt.setReadBigInts(true);
          return {
            reader: columns.length > 0,
            readonly: !wrote,
            columns: () => columns,
            rows: (params) => named(() => rowsOf(stmt.iterate(...params))),
          };
        },
        exec: (sql) => named(() => db.exec(sql)),
        close: () => db.close(),
      };
    };
    return {
      openImage(image) {
        const db = new sqlite.DatabaseSync(':memory:');
        named(() => db.deserialize(image));
        return wrap(db);
      },
      openFile: (file) => wrap(named(() => new sqlite.DatabaseSync(file, { readOnly: true }))),
    };
  }

  let engine: Engine;
  try {
    engine = options.engine.kind === 'node:sqlite' ? nodeSqlite() : betterSqlite3(options.engine.path);
  } catch (error) {
    // The server names the problem (a build for another Node, a missing library) from Node's message.
    write(JSON.stringify({ fatal: String((error as Error).message) }));
    process.exit(1);
  }
  /** Files up to this size are read into memory once and queried there. */
  const IMAGE_MAX_BYTES = 64 * 1024 * 1024;
  /**
   * Images kept open at most, in bytes, least recently used closed first: without a bound, a client
   * reading several large databases in turn grew the process until innocent queries hit the memory cap.
   */
  const IMAGES_KEPT_BYTES = 96 * 1024 * 1024;
  /** Statements kept prepared, at most, and characters of their SQL (a statement's size grows with its text). */
  const MAX_STATEMENTS = 256;
  const MAX_STATEMENT_TEXT = 512 * 1024;
  /** A full collection (which frees the statements that left the cache) once this many left, or this much SQL text. */
  const COLLECT_AFTER = 1024;
  const COLLECT_AFTER_TEXT = 256 * 1024;
  /** Resident memory is looked at after every query of this many ms or more, else after every `CHECK_EVERY`th. */
  const CHECK_AFTER_MS = 2;
  const CHECK_EVERY = 64;
  const connections = new Map<string, Connection>();
  /** Every connection's prepared statements, least recently used first, by connection id and SQL. */
  const statements = new Map<string, Prepared>();
  let statementText = 0;
  let left = 0;
  let leftText = 0;
  let nextConnection = 1;
  let sinceCheck = 0;

  /** Counts a statement no longer referenced; collects once enough have left for it to matter. */
  function leave(size: number): void {
    left++;
    leftText += size;
    if (left >= COLLECT_AFTER || leftText >= COLLECT_AFTER_TEXT) collect();
  }

  function collect(): void {
    left = leftText = 0;
    collectGarbage();
  }

  /** Closes a connection (SQLite finalizes its statements then) and forgets its statements. */
  function close(connection: Connection): void {
    connection.db.close();
    for (const [key, prepared] of statements) {
      if (prepared.connection !== connection) continue;
      statements.delete(key);
      statementText -= prepared.size;
    }
  }

  class Refusal extends Error {
    constructor(
      readonly kind: string,
      message: string,
    ) {
      super(message);
    }
  }

  /** `ino:size:mtime` of a file, or '-' when there is none. */
  const stampOf = (file: string): string => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-';
  };

  /**
   * The database as an in-memory image: the file, and the commits of its WAL log; read again if a writer changed them
   * meanwhile.
   */
  function readImage(file: string, wal: string | undefined, stamp: string): Buffer {
    for (let attempt = 1; ; attempt++) {
      let image: Buffer = fs.readFileSync(file);
      if (wal !== undefined) {
        const applied = applyWalLog(image, fs.readFileSync(wal), IMAGE_MAX_BYTES);
        if (applied === undefined)
          throw new Refusal(
            'database',
            `the database with its WAL log is over ${IMAGE_MAX_BYTES / 1024 / 1024} MiB: it cannot be read without ` +
              `SQLite creating -wal and -shm files beside it (checkpoint it and switch it to journal_mode = DELETE ` +
              `to serve it)`,
          );
        image = applied;
      }
      if (attempt === 3 || `${stampOf(file)}|${wal === undefined ? '-' : stampOf(wal)}` === stamp) return image;
    }
  }

  /** The database read into memory and handed to SQLite (which keeps its own copy). */
  function imageDatabase(file: string, wal: string | undefined, stamp: string): { db: Db; bytes: number } {
    const image = readImage(file, wal, stamp);
    // A database in WAL mode, its log applied: read the image as a rollback-journal one.
    if (image.length >= 20 && image[18] === 2 && image[19] === 2) image[18] = image[19] = 1;
    return { db: engine.openImage(image), bytes: image.length };
  }

  /** Whether the file's header says WAL mode (SQLite would then open, or create, a -wal and a -shm beside it). */
  function walHeader(file: string): boolean {
    const header = Buffer.alloc(20);
    const fd = fs.openSync(file, 'r');
    try {
      fs.readSync(fd, header, 0, 20, 0);
    } finally {
      fs.closeSync(fd);
    }
    return header[18] === 2 || header[19] === 2;
  }

  /** Closes the least recently used images until one of `bytes` more fits in what is kept. */
  function makeRoom(bytes: number): void {
    let kept = 0;
    for (const connection of connections.values()) kept += connection.image;
    for (const [path, connection] of connections) {
      if (kept + bytes <= IMAGES_KEPT_BYTES) return;
      if (connection.image === 0) continue;
      close(connection);
      connections.delete(path);
      kept -= connection.image;
    }
  }

  /** Whether `file` (links resolved) lies inside the directory `root` (links resolved). */
  const inside = (file: string, root: string): boolean => file.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

  /**
   * The WAL log beside `file`, links resolved, or undefined when there is none. It must be a
   * regular file (a FIFO would block the read for ever) and, with `root`, lie inside it: a schema's
   * log linked to another program's would put that program's pages into the schema's database.
   */
  function walOf(file: string, root: string | undefined): string | undefined {
    if (!fs.existsSync(`${file}-wal`)) return undefined;
    let wal: string;
    try {
      wal = fs.realpathSync.native(`${file}-wal`);
    } catch {
      return undefined;
    }
    if (!fs.statSync(wal).isFile())
      throw new Refusal('database', 'the -wal file beside the database is not a regular file');
    if (root !== undefined && !inside(wal, root))
      throw new Refusal(
        'database',
        "the -wal file beside the database is a link to a file outside its schema's directory, which a schema " +
          'may not read',
      );
    return wal;
  }

  /**
   * Opens `path` read-only. With `within`, the file and its log (links resolved) must lie inside
   * that directory: a schema's own databases may not be links to files elsewhere on the machine.
   */
  function open(path: string, within: string | undefined): Connection {
    let file: string;
    let stat: import('node:fs').Stats;
    let root: string | undefined;
    try {
      // Links resolved: the file SQLite would read, and the place of its -wal beside it.
      file = fs.realpathSync.native(path);
      stat = fs.statSync(file);
      root = within === undefined ? undefined : fs.realpathSync.native(within);
    } catch {
      throw new Refusal('missing', `database not found at ${path}`);
    }
    if (!stat.isFile()) throw new Refusal('missing', `database not found at ${path} (not a file)`);
    if (root !== undefined && !inside(file, root))
      throw new Refusal(
        'database',
        "the database file is a link to a file outside its schema's directory, which a schema may not read",
      );
    let db: Db;
    let stamp: string;
    let imageBytes = 0;
    try {
      const wal = walOf(file, root);
      stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}|${wal === undefined ? '-' : stampOf(wal)}`;
      const cached = connections.get(path);
      connections.delete(path);
      if (cached && cached.stamp === stamp) {
        connections.set(path, cached); // the most recently used now
        return cached;
      }
      if (cached) close(cached);
      const walSize = wal === undefined ? 0 : fs.statSync(wal).size;
      if (stat.size + walSize <= IMAGE_MAX_BYTES) {
        makeRoom(stat.size + walSize);
        ({ db, bytes: imageBytes } = imageDatabase(file, wal, stamp));
        // SQLite holds its own copy: free the one read (megabytes) now, not at some later collection.
        (globalThis as { gc?: () => void }).gc?.();
      } else {
        if (wal !== undefined || walHeader(file))
          throw new Refusal(
            'database',
            `the database is in WAL mode and over ${IMAGE_MAX_BYTES / 1024 / 1024} MiB: it cannot be read without ` +
              `SQLite creating -wal and -shm files beside it (checkpoint it and switch it to journal_mode = DELETE ` +
              `to serve it)`,
          );
        db = engine.openFile(file);
      }
    } catch (error) {
      if (error instanceof Refusal) throw error;
      // A file system error names the file's full path: say only what went wrong.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && !code.startsWith('SQLITE_'))
        throw new Refusal('database', `the database file cannot be read (${code})`);
      throw error;
    }
    db.exec('PRAGMA query_only = ON');
    db.exec('PRAGMA trusted_schema = OFF');
    db.exec('PRAGMA temp_store = MEMORY');
    const connection: Connection = { db, stamp, image: imageBytes, id: nextConnection++ };
    connections.set(path, connection);
    return connection;
  }

  function prepare(connection: Connection, sql: string): Prepared {
    const key = `${connection.id}\n${sql}`;
    let prepared = statements.get(key);
    if (prepared) {
      statements.delete(key); // the most recently used now
      statements.set(key, prepared);
      return prepared;
    }
    const stmt = connection.db.prepare(sql);
    if (!stmt.reader || !stmt.readonly) {
      leave(sql.length);
      if (!stmt.reader)
        throw new Refusal('refused', 'the statement returns no rows: only queries that read are allowed');
      throw new Refusal('refused', 'the statement would write: only queries that read are allowed');
    }
    const seen = new Map<string, number>();
    const heads = stmt.columns().map((name) => {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return `${JSON.stringify(n === 1 ? name : `${name}:${n}`)}:`;
    });
    prepared = { stmt, heads, connection, size: sql.length };
    statements.set(key, prepared);
    statementText += sql.length;
    for (const [oldest, old] of statements) {
      if (statements.size <= MAX_STATEMENTS && statementText <= MAX_STATEMENT_TEXT) break;
      statements.delete(oldest);
      statementText -= old.size;
      leave(old.size);
    }
    return prepared;
  }

  /** One value as JSON: big integers beyond 2^53 as strings, blobs as base64, infinities as strings. */
  function json(value: unknown, maxBytes: number): string {
    if (value === null) return 'null';
    if (typeof value === 'bigint')
      return value >= -9007199254740991n && value <= 9007199254740991n ? String(value) : `"${value}"`;
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `"${value}"`;
    if (typeof value === 'string') {
      if (value.length > maxBytes)
        throw new Refusal('size', `a value of ${value.length} characters is over the ${maxBytes}-byte result cap`);
      return JSON.stringify(value);
    }
    const blob = value as Uint8Array;
    if (Math.ceil(blob.length / 3) * 4 > maxBytes)
      throw new Refusal('size', `a blob of ${blob.length} bytes is over the ${maxBytes}-byte result cap`);
    return `"${Buffer.from(blob.buffer, blob.byteOffset, blob.length).toString('base64')}"`;
  }

  type Request = {
    id: unknown;
    db: string;
    within?: string;
    sql: string;
    params: unknown[];
    maxRows: number;
    maxBytes: number;
    startBy?: number;
  };

  function run(request: Request): { rows: number; truncated: string | null; payload: string; bytes: number } {
    // Queued too long behind other queries (runaways stopped one by one): answered, not run.
    if (request.startBy !== undefined && Date.now() > request.startBy)
      throw new Refusal('expired', 'the query waited too long to start');
    const { stmt, heads } = prepare(open(request.db, request.within), request.sql);
    const pieces: string[] = [];
    let bytes = 2;
    let truncated: string | null = null;
    for (const row of stmt.rows(request.params)) {
      if (pieces.length === request.maxRows) {
        truncated = 'rows';
        break;
      }
      let piece = '{';
      for (let i = 0; i < heads.length; i++)
        piece += `${i === 0 ? '' : ','}${heads[i]}${json(row[i], request.maxBytes)}`;
      piece += '}';
      const size = Buffer.byteLength(piece) + 1;
      if (bytes + size > request.maxBytes) {
        if (pieces.length === 0)
          throw new Refusal('size', `one row is ${size} bytes, over the ${request.maxBytes}-byte result cap`);
        truncated = 'bytes';
        break;
      }
      bytes += size;
      pieces.push(piece);
    }
    // `bytes` counted a comma after every piece; the array has one fewer (and none when empty).
    return {
      rows: pieces.length,
      truncated,
      payload: `[${pieces.join(',')}]`,
      bytes: pieces.length === 0 ? 2 : bytes - 1,
    };
  }

  /**
   * After a query: 'over' when the process is past the memory cap (that query took it there: every
   * query starts below the recycle mark), 'leave' when it is past the recycle mark even with its
   * databases closed and its statements collected, else 'ok'.
   */
  function memoryAfter(startedAt: number): 'ok' | 'over' | 'leave' {
    if (performance.now() - startedAt < CHECK_AFTER_MS && ++sinceCheck < CHECK_EVERY) return 'ok';
    sinceCheck = 0;
    const mb = process.memoryUsage.rss() / 1048576;
    if (mb > options.memoryCapMb) return 'over';
    if (mb <= options.recycleMb) return 'ok';
    for (const connection of connections.values()) close(connection);
    connections.clear();
    collect();
    return process.memoryUsage.rss() / 1048576 <= options.recycleMb ? 'ok' : 'leave';
  }

  function answer(line: string): void {
    const startedAt = performance.now();
    let id: unknown = null;
    let reply: string;
    try {
      const request = JSON.parse(line) as Request;
      id = request.id;
      const result = run(request);
      // Header and rows in one write: one wake-up of the server per answer.
      const header = { id, ok: true, rows: result.rows, truncated: result.truncated, bytes: result.bytes };
      reply = `${JSON.stringify(header)}\n${result.payload}`;
    } catch (error) {
      // SqliteError carries a code; better-sqlite3 refuses other bad SQL (several statements, wrong bindings) with a
      // RangeError or TypeError. A file that is not a database, or a damaged one, is the database's problem, not the
      // statement's.
      const code = String((error as { code?: unknown }).code ?? '');
      const kind =
        error instanceof Refusal
          ? error.kind
          : /^SQLITE_(NOTADB|CORRUPT)/.test(code)
            ? 'database'
            : code !== '' || error instanceof RangeError || error instanceof TypeError
              ? 'sql'
              : 'internal';
      const message = error instanceof Error ? error.message : String(error);
      reply = `${JSON.stringify({ id, ok: false, kind, error: message })}\n`;
    }
    const memory = memoryAfter(startedAt);
    if (memory === 'over')
      reply = `${JSON.stringify({
        id,
        ok: false,
        kind: 'memory',
        error: `the query used more than the ` + `${options.memoryCapMb} MiB memory cap and was stopped`,
      })}\n`;
    send(reply);
    if (memory === 'ok') return;
    // What was sent after this request goes to a new process.
    write(JSON.stringify({ recycle: true }));
    process.exit(0);
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

/** The source text `node -e` runs: the host function applied to `require` and its options. */
export function sqliteHostScript(options: HostOptions): string {
  // Transpilers may wrap named functions in a `__name` helper that lives outside the function.
  return (
    `var __name = (f) => f;\n(${sqliteHostMain.toString()})(require, ${JSON.stringify(options)}, ` +
    `${applyWal.toString()});\n`
  );
}
