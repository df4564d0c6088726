/**
 * `toolkit assess` and the validator history, side by side in one run:
 *  1. wall time of `toolkit assess <peer> --format json` as a process (node start, CLI, layers
 *     loaded, one assessment, report) next to the same assessment by the pipeline alone in a warm
 *     process (`createValidatorCore().assess`): medians of `BENCH_ASSESS_RUNS` (7) alternating runs.
 *     Do not edit sources while it runs: each edit makes the CLI rebuild its cached bundle;
 *  2. history queries with `BENCH_ASSESS_ROWS` (100,000) stored assessments over 1,000 URLs, each
 *     stored through `HistoryStore.save`, on a SQLite file and, when PostgreSQL's binaries exist, on a
 *     throwaway PostgreSQL server (`test/support/postgres-cluster.ts`): an endpoint's listing, the
 *     badge's latest grade, one stored result, a diff of two (each as the HTTP answer is built) and a
 *     URL's drift events, medians and p99 of 200 queries each (goal: ≤ 20 ms). Filling takes minutes;
 *     `BENCH_ASSESS_ROWS=0` skips this part.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../validator-service/config.ts';
import { historyRoutes } from '../validator-service/history/history-routes.ts';
import { openHistoryStore, type HistoryStore } from '../validator-service/history/history-store.ts';
import type { Assessment } from '../validator-service/pipeline/assessment.ts';
import { loadLayers } from '../validator-service/pipeline/load-layers.ts';
import { createValidatorCore } from '../validator-service/validator-core.ts';
import { startStreamableMcpServer } from '../test/peers/mcp-streamable-server.ts';
import { findPostgres, startPostgresCluster } from '../test/support/postgres-cluster.ts';

const RUNS = Number(process.env['BENCH_ASSESS_RUNS'] ?? 7);
const ROWS = Number(process.env['BENCH_ASSESS_ROWS'] ?? 100_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

const peer = await startStreamableMcpServer({ name: 'bench-assess' });
// Without NODE_EXTRA_CA_CERTS: it makes node load its root certificates before any code runs.
const { NODE_EXTRA_CA_CERTS: _ca, ...parentEnv } = process.env;
const env = { ...parentEnv, VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host };
const config = readConfig(env);
const core = createValidatorCore({ config, layers: await loadLayers() });
const bin = new URL('../cli/bin.mjs', import.meta.url).pathname;
/** `BENCH_ASSESS_BASELINE=<another checkout>`: its `toolkit assess` timed alongside (e.g. before a change). */
const baseline = process.env['BENCH_ASSESS_BASELINE'];
type Run = { status: number | null; stdout: string; stderr: string };
/** Runs a process without blocking this one, which serves the peer. */
const spawnRun = (args: string[]) =>
  new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
const assessArgs = ['assess', peer.url, '--format', 'json'];
const timed = async (args: string[], into: number[]) => {
  const t = performance.now();
  const run = await spawnRun(args);
  into.push(performance.now() - t);
  // Exit 1 is a finished run below the threshold; anything else did not assess.
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run;
};

// 1. The command against the pipeline alone (and node's own start, and a baseline checkout's command).
let sample: Assessment | undefined;
await core.assess({ url: new URL(peer.url), timeoutMs: null }); // warm-up
await spawnRun([bin, ...assessArgs]); // warm the CLI bundle cache
if (baseline) await spawnRun([`${baseline}/cli/bin.mjs`, ...assessArgs]);
const cli: number[] = [];
const before: number[] = [];
const node: number[] = [];
const alone: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await timed([bin, ...assessArgs], cli);
  if (i === 0) console.log(`toolkit assess: exit ${run.status}, grade ${JSON.parse(run.stdout).assessments[0].grade}`);
  if (baseline) await timed([`${baseline}/cli/bin.mjs`, ...assessArgs], before);
  await timed(['-e', ''], node);
  const t = performance.now();
  sample = await core.assess({ url: new URL(peer.url), timeoutMs: null });
  alone.push(performance.now() - t);
}
await peer.close();
const ratio = (xs: number[]) => (median(xs) / median(alone)).toFixed(2);
console.log('\n| toolkit assess (one URL, json) | median | ratio to the pipeline |');
console.log('|---|---|---|');
console.log(`| pipeline alone, warm process | ${ms(median(alone))} | 1.00 |`);
console.log(`| \`node -e ''\` (node's own start) | ${ms(median(node))} | ${ratio(node)} |`);
console.log(`| \`toolkit assess\` process | ${ms(median(cli))} | ${ratio(cli)} |`);
if (baseline) console.log(`| \`toolkit assess\` process of ${baseline} | ${ms(median(before))} | ${ratio(before)} |`);
console.log(`| difference (node start, CLI, layers loaded, report) | ${ms(median(cli) - median(alone))} | |`);

// 2. History queries over ROWS stored assessments, on SQLite and (when its binaries exist) PostgreSQL.
// `BENCH_ASSESS_ROWS=0` skips them (the start figure alone).
if (ROWS === 0) {
  console.log(`\n(${RUNS} alternating runs; the machine is shared, so read ratios, not absolutes)`);
  process.exit(0);
}
const withoutRaw = Object.entries(sample!.layers).map(([k, v]) => [k, { ...v, raw: null }]);
const lean = { ...sample!, layers: Object.fromEntries(withoutRaw) } as Assessment;
const urls = Array.from({ length: 1000 }, (_, i) => `https://endpoint-${i}.example/mcp`);
const variant = (i: number): Assessment => {
  const mcp = { ...lean.layers.mcp, summary: { ...lean.layers.mcp.summary, toolCount: i % 7 } };
  return { ...lean, url: urls[i % urls.length]!, layers: { ...lean.layers, mcp } };
};

/** Fills `store` with ROWS assessments and times each query kind; rows for the table. */
async function historyRows(store: HistoryStore): Promise<{ fill: number; rows: [string, number[]][] }> {
  const t0 = performance.now();
  const ids: string[] = [];
  // Stored a batch at a time: PostgreSQL's round trips overlap, SQLite's writes are synchronous anyway.
  for (let i = 0; i < ROWS; i += 50) {
    const batch = Array.from({ length: Math.min(50, ROWS - i) }, (_, j) => store.save(variant(i + j)));
    for (const item of await Promise.all(batch)) ids.push(item.id);
  }
  const fill = performance.now() - t0;
  const routes = historyRoutes(store, true);
  const time = async (fn: (i: number) => Promise<unknown>) => {
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await fn(i);
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const pick = (i: number) => ids[(i * 7919) % ids.length]!;
  const byUrl = (i: number) => new URLSearchParams({ url: urls[i % 1000]! });
  const pair = (i: number) => new URLSearchParams({ from: pick(i), to: pick(i + 1) });
  const rows: [string, number[]][] = [
    ['GET /api/history?url= (20 newest of 100)', await time((i) => routes.history(byUrl(i)))],
    ['GET /badge?url= (latest grade)', await time((i) => routes.badge(byUrl(i), null))],
    ['GET /api/assessments/<id> (one result)', await time((i) => routes.assessment(pick(i), new URLSearchParams()))],
    ['GET /api/diff?from=&to= (two results)', await time((i) => routes.diff(pair(i)))],
    ['GET /api/drift?url= (events of one URL)', await time((i) => store.drift(urls[i % 1000]!, 20))],
  ];
  return { fill, rows };
}

const dir = mkdtempSync(join(tmpdir(), 'assess-bench-'));
const binaries = findPostgres();
const cluster = binaries ? await startPostgresCluster(binaries) : null;
try {
  const file = join(dir, 'history.sqlite');
  const sqlite = await openHistoryStore({ path: file, maxRows: ROWS, maxAgeDays: 365 });
  const onSqlite = await historyRows(sqlite);
  const sqliteCount = await sqlite.count();
  await sqlite.close();
  let onPostgres: Awaited<ReturnType<typeof historyRows>> | null = null;
  if (cluster) {
    const url = await cluster.database();
    const postgres = await openHistoryStore({ path: ':memory:', url, maxRows: ROWS, maxAgeDays: 365 });
    onPostgres = await historyRows(postgres);
    await postgres.close();
  }
  const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const fills = `filled in ${seconds(onSqlite.fill)}${onPostgres ? ` / ${seconds(onPostgres.fill)}` : ''}`;
  const size = `SQLite file ${(statSync(file).size / 1e6).toFixed(0)} MB`;
  console.log(
    `\n| history: ${sqliteCount.toLocaleString('en')} assessments over 1,000 URLs (${size}), ${fills} ` +
      '| SQLite median | SQLite p99 | PostgreSQL median | PostgreSQL p99 |',
  );
  console.log('|---|---|---|---|---|');
  for (const [index, [name, xs]] of onSqlite.rows.entries()) {
    const pg = onPostgres?.rows[index]?.[1];
    const pgCells = pg ? `${ms(median(pg))} | ${ms(p99(pg))}` : 'n/a | n/a';
    console.log(`| ${name} | ${ms(median(xs))} | ${ms(p99(xs))} | ${pgCells} |`);
  }
  if (!cluster) console.log('(PostgreSQL: no initdb/postgres binaries on this machine; `.ci/run` installs them)');
} finally {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n(${RUNS} alternating runs; the machine is shared, so read ratios, not absolutes)`);
