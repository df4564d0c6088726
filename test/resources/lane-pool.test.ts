/**
 * Query processes shared fairly by schemas (`lane-pool.ts`), on real SQLite files: one schema's
 * runaway delays only that schema's own queries; another schema's query is answered while the
 * runaway still runs (in its own process), schemas take turns when processes are all held, and the
 * pool never holds more than its cap of processes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LanePool, MAX_LANES } from '../../runtime/resources/lane-pool.ts';
import { QueryError, type QueryLimits } from '../../runtime/resources/query-lane.ts';
import { createWorkspace, type Workspace } from './support/workspace.ts';

const test = suite('lane pool');
const LIMITS: QueryLimits = { timeoutMs: 1500, maxRows: 50, maxBytes: 64 * 1024, maxMemoryMb: 512 };
const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

let workspace: Workspace;
let db: string;
const pools: LanePool[] = [];

test.before(() => {
  workspace = createWorkspace('lane-pool');
  db = workspace.database('data/pool.db', "CREATE TABLE t (x); INSERT INTO t VALUES ('row');");
});

test.after(() => {
  for (const pool of pools) pool.close();
  workspace?.remove();
});

const pool = (limits: Partial<QueryLimits> = {}): LanePool => {
  const made = new LanePool('test', { ...LIMITS, ...limits });
  pools.push(made);
  return made;
};

/** Settles to what happened and in which order (`log` gets the label when it settles). */
function settle(log: string[], label: string, answer: Promise<unknown>): Promise<string> {
  return answer.then(
    () => (log.push(label), 'ok'),
    (error: unknown) => (log.push(label), error instanceof QueryError ? `${error.kind}` : `other: ${String(error)}`),
  );
}

test("one schema's runaway delays only itself: another schema is answered while it runs", async () => {
  // A time cap longer than a process takes to start on a loaded machine: b gets its own while a's runaway runs.
  const p = pool({ timeoutMs: 8000 });
  const log: string[] = [];
  await p.run('a', { db, sql: 'SELECT 1', params: [], maxRows: 1 });
  const runaway = settle(log, 'a runaway', p.run('a', { db, sql: RUNAWAY, params: [], maxRows: 1 }));
  const ownAfter = settle(log, 'a after', p.run('a', { db, sql: 'SELECT x FROM t', params: [], maxRows: 1 }));
  const other = settle(log, 'b', p.run('b', { db, sql: 'SELECT x FROM t', params: [], maxRows: 1 }));
  assert.equal(await Promise.all([runaway, ownAfter, other]), ['timeout', 'ok', 'ok']);
  // b did not wait for a's runaway; a's own next query did.
  assert.equal(log, ['b', 'a runaway', 'a after'], JSON.stringify(log));
  assert.is(p.size, 2);
});

test(`schemas take turns once the pool holds ${MAX_LANES} processes, and it never holds more`, async () => {
  const p = pool();
  const log: string[] = [];
  const runaways = ['a', 'b', 'c', 'd'].map((owner) =>
    settle(log, `${owner} runaway`, p.run(owner, { db, sql: RUNAWAY, params: [], maxRows: 1 })),
  );
  const late = settle(log, 'e', p.run('e', { db, sql: 'SELECT x FROM t', params: [], maxRows: 1 }));
  const results = await Promise.all([...runaways, late]);
  assert.ok(p.size <= MAX_LANES, `${p.size} processes`);
  assert.equal(results.slice(0, 3), ['timeout', 'timeout', 'timeout']);
  // d and e waited for a process; d (first to wait) took the first one freed, e the next.
  assert.is(results[4], 'ok');
  assert.ok(log.indexOf('e') > log.indexOf('a runaway'), log.join(', '));
});

test('close fails what waits and stops every process', async () => {
  const p = pool();
  const first = settle([], 'a', p.run('a', { db, sql: RUNAWAY, params: [], maxRows: 1 }));
  const waiting = settle([], 'b', p.run('b', { db, sql: 'SELECT 1', params: [], maxRows: 1 }));
  p.close();
  assert.equal(await Promise.all([first, waiting]), ['internal', 'internal']);
  assert.is(p.size, 0);
});

test.run();
