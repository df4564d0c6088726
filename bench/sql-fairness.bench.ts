/**
 * SQL lanes fair across schemas (`runtime/resources/lane-pool.ts`), side by side in one run: schema
 * B's named-query reads, one at a time, alone and while schema A keeps a runaway query running (a
 * new one as soon as the last is stopped at the time cap), through the pool, and through one shared
 * lane as before (B queued behind A's runaways). The stated bound: B waits at most 50 ms plus a
 * query process start for A's work (B's first three reads in each row, which may wait for that
 * start, are not counted). `BENCH_FAIRNESS_READS` (40) reads of B per row.
 */
import { LanePool } from '../runtime/resources/lane-pool.ts';
import { QueryLane, type QueryLimits } from '../runtime/resources/query-lane.ts';
import { createWorkspace } from '../test/resources/support/workspace.ts';

const READS = Number(process.env['BENCH_FAIRNESS_READS'] ?? 40);
const LIMITS: QueryLimits = { timeoutMs: 3000, maxRows: 100, maxBytes: 1 << 20, maxMemoryMb: 256 };
const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

const workspace = createWorkspace('fairness');
const db = workspace.database('data/f.db', "CREATE TABLE t (x); INSERT INTO t VALUES ('row');");
const read = { db, sql: 'SELECT x FROM t', params: [], maxRows: 1 };

type Runner = (owner: string, request: typeof read) => Promise<unknown>;

/** B's read latencies (ms), with A's runaways going on when `attack`. */
async function measure(run: Runner, attack: boolean): Promise<number[]> {
  await run('b', read);
  let attacking = attack;
  const loop = (async () => {
    while (attacking) await run('a', { ...read, sql: RUNAWAY }).catch(() => undefined);
  })();
  // Let the first runaway start; B's first reads may wait for a second process to start (not counted).
  if (attack) await new Promise((resolve) => setTimeout(resolve, 200));
  const latencies: number[] = [];
  for (let i = -3; i < READS; i++) {
    const started = performance.now();
    await run('b', read).catch(() => undefined);
    if (i >= 0) latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  attacking = false;
  await loop;
  return latencies.sort((a, b) => a - b);
}

const rows: string[][] = [['B reads (one at a time)', 'p50 ms', 'p99 ms', 'max ms']];
const add = (label: string, xs: number[]): void =>
  void rows.push([
    label,
    xs[Math.floor(xs.length / 2)]!.toFixed(1),
    xs[Math.min(xs.length - 1, Math.ceil(0.99 * xs.length) - 1)]!.toFixed(1),
    xs.at(-1)!.toFixed(1),
  ]);

try {
  const pool = new LanePool('bench', LIMITS);
  add('pool: B alone', await measure((owner, request) => pool.run(owner, request), false));
  add('pool: B while A runs runaways', await measure((owner, request) => pool.run(owner, request), true));
  pool.close();
  const lane = new QueryLane('bench', LIMITS);
  add('one shared lane (before): B alone', await measure((_owner, request) => lane.run(request), false));
  add('one shared lane (before): B while A runs runaways', await measure((_owner, request) => lane.run(request), true));
  lane.close();
} finally {
  workspace.remove();
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
process.stdout.write(
  `SQL fairness across schemas: time cap ${LIMITS.timeoutMs} ms, ${READS} reads of B per row (machine shared: ` +
    `compare within a run)\n`,
);
for (const row of rows) process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |\n`);
