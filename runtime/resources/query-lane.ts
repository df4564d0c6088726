/**
 * One query process (`sqlite-host.ts`) and the queue in front of it. Requests are written to the
 * process as they come and answered in order; the request at the head of the queue is the one
 * running, and it alone is timed: past the time cap, or when the process grows past the memory cap
 * (Linux: resident set read from /proc), the process is killed (SIGKILL: SQLite stops mid-step),
 * that request fails with a message naming the cap, and the requests queued behind it go to a new
 * process. The memory cap blames the query that grew the process: every query starts with the
 * process below the recycle mark (three quarters of the cap; the process drops its caches, or
 * leaves, after a query that passed it), so the one stopped at the cap took at least the last quarter
 * itself; a quick one that passed the cap is failed by the process itself. The server's event loop never runs SQL, so
 * everything else keeps being answered. A query that has waited twice the time cap behind other queries (runaways
 * stopped one by one, or slow queries one after another; a process starting is not counted) fails without running:
 * however many runaways a client sends at once, every query is answered within about three time caps, not one cap per
 * runaway queued before it.
 *
 * better-sqlite3 has no interrupt and is built without SQLite's progress handler, and a worker thread
 * busy inside SQLite can be neither terminated nor joined (it even holds up process exit), so a
 * separate process is the one thing that can be stopped. Measured cost: about 0.06 ms a query.
 * The process is started on first use and gets an empty environment (no server params), and
 * `--expose-gc` so that it can drive collections: the bytes of a database file once SQLite has its
 * own copy, and the statements that left its cache.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { AnswerReader } from './answer-reader.ts';
import { betterSqlite3Path } from './better-sqlite3-path.ts';
import { nativeModuleProblem } from './native-module-problem.ts';
import { sqliteEngineFor } from './sqlite-engine.ts';
import { sqliteHostScript, type HostOptions } from './sqlite-host.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';

// Loaded with the first query process: a server whose resources are never read does not load it.
const childProcess = lazyBuiltin<typeof import('node:child_process')>('node:child_process');

export interface QueryLimits {
  /** Time cap of one query, ms. */
  readonly timeoutMs: number;
  /** Rows returned at most (more are cut, and the answer says so). */
  readonly maxRows: number;
  /** Bytes of row JSON returned at most. */
  readonly maxBytes: number;
  /** Resident memory of the query process, MiB, past which a running query is stopped (Linux). */
  readonly maxMemoryMb: number;
}

export interface QueryRequest {
  /** Absolute path of the database file. */
  readonly db: string;
  /** A directory the database file must lie in once links are resolved (a schema's own databases). */
  readonly within?: string;
  readonly sql: string;
  readonly params: readonly (string | number | null)[];
  /** Row cap for this request (at most the lane's). */
  readonly maxRows: number;
}

export interface QueryAnswer {
  /** The rows as a JSON array of objects. */
  readonly json: string;
  readonly rows: number;
  /** Why rows were left out: the row cap or the byte cap; null when every row is there. */
  readonly truncated: 'rows' | 'bytes' | null;
}

/**
 * A query that failed; `kind` tells a missing database (`missing`), a database file that cannot be served (`database`),
 * SQLite's refusal or error (`refused`, `sql`), a cap (`size`, `timeout`, `memory`) or a crash (`internal`).
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  readonly line: string;
  readonly resolve: (answer: QueryAnswer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A query in the lane: `waited` is the time it spent queued in processes that have since died, `sentAt` when it was
 * written to the current one.
 */
interface Entry {
  readonly id: number;
  readonly pending: Pending;
  waited: number;
  sentAt: number;
}

/** How often the memory of a query running longer than this is looked at, ms. */
const MEMORY_CHECK_MS = 25;

/**
 * A query must start within this many time caps of waiting behind other queries (the time a process takes to start is
 * not counted).
 */
const WAIT_CAPS = 2;

/** The process drops its caches (or leaves) after a query that took it past this share of the memory cap. */
const RECYCLE_SHARE = 0.75;

/**
 * The SQLite the query process runs: node:sqlite, or better-sqlite3 from beside the bundle or where this runtime lives
 * (`better-sqlite3-path.ts`, which throws one line).
 */
let engine: HostOptions['engine'] | undefined;

function hostEngine(): HostOptions['engine'] {
  if (engine === undefined) {
    engine =
      sqliteEngineFor() === 'node:sqlite'
        ? { kind: 'node:sqlite' }
        : { kind: 'better-sqlite3', path: betterSqlite3Path() };
  }
  return engine;
}

/** Resident set of a process in MiB, from /proc; undefined where there is no /proc. */
function residentMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export class QueryLane {
  #host: ChildProcessWithoutNullStreams | undefined;
  #ready = false;
  #closed = false;
  #nextId = 1;
  /** Written to the current process, in order; the first is running. */
  readonly #inflight: Entry[] = [];
  /** Waiting for the process to be ready. */
  readonly #waiting: Entry[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Whether the process and its pipes currently keep the server alive. */
  #held = false;
  #stderr = '';
  /** Set while a header has been read and its payload is awaited. */
  #header: { id: number; rows: number; truncated: 'rows' | 'bytes' | null } | undefined;

  constructor(
    readonly label: string,
    readonly limits: QueryLimits,
  ) {}

  /** Runs one query in the lane's process. */
  run(request: QueryRequest): Promise<QueryAnswer> {
    if (this.#closed) return Promise.reject(new QueryError('internal', 'the server is shutting down'));
    const line = JSON.stringify({
      ...request,
      maxRows: Math.min(request.maxRows, this.limits.maxRows),
      maxBytes: this.limits.maxBytes,
    });
    return new Promise<QueryAnswer>((resolve, reject) => {
      const entry: Entry = { id: this.#nextId++, pending: { line, resolve, reject }, waited: 0, sentAt: 0 };
      if (this.#host && this.#ready) return this.#send(entry);
      if (!this.#host) {
        try {
          this.#start();
        } catch (error) {
          // better-sqlite3 not installed where this runtime runs, or no process could be made.
          return reject(new QueryError('internal', `the query process cannot be started: ${(error as Error).message}`));
        }
      }
      this.#waiting.push(entry);
    });
  }

  /** Stops the process; queued queries fail. */
  close(): void {
    this.#closed = true;
    const error = new QueryError('internal', 'the server is shutting down');
    this.#stop();
    for (const { pending } of this.#inflight.splice(0)) pending.reject(error);
    for (const { pending } of this.#waiting.splice(0)) pending.reject(error);
  }

  /** True while a query process is running (for tests and the bench). */
  get running(): boolean {
    return this.#host !== undefined;
  }

  #start(): void {
    if (this.#host) return;
    const used = hostEngine();
    const program = sqliteHostScript({
      engine: used,
      memoryCapMb: this.limits.maxMemoryMb,
      recycleMb: Math.round(this.limits.maxMemoryMb * RECYCLE_SHARE),
    });
    const host = childProcess().spawn(process.execPath, ['--expose-gc', '-e', program], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {},
      windowsHide: true,
    });
    this.#host = host;
    this.#held = true;
    this.#ready = false;
    this.#stderr = '';
    this.#header = undefined;
    // One reader per process: what a killed process still had in its pipe is never mixed into the next one's answers.
    const reader = new AnswerReader(
      (line) => this.#onHeader(line),
      (text) => this.#onPayload(text),
    );
    host.stderr.setEncoding('utf8');
    host.stdout.on('data', (chunk: Buffer) => {
      if (this.#host === host) reader.push(chunk);
    });
    host.stderr.on('data', (chunk: string) => (this.#stderr = (this.#stderr + chunk).slice(-2000)));
    host.stdin.on('error', () => {}); // a killed process closes its pipe; the exit handler reports it
    host.once('error', (error) => this.#onExit(host, `could not be started: ${error.message}`));
    host.once('exit', (code, signal) =>
      this.#onExit(host, signal ? `was stopped by ${signal}` : `exited with code ${code}`),
    );
    this.#idle(false);
  }

  /** Kills the current process (if any) and forgets it. */
  #stop(): void {
    this.#clearTimers();
    const host = this.#host;
    this.#host = undefined;
    this.#ready = false;
    host?.kill('SIGKILL');
  }

  /**
   * Writes a query to the ready process; it must start within what is left of its wait allowance, or the process
   * answers it `expired`.
   */
  #send(entry: Entry): void {
    this.#inflight.push(entry);
    entry.sentAt = Date.now();
    const startBy = entry.sentAt + this.#waitMs - entry.waited;
    this.#host!.stdin.write(`{"id":${entry.id},"startBy":${startBy},${entry.pending.line.slice(1)}\n`);
    if (this.#inflight.length === 1) this.#armHead();
    this.#idle(false);
  }

  /**
   * Times the query at the head of the queue: it is the one the process is running. One timer per
   * query: it first fires after `MEMORY_CHECK_MS` (most queries are done by then), and from then on
   * every `MEMORY_CHECK_MS` it checks the memory cap and, at the time cap, stops the query.
   */
  #armHead(): void {
    this.#clearTimers();
    const head = this.#inflight[0];
    if (!head) return;
    const deadline = performance.now() + this.limits.timeoutMs;
    const check = (): void => {
      if (this.#inflight[0]?.id !== head.id) return;
      const left = deadline - performance.now();
      if (left <= 0)
        return this.#fail(
          head.id,
          new QueryError(
            'timeout',
            `the query ran longer than the ${this.limits.timeoutMs} ms time cap and was stopped`,
          ),
        );
      const pid = this.#host?.pid;
      const mb = pid === undefined ? undefined : residentMb(pid);
      if (mb !== undefined && mb > this.limits.maxMemoryMb)
        return this.#fail(
          head.id,
          new QueryError(
            'memory',
            `the query used more than the ${this.limits.maxMemoryMb} MiB memory cap and was stopped`,
          ),
        );
      this.#timer = setTimeout(check, Math.min(MEMORY_CHECK_MS, left));
    };
    this.#timer = setTimeout(check, Math.min(MEMORY_CHECK_MS, this.limits.timeoutMs));
  }

  /** How long a query may wait behind others before it starts, ms. */
  get #waitMs(): number {
    return WAIT_CAPS * this.limits.timeoutMs;
  }

  #waitedTooLong(): QueryError {
    return new QueryError(
      'timeout',
      `the query waited longer than ${this.#waitMs} ms (${WAIT_CAPS} time caps) behind other queries and was not run`,
    );
  }

  #clearTimers(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Fails the running query `id` by killing the process; the queries behind it are sent again. */
  #fail(id: number, error: QueryError): void {
    if (this.#inflight[0]?.id !== id) return;
    const [head] = this.#inflight.splice(0, 1);
    this.#stop();
    head!.pending.reject(error);
    this.#requeue();
  }

  /**
   * Moves what the dead process had not answered in front of the waiting queue and starts a new one; queries that
   * waited too long fail.
   */
  #requeue(): void {
    // Time spent waiting for a process to start is not counted; time queued behind other queries is.
    const now = Date.now();
    for (const entry of this.#inflight) entry.waited += now - entry.sentAt;
    this.#waiting.unshift(...this.#inflight.splice(0));
    const expired = this.#waiting.filter((entry) => entry.waited > this.#waitMs);
    if (expired.length > 0) {
      this.#waiting.splice(0, this.#waiting.length, ...this.#waiting.filter((entry) => entry.waited <= this.#waitMs));
      for (const { pending } of expired) pending.reject(this.#waitedTooLong());
    }
    if (this.#waiting.length === 0 || this.#closed) return this.#idle(true);
    try {
      this.#start();
    } catch (error) {
      for (const { pending } of this.#waiting.splice(0))
        pending.reject(new QueryError('internal', `the query process cannot be started: ${(error as Error).message}`));
    }
  }

  #onExit(host: ChildProcessWithoutNullStreams, how: string): void {
    if (this.#host !== host) return; // killed on purpose; already handled
    const wasReady = this.#ready;
    this.#host = undefined;
    this.#ready = false;
    this.#clearTimers();
    const detail = this.#stderr.trim().split('\n').pop() ?? '';
    const error = new QueryError('internal', `the query process ${how}${detail ? `: ${detail}` : ''}`);
    if (!wasReady) {
      // It never started: every query waiting for it fails the same way, rather than respawning forever.
      for (const { pending } of [...this.#inflight.splice(0), ...this.#waiting.splice(0)]) pending.reject(error);
      return;
    }
    const head = this.#inflight.shift();
    head?.pending.reject(error);
    this.#requeue();
  }

  /** A header line; returns the bytes of the rows' JSON that follow an `ok` header. */
  #onHeader(line: string): number | undefined {
    const message = JSON.parse(line) as {
      ready?: true;
      fatal?: string;
      recycle?: true;
      id?: number;
      ok?: boolean;
      rows?: number;
      truncated?: 'rows' | 'bytes' | null;
      bytes?: number;
      kind?: string;
      error?: string;
    };
    if (message.ready) {
      this.#ready = true;
      for (const entry of this.#waiting.splice(0)) this.#send(entry);
      if (this.#inflight.length === 0) this.#idle(true);
      return undefined;
    }
    if (message.fatal !== undefined) {
      const used = hostEngine();
      this.#stderr =
        used.kind === 'better-sqlite3' ? nativeModuleProblem(message.fatal, used.path) : message.fatal.split('\n')[0]!;
      return undefined;
    }
    if (message.recycle) {
      // The process is leaving with its memory: what it had not answered goes to a new one.
      this.#stop();
      this.#requeue();
      return undefined;
    }
    if (!message.ok) {
      const error =
        message.kind === 'expired'
          ? this.#waitedTooLong()
          : new QueryError(message.kind ?? 'internal', message.error ?? 'the query failed');
      this.#settle(message.id!, (pending) => pending.reject(error));
      return undefined;
    }
    this.#header = { id: message.id!, rows: message.rows!, truncated: message.truncated ?? null };
    return message.bytes!;
  }

  #onPayload(json: string): void {
    const { id, rows, truncated } = this.#header!;
    this.#header = undefined;
    this.#settle(id, (pending) => pending.resolve({ json, rows, truncated }));
  }

  /** Completes the head of the queue (answers come in order) and times the next one. */
  #settle(id: number, complete: (pending: Pending) => void): void {
    const head = this.#inflight[0];
    if (head?.id !== id) return;
    this.#inflight.shift();
    this.#armHead();
    if (this.#inflight.length === 0) this.#idle(true);
    complete(head.pending);
  }

  /** An idle process does not keep the server alive (it exits when the server's end of its stdin closes). */
  #idle(idle: boolean): void {
    const host = this.#host;
    if (!host || this.#held === !idle) return;
    this.#held = !idle;
    for (const handle of [host, host.stdout, host.stderr, host.stdin] as { ref?: () => void; unref?: () => void }[]) {
      if (idle) handle.unref?.();
      else handle.ref?.();
    }
  }
}
