/**
 * The query processes of one kind of query (the schemas' own, or freeQuery), shared fairly by the
 * schemas of a catalog. A lane (one process, `query-lane.ts`) runs the queries of one schema at a
 * time: a schema's queries follow each other into the lane it holds, so its runaway delays only
 * itself. Another schema takes an idle lane, or waits for one (schemas take turns); if none frees
 * within `FAIR_WAIT_MS`, a new lane is started for it, up to `MAX_LANES`.
 *
 * The bound: a schema's query waits for another schema's work at most `FAIR_WAIT_MS` plus the start
 * of a query process (measured in `bench/resources.bench.ts`), as long as fewer than `MAX_LANES`
 * schemas run slow queries at once; past that, schemas wait their turn for a lane, which frees within
 * about three time caps (a runaway is stopped at the cap, and queries queued behind it that waited
 * two caps fail without running). Lanes beyond the first that stay idle for `IDLE_LANE_MS` are closed.
 */
import { QueryError, QueryLane, type QueryAnswer, type QueryLimits, type QueryRequest } from './query-lane.ts';

/** How long a schema's query waits for another schema's lane to free before a lane is started for it, ms. */
export const FAIR_WAIT_MS = 50;

/** Lanes (query processes) at most per pool. */
export const MAX_LANES = 3;

/** A lane beyond the first idle this long is closed, ms. */
const IDLE_LANE_MS = 30_000;

interface Held {
  readonly lane: QueryLane;
  /** The schema whose queries the lane runs; undefined when it runs none. */
  owner: string | undefined;
  pending: number;
  idle: NodeJS.Timeout | undefined;
}

interface Waiter {
  readonly request: QueryRequest;
  readonly resolve: (answer: QueryAnswer) => void;
  readonly reject: (error: Error) => void;
}

export class LanePool {
  readonly #lanes: Held[] = [];
  /** Queries waiting for a lane, by schema; schemas take turns in the order they came. */
  readonly #waiting = new Map<string, Waiter[]>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    readonly label: string,
    readonly limits: QueryLimits,
  ) {}

  /** Runs one query of the schema `owner`. */
  run(owner: string, request: QueryRequest): Promise<QueryAnswer> {
    if (this.#closed) return Promise.reject(new QueryError('internal', 'the server is shutting down'));
    // Its own lane; else an idle one, preferably with its process running (a start can take seconds).
    const idle = this.#lanes.filter((lane) => lane.owner === undefined);
    const held =
      this.#lanes.find((lane) => lane.owner === owner) ??
      idle.find((lane) => lane.lane.running) ??
      idle[0] ??
      (this.#lanes.length === 0 ? this.#open() : undefined);
    if (held) return this.#send(held, owner, request);
    return new Promise((resolve, reject) => {
      const queue = this.#waiting.get(owner) ?? [];
      queue.push({ request, resolve, reject });
      this.#waiting.set(owner, queue);
      this.#arm();
    });
  }

  /** How many query processes the pool holds (for tests and the bench). */
  get size(): number {
    return this.#lanes.length;
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const held of this.#lanes.splice(0)) {
      clearTimeout(held.idle);
      held.lane.close();
    }
    const error = new QueryError('internal', 'the server is shutting down');
    for (const queue of this.#waiting.values()) for (const waiter of queue) waiter.reject(error);
    this.#waiting.clear();
  }

  #open(): Held {
    const held: Held = {
      lane: new QueryLane(`${this.label} ${this.#lanes.length + 1}`, this.limits),
      owner: undefined,
      pending: 0,
      idle: undefined,
    };
    this.#lanes.push(held);
    return held;
  }

  #send(held: Held, owner: string, request: QueryRequest): Promise<QueryAnswer> {
    clearTimeout(held.idle);
    held.idle = undefined;
    held.owner = owner;
    held.pending++;
    const done = (): void => {
      held.pending--;
      if (held.pending === 0) this.#freed(held);
    };
    const answer = held.lane.run(request);
    answer.then(done, done);
    return answer;
  }

  /** A lane ran its schema's last query: the next schema waiting takes it, or it idles. */
  #freed(held: Held): void {
    held.owner = undefined;
    if (this.#closed || !this.#lanes.includes(held)) return;
    const next = this.#waiting.keys().next();
    if (!next.done) return this.#hand(held, next.value);
    if (this.#lanes[0] === held) return;
    held.idle = setTimeout(() => {
      if (held.pending > 0) return;
      this.#lanes.splice(this.#lanes.indexOf(held), 1);
      held.lane.close();
    }, IDLE_LANE_MS);
    held.idle.unref();
  }

  /** Gives `held` to the schema `owner`, with all its waiting queries; it goes to the back of the turns. */
  #hand(held: Held, owner: string): void {
    const queue = this.#waiting.get(owner) ?? [];
    this.#waiting.delete(owner);
    for (const waiter of queue) this.#send(held, owner, waiter.request).then(waiter.resolve, waiter.reject);
  }

  /** Checks the waiting queries every `FAIR_WAIT_MS` while there are any. */
  #arm(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#check();
    }, FAIR_WAIT_MS);
  }

  /** Starts a lane for the schema waiting longest, if the pool has room. */
  #check(): void {
    const next = this.#waiting.keys().next();
    if (next.done) return;
    if (this.#lanes.length < MAX_LANES) this.#hand(this.#open(), next.value);
    if (this.#waiting.size > 0) this.#arm();
  }
}
