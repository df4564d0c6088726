/**
 * Runtime bench, side by side in one run:
 *  1. per-call latency of a tool call through the MCP server (separate process, stdio, real SDK
 *     Client) vs a direct `fetch` of the same loopback HTTPS upstream: p50, p99, added ms;
 *  2. spawn → first `tools/list` answer for 10, 100, 500 and 2,000 tools (SchemaModels generated
 *     here, 4 tools per schema), next to a do-nothing process with the same loader as the floor.
 * Bounded loops only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent } from 'node:https';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { SchemaModel } from '../runtime/model.ts';
import { createTestCa } from '../test/support/tls.ts';
import { param, schema, str, num, tool } from '../test/runtime/support/models.ts';
import { startUpstream } from '../test/runtime/support/upstream.ts';

const ENTRY = resolve(import.meta.dirname, '../test/runtime/support/serve-models.ts');
const CALLS = 400;
const WARMUP = 50;
const SPAWNS = 5;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(8);

function writeModels(schemas: SchemaModel[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolkit-bench-')), 'models.json');
  writeFileSync(file, JSON.stringify({ schemas }));
  return file;
}

function generate(tools: number, origin: string): SchemaModel[] {
  const schemas: SchemaModel[] = [];
  for (let s = 0; s * 4 < tools; s++) {
    const count = Math.min(4, tools - s * 4);
    const namespace = `bench${String.fromCharCode(97 + (s % 26))}${String.fromCharCode(97 + Math.floor(s / 26) % 26)}${String.fromCharCode(97 + Math.floor(s / 676) % 26)}`;
    schemas.push(schema(namespace, Array.from({ length: count }, (_, t) =>
      tool(`getThing${t}`, 'GET', [`${origin}/things/`, { insert: 'id' }], [
        param('id', 'insert', str, {}, [{ user: true }], 'identifier of the thing'),
        param('limit', 'query', num, { optional: true, default: 10, min: 1, max: 100 }, [{ user: true }], 'page size'),
        param('cursor', 'query', str, { optional: true }, [{ user: true }], 'pagination cursor'),
      ], { description: `Gets thing ${t} of ${namespace}: a moderately long description as real schemas have.` }),
    )));
  }
  return schemas;
}

async function connect(file: string, caFile: string): Promise<{ client: Client; spawnedAt: number }> {
  const spawnedAt = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', ENTRY, file], env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: caFile }, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  return { client, spawnedAt };
}

async function floorSpawn(): Promise<number> {
  const started = performance.now();
  await new Promise<void>((done) => spawn(process.execPath, ['--import', 'tsx', '-e', ''], { stdio: 'ignore' }).once('exit', () => done()));
  return performance.now() - started;
}

const ca = createTestCa();
const upstream = await startUpstream(ca, { '/things/1': () => ({ headers: { 'content-type': 'application/json' }, body: '{"id":1,"name":"thing"}' }) });

// 1. Per-call latency.
const { client } = await connect(writeModels(generate(4, upstream.origin)), ca.caFile);
const viaMcp: number[] = [];
for (let i = 0; i < WARMUP + CALLS; i++) {
  const started = performance.now();
  const result = await client.callTool({ name: 'get_thing0_benchaaa', arguments: { id: '1' } });
  if (result.isError) throw new Error(JSON.stringify(result));
  if (i >= WARMUP) viaMcp.push(performance.now() - started);
}
await client.close();

const agent = new Agent({ ca: ca.ca, keepAlive: true });
const direct: number[] = [];
const { request } = await import('node:https');
const directCall = () => new Promise<void>((done, fail) => {
  const req = request(`${upstream.origin}/things/1?limit=10`, { agent, headers: { accept: 'application/json' } }, (res) => {
    let body = '';
    res.on('data', (c: Buffer) => (body += c));
    res.on('end', () => (JSON.parse(body), done()));
  });
  req.on('error', fail);
  req.end();
});
// Direct fetch needs the CA: Node's fetch reads NODE_EXTRA_CA_CERTS only at start, so for the
// in-process side an https request with the CA and keep-alive stands in for it (same wire work).
for (let i = 0; i < WARMUP + CALLS; i++) {
  const started = performance.now();
  await directCall();
  if (i >= WARMUP) direct.push(performance.now() - started);
}
agent.destroy();
viaMcp.sort((a, b) => a - b);
direct.sort((a, b) => a - b);

process.stdout.write(`\nPer-call latency, ${CALLS} calls after ${WARMUP} warm-up (ms)\n`);
process.stdout.write(`| path                         |      p50 |      p99 |\n|------------------------------|----------|----------|\n`);
process.stdout.write(`| direct HTTPS request         | ${ms(percentile(direct, 50))} | ${ms(percentile(direct, 99))} |\n`);
process.stdout.write(`| tools/call via MCP (stdio)   | ${ms(percentile(viaMcp, 50))} | ${ms(percentile(viaMcp, 99))} |\n`);
process.stdout.write(`| added by the MCP path        | ${ms(percentile(viaMcp, 50) - percentile(direct, 50))} | ${ms(percentile(viaMcp, 99) - percentile(direct, 99))} |\n`);
process.stdout.write(`ratio p50: ${(percentile(viaMcp, 50) / percentile(direct, 50)).toFixed(2)}× (target: added < 0.5 ms p50)\n`);

// 2. Spawn → first tools/list.
process.stdout.write(`\nSpawn → first tools/list answer, median of ${SPAWNS} spawns (ms; node + tsx loader, unbundled)\n`);
process.stdout.write(`| tools  | schemas |   median |      min | list bytes |\n|--------|---------|----------|----------|------------|\n`);
const floors: number[] = [];
for (let i = 0; i < SPAWNS; i++) floors.push(await floorSpawn());
floors.sort((a, b) => a - b);
process.stdout.write(`| floor  | (empty) | ${ms(percentile(floors, 50))} | ${ms(floors[0]!)} |          – |\n`);
for (const count of [10, 100, 500, 2000]) {
  const schemas = generate(count, upstream.origin);
  const file = writeModels(schemas);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SPAWNS; i++) {
    const { client: c, spawnedAt } = await connect(file, ca.caFile);
    const list = await c.listTools();
    times.push(performance.now() - spawnedAt);
    if (list.tools.length !== count) throw new Error(`expected ${count} tools, got ${list.tools.length}`);
    bytes = JSON.stringify(list).length;
    await c.close();
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`| ${String(count).padStart(6)} | ${String(schemas.length).padStart(7)} | ${ms(percentile(times, 50))} | ${ms(times[0]!)} | ${String(bytes).padStart(10)} |\n`);
}
process.stdout.write('(spawn includes initialize; target < 200 ms from spawn; the floor row is a process that only loads tsx)\n');
await upstream.close();
