/**
 * Soak (`npm run bench soak`: minutes, not part of `npm test` nor of a plain `npm run bench`): the
 * long-running processes under steady load from outside, sampled every ten seconds, with requests,
 * p50/p99 and RSS per minute and, as the verdict, the slope of RSS over the second half of the run
 * (flat: within ±1 MiB a minute, or 1% of RSS a minute, whichever is larger).
 *  1. a bundle over stdio, one client: named-query reads and listings, back to back;
 *  2. a bundle over HTTP, eight clients;
 *  3. the query process: `SOAK_QUERY_READS` (300,000) distinct freeQuery reads (simple, WITH,
 *     JOIN, GROUP BY) through a served bundle over stdio, four in flight: every read answered, and
 *     the query process's RSS under its stated bound (160 MiB);
 *  4. the validator service under assessment load (loopback MCP and website peers), concurrency 4.
 * `SOAK_MINUTES` (default 2) per timed section; `SOAK_SECTIONS=1,3` runs only some.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { runCli } from '../test/build/support/run-cli.ts';
import { connectHttpEra, connectStdioEra, type EraClient } from '../test/support/mcp-eras.ts';
import { createWorkspace } from '../test/resources/support/workspace.ts';

const MINUTES = Number(process.env['SOAK_MINUTES'] ?? 2);
const QUERY_READS = Number(process.env['SOAK_QUERY_READS'] ?? 300_000);
const SECTIONS = (process.env['SOAK_SECTIONS'] ?? '1,2,3,4').split(',').map(Number);
const QUERY_PROCESS_BOUND_MIB = 160;
const SAMPLE_MS = 10_000;

/** Resident memory of a process, MiB (0 once it is gone). */
const rssOf = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Pids whose command line contains `text`. */
function pidsWith(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    });
}

interface Sample {
  readonly at: number;
  readonly rss: number;
}
interface Result {
  readonly name: string;
  readonly requests: number;
  readonly failures: number;
  readonly minutes: { requests: number; p50: number; p99: number; rss: number }[];
  readonly slope: number;
  readonly rss: number;
  readonly peak: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Least-squares slope of RSS (MiB a minute) over the second half of the samples. */
function slopeOf(samples: readonly Sample[]): number {
  const half = samples.slice(Math.floor(samples.length / 2));
  if (half.length < 2) return 0;
  const xs = half.map((s) => s.at / 60_000);
  const ys = half.map((s) => s.rss);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * Runs `workers` loops of `op` until `done()` says so, timing each call, sampling the RSS of the
 * processes `pids()` names every ten seconds.
 */
async function soak(
  name: string,
  workers: number,
  op: (i: number) => Promise<void>,
  done: (elapsedMs: number, started: number) => boolean,
  pids: () => number[],
): Promise<Result> {
  const started = performance.now();
  const latencies: { at: number; ms: number }[] = [];
  const samples: Sample[] = [];
  let failures = 0;
  let next = 0;
  const sample = (): void =>
    void samples.push({ at: performance.now() - started, rss: pids().reduce((sum, pid) => sum + rssOf(pid), 0) });
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done(performance.now() - started, next)) {
        const i = next++;
        const t = performance.now();
        try {
          await op(i);
        } catch (error) {
          if (failures++ < 3) process.stderr.write(`${name}: ${(error as Error).message.slice(0, 200)}\n`);
        }
        latencies.push({ at: t - started, ms: performance.now() - t });
      }
    }),
  );
  clearInterval(sampler);
  sample();
  const minutes: Result['minutes'] = [];
  const total = Math.ceil((performance.now() - started) / 60_000);
  for (let m = 0; m < total; m++) {
    const inMinute = latencies
      .filter((l) => l.at >= m * 60_000 && l.at < (m + 1) * 60_000)
      .map((l) => l.ms)
      .sort((a, b) => a - b);
    const rss = samples.filter((s) => s.at < (m + 1) * 60_000).at(-1)?.rss ?? NaN;
    minutes.push({ requests: inMinute.length, p50: percentile(inMinute, 50), p99: percentile(inMinute, 99), rss });
  }
  return {
    name,
    requests: latencies.length,
    failures,
    minutes,
    slope: slopeOf(samples),
    rss: samples.at(-1)!.rss,
    peak: Math.max(...samples.map((s) => s.rss)),
  };
}

const flat = (r: Result): boolean => Math.abs(r.slope) <= Math.max(1, r.rss * 0.01);

function print(r: Result, extra = ''): void {
  process.stdout.write(`\n### ${r.name}\n| minute | requests | p50 ms | p99 ms | RSS MiB |\n|---|---|---|---|---|\n`);
  r.minutes.forEach((m, i) =>
    process.stdout.write(
      `| ${i + 1} | ${m.requests} | ${m.p50.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.rss.toFixed(1)} |\n`,
    ),
  );
  process.stdout.write(
    `verdict: ${r.requests} requests, ${r.failures} failed; RSS slope over the second half ` +
      `${r.slope >= 0 ? '+' : ''}${r.slope.toFixed(2)} MiB/min ` +
      `(${flat(r) ? 'flat' : r.slope > 0 ? 'GROWING' : 'falling'})${extra}\n`,
  );
}

const timed = (elapsed: number): boolean => elapsed >= MINUTES * 60_000;

async function main(): Promise<void> {
  const workspace = createWorkspace('soak');
  workspace.copyProvider('elements');
  const built = await runCli([
    'build',
    '--schemas',
    workspace.schemasDir,
    '--out',
    workspace.path('out'),
    '--project',
    workspace.dir,
  ]);
  if (built.code !== 0) throw new Error(built.stderr);
  const bundle = workspace.path('out', 'catalog.mjs');
  const env = { PATH: process.env['PATH'] ?? '', HOME: workspace.home };
  const serverPids = (): number[] =>
    pidsWith(bundle).filter((pid) => !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sqliteHostMain'));
  const queryPids = (): number[] =>
    pidsWith('sqliteHostMain').filter((pid) =>
      serverPids().some(
        (server) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(server),
      ),
    );
  const symbols = ['H', 'He', 'Fe', 'Au', 'U', 'Og', 'C', 'N'];
  const named = (client: EraClient, i: number) =>
    client.readResource({ uri: `toolkit://elements/elements/elementBySymbol?symbol=${symbols[i % symbols.length]}` });
  process.stdout.write(`Soak: ${MINUTES} min per timed section; Node ${process.versions.node}\n`);
  try {
    if (SECTIONS.includes(1)) {
      const client = await connectStdioEra('v1', {
        command: process.execPath,
        args: [bundle],
        env,
        cwd: workspace.dir,
      });
      print(
        await soak(
          '1. bundle over stdio, one client (named-query reads, listings)',
          1,
          async (i) => void (i % 4 === 0 ? await client.listResources() : await named(client, i)),
          timed,
          serverPids,
        ),
        ' (server process)',
      );
      await client.close();
    }
    if (SECTIONS.includes(2)) {
      const child = spawn(process.execPath, [bundle, '--http', '127.0.0.1:0'], {
        env,
        cwd: workspace.dir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const url = await new Promise<string>((resolve) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
      });
      const clients = await Promise.all(Array.from({ length: 8 }, () => connectHttpEra('v1', { url })));
      print(
        await soak(
          '2. bundle over HTTP, eight clients',
          8,
          async (i) => void (i % 4 === 0 ? await clients[i % 8]!.listResources() : await named(clients[i % 8]!, i)),
          timed,
          () => [child.pid!],
        ),
        ' (server process)',
      );
      await Promise.all(clients.map((c) => c.close()));
      child.kill('SIGTERM');
    }
    if (SECTIONS.includes(3)) {
      const client = await connectStdioEra('v1', {
        command: process.execPath,
        args: [bundle],
        env,
        cwd: workspace.dir,
      });
      const shapes = [
        (i: number) => `SELECT name, symbol FROM elements WHERE atomic_number = ${(i % 118) + 1} AND ${i} = ${i}`,
        (i: number) =>
          `WITH heavy AS (SELECT * FROM elements WHERE atomic_weight > ${i % 250}) SELECT count(*) AS n, ${i} AS ` +
          `k FROM heavy`,
        (i: number) =>
          `SELECT a.symbol, b.symbol AS next FROM elements a JOIN elements b ON b.atomic_number = a.atomic_number + ` +
          `1 WHERE a.atomic_number = ${(i % 117) + 1} AND ${i} > -1`,
        (i: number) =>
          `SELECT category, count(*) AS n, avg(atomic_weight) + ${i} AS w FROM elements GROUP BY category ` +
          `ORDER BY n DESC`,
      ];
      const result = await soak(
        `3. query process: ${QUERY_READS.toLocaleString('en')} distinct freeQuery reads (simple, WITH, JOIN, GROUP ` +
          `BY), four in flight`,
        4,
        async (i) => {
          const read = await client.readResource({
            uri: `toolkit://elements/elements/freeQuery?sql=${encodeURIComponent(shapes[i % 4]!(i))}&limit=20`,
          });
          if (!String((read.contents[0] as { text?: unknown }).text).startsWith('[')) throw new Error('not rows');
        },
        (_elapsed, started) => started >= QUERY_READS,
        queryPids,
      );
      print(
        result,
        `; query process peak ${result.peak.toFixed(1)} MiB (bound ${QUERY_PROCESS_BOUND_MIB} MiB: ` +
          `${result.peak < QUERY_PROCESS_BOUND_MIB ? 'within' : 'OVER'})`,
      );
      await client.close();
    }
    if (SECTIONS.includes(4)) {
      const { startStreamableMcpServer } = await import('../test/peers/mcp-streamable-server.ts');
      const { startHttpWebsite } = await import('../test/peers/websites.ts');
      const mcp = await startStreamableMcpServer({ name: 'soak-peer' });
      const site = await startHttpWebsite();
      const allow = `${new URL(mcp.url).host},${new URL(site.url).host}`;
      const service = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
        env: {
          ...process.env,
          VALIDATOR_ALLOW_HOSTS: allow,
          VALIDATOR_RATE_LIMIT: '1000000',
          VALIDATOR_MAX_CONCURRENT: '100',
          API_TOKEN: '',
        },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const base = await new Promise<string>((resolve) => {
        let out = '';
        service.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
        });
      });
      const targets = [mcp.url, site.url];
      print(
        await soak(
          '4. validator service, assessments at concurrency 4',
          4,
          async (i) => {
            const response = await fetch(`${base}/api/assess`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ url: targets[i % 2], timeout: 10_000 }),
            });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`status ${response.status}`);
          },
          timed,
          () => [service.pid!],
        ),
        ' (service process)',
      );
      service.stdin!.end();
      await new Promise((resolve) => service.once('exit', resolve));
      await mcp.close();
      await site.close();
    }
  } finally {
    workspace.remove();
  }
}

if (process.argv.includes('--serve')) {
  const { startValidator } = await import('../validator-service/server.ts');
  const running = await startValidator({ port: 0, env: process.env });
  process.stdout.write(`${running.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void running.close().then(() => process.exit(0)));
} else {
  await main();
}
