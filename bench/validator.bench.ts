/**
 * Validator service benchmark, bounded (~1 min):
 *  1. pipeline overhead: one assessment's wall time next to its slowest single layer (median of N);
 *  2. load: 200 assessments at concurrency 20 over HTTP against loopback peers — throughput, p50/p99
 *     latency, and the service process's peak RSS (VmHWM of a separate child process).
 * Uses the real layers from validator-service/layers/index.ts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startValidator } from '../validator-service/server.ts';

// Child mode: the service under load, in its own process so its RSS is its own.
if (process.argv.includes('--serve')) {
  const running = await startValidator({ port: 0, env: process.env });
  process.stdout.write(`${running.url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void running.close().then(() => process.exit(0)));
} else {
  await main();
}

async function main(): Promise<void> {
  const { startStreamableMcpServer } = await import('../test/peers/mcp-streamable-server.ts');
  const { startHttpWebsite } = await import('../test/peers/websites.ts');
  const mcp = await startStreamableMcpServer({ name: 'bench-peer' });
  const site = await startHttpWebsite();
  const allow = `${new URL(mcp.url).host},${new URL(site.url).host}`;
  const targets = [mcp.url, site.url];
  const rows: string[][] = [];
  let assessed: string[] = [];

  // 1. Pipeline overhead, in-process.
  const inProc = await startValidator({ port: 0, env: { VALIDATOR_ALLOW_HOSTS: allow, VALIDATOR_RATE_LIMIT: '100000', VALIDATOR_MAX_CONCURRENT: '100' } });
  const walls: number[] = [];
  const pipeline: number[] = [];
  const slowest: number[] = [];
  const slowestName: string[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const response = await fetch(`${inProc.url}/api/assess`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: targets[0] }) });
    const body = await response.json() as { durationMs: number; notAssessed: string[]; layers: Record<string, { durationMs: number }> };
    assessed = Object.keys(body.layers).filter((n) => !body.notAssessed.includes(n));
    walls.push(performance.now() - started);
    pipeline.push(body.durationMs);
    const [name, layer] = Object.entries(body.layers).sort((a, b) => b[1].durationMs - a[1].durationMs)[0]!;
    slowest.push(layer.durationMs);
    slowestName.push(name);
  }
  await inProc.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const wall = median(walls);
  const inside = median(pipeline);
  const slow = median(slowest);
  rows.push(['one assessment (MCP peer), median of 15', `pipeline ${inside.toFixed(1)} ms (HTTP round trip ${wall.toFixed(1)} ms)`, `slowest layer (${slowestName[0]}) ${slow.toFixed(1)} ms`, `pipeline/slowest ${(inside / Math.max(slow, 0.001)).toFixed(2)}×`]);

  // 2. Load against a separate service process.
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
    env: { ...process.env, VALIDATOR_ALLOW_HOSTS: allow, VALIDATOR_RATE_LIMIT: '100000', VALIDATOR_MAX_CONCURRENT: '100', API_TOKEN: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => { out += c; const line = out.split('\n')[0]; if (out.includes('\n')) resolve(line!.trim()); });
    child.on('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
  const total = 200;
  const concurrency = 20;
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const loadStarted = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      const response = await fetch(`${base}/api/assess`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: targets[i % targets.length], timeout: 10_000 }) });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      latencies.push(performance.now() - started);
    }
  }));
  const elapsed = (performance.now() - loadStarted) / 1000;
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const peakKb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? NaN);
  child.stdin.end();
  await new Promise((resolve) => child.on('exit', resolve));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
  rows.push([`${total} assessments, concurrency ${concurrency}`, `${(total / elapsed).toFixed(1)} /s`, `p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`, `service peak RSS ${(peakKb / 1024).toFixed(0)} MiB${failures ? `, ${failures} non-200` : ''}`]);

  await mcp.close();
  await site.close();
  process.stdout.write(`layers: ${assessed.join(', ')}\n\n`);
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |\n`);
}
