/**
 * `toolkit assess` and the validator history, side by side in one run (bounded, ~1–2 min):
 *  1. wall time of `toolkit assess <peer> --format json` as a process (node start, CLI, layers
 *     loaded, one assessment, report) next to the same assessment by the pipeline alone in a warm
 *     process (`createValidatorCore().assess`): medians of `BENCH_ASSESS_RUNS` (7) alternating runs;
 *  2. history queries with `BENCH_ASSESS_ROWS` (100,000) stored assessments over 1,000 URLs in a
 *     SQLite file: an endpoint's listing, the badge's latest grade, one stored result, and a diff of
 *     two (each as the HTTP answer is built), medians and p99 of 200 queries each (goal: ≤ 20 ms).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../validator-service/config.ts';
import { historyRoutes } from '../validator-service/history/history-routes.ts';
import { openHistoryStore } from '../validator-service/history/history-store.ts';
import type { Assessment } from '../validator-service/pipeline/assessment.ts';
import { loadLayers } from '../validator-service/pipeline/load-layers.ts';
import { createValidatorCore } from '../validator-service/validator-core.ts';
import { startStreamableMcpServer } from '../test/peers/mcp-streamable-server.ts';

const RUNS = Number(process.env['BENCH_ASSESS_RUNS'] ?? 7);
const ROWS = Number(process.env['BENCH_ASSESS_ROWS'] ?? 100_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

const peer = await startStreamableMcpServer({ name: 'bench-assess' });
const env = { ...process.env, VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host };
const config = readConfig(env);
const core = createValidatorCore({ config, layers: await loadLayers() });
const bin = new URL('../cli/bin.mjs', import.meta.url).pathname;
/** Runs the CLI without blocking this process, which serves the peer. */
const toolkit = (args: string[]) => new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
  const child = spawn(process.execPath, [bin, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  child.on('close', (status) => resolve({ status, stdout, stderr }));
});

// 1. The command against the pipeline alone.
let sample: Assessment | undefined;
await core.assess({ url: new URL(peer.url), timeoutMs: null }); // warm-up
await toolkit(['assess', peer.url, '--format', 'json']); // warm the CLI bundle cache
const cli: number[] = [];
const alone: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  const run = await toolkit(['assess', peer.url, '--format', 'json']);
  cli.push(performance.now() - t);
  // Exit 1 is a finished run below the threshold; anything else did not assess.
  if (run.status !== 0 && run.status !== 1) throw new Error(`toolkit assess exited ${run.status}: ${run.stderr}`);
  if (i === 0) console.log(`toolkit assess: exit ${run.status}, grade ${JSON.parse(run.stdout).assessments[0].grade}`);
  t = performance.now();
  sample = await core.assess({ url: new URL(peer.url), timeoutMs: null });
  alone.push(performance.now() - t);
}
await peer.close();
console.log('\n| toolkit assess (one URL, json) | median | ratio |');
console.log('|---|---|---|');
console.log(`| pipeline alone, warm process | ${ms(median(alone))} | 1.00 |`);
console.log(`| \`toolkit assess\` process | ${ms(median(cli))} | ${(median(cli) / median(alone)).toFixed(2)} |`);
console.log(`| difference (node start, CLI, layers loaded, report) | ${ms(median(cli) - median(alone))} | |`);

// 2. History queries over ROWS stored assessments.
const dir = mkdtempSync(join(tmpdir(), 'assess-bench-'));
try {
  const lean = { ...sample!, layers: Object.fromEntries(Object.entries(sample!.layers).map(([k, v]) => [k, { ...v, raw: null }])) } as Assessment;
  const file = join(dir, 'history.sqlite');
  const store = openHistoryStore({ path: file, maxRows: ROWS, maxAgeDays: 365 });
  const urls = Array.from({ length: 1000 }, (_, i) => `https://endpoint-${i}.example/mcp`);
  const t0 = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const toolCount = i % 7;
    const a = { ...lean, url: urls[i % urls.length]!, layers: { ...lean.layers, mcp: { ...lean.layers.mcp, summary: { ...lean.layers.mcp.summary, toolCount } } } };
    ids.push(store.save(a).id);
  }
  const fill = performance.now() - t0;
  const routes = historyRoutes(store, true);
  const time = (fn: (i: number) => void) => {
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) { const t = performance.now(); fn(i); xs.push(performance.now() - t); }
    return xs;
  };
  const pick = (i: number) => ids[(i * 7919) % ids.length]!;
  const rows: [string, number[]][] = [
    ['GET /api/history?url= (20 newest of 100)', time((i) => void routes.history(new URLSearchParams({ url: urls[i % 1000]! }))) ],
    ['GET /badge?url= (latest grade)', time((i) => void routes.badge(new URLSearchParams({ url: urls[i % 1000]! }), null))],
    ['GET /api/assessments/<id> (one result)', time((i) => void routes.assessment(pick(i), new URLSearchParams()))],
    ['GET /api/diff?from=&to= (two results)', time((i) => void routes.diff(new URLSearchParams({ from: pick(i), to: pick(i + 1) })))],
  ];
  console.log(`\n| history: ${store.count().toLocaleString('en')} assessments, ${(statSync(file).size / 1e6).toFixed(0)} MB file, filled in ${(fill / 1000).toFixed(1)} s | median | p99 |`);
  console.log('|---|---|---|');
  for (const [name, xs] of rows) console.log(`| ${name} | ${ms(median(xs))} | ${ms(p99(xs))} |`);
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n(${RUNS} alternating runs; the machine is shared, so read ratios, not absolutes)`);
