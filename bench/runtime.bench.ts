/**
 * Runtime bench, side by side in one run:
 *  1. per-call latency of a tool call through the MCP server (separate process, stdio, real SDK
 *     Client) vs a direct `fetch` of the same loopback HTTPS upstream: p50, p99, added ms;
 *  2. spawn → first `tools/list` answer for 10, 100, 500 and 2,000 tools (SchemaModels generated
 *     here, 4 tools per schema), next to `node -e ''` as the floor.
 * The server is the runtime bundled with esbuild into one plain `.mjs`, as generated bundles ship
 * (tsx would add its own start-up). The bench re-runs itself once with NODE_EXTRA_CA_CERTS so the
 * direct side can use the global `fetch` with the test CA. Bounded loops only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { SchemaModel } from '../runtime/model.ts';
import { createTestCa, type TestCa } from '../test/support/tls.ts';
import { param, schema, str, num, tool } from '../test/runtime/support/models.ts';
import { startUpstream } from '../test/runtime/support/upstream.ts';

const ENTRY_SOURCE = resolve(import.meta.dirname, '../test/runtime/support/serve-models.ts');
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
  const transport = new StdioClientTransport({ command: process.execPath, args: [ENTRY, file], env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: caFile }, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  return { client, spawnedAt };
}

/** Spawn → the `tools/list` response line, speaking raw JSON-RPC over stdio (no client-side parsing). */
function rawSpawnToList(file: string, caFile: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [ENTRY, file], { env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: caFile }, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{"result":{"tools"') || l.includes('"id":2,'));
      if (line !== undefined && out.includes('\n', out.indexOf(line))) {
        const elapsed = performance.now() - started;
        child.kill();
        done({ ms: elapsed, bytes: line.length });
      }
    });
    child.once('error', fail);
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  });
}

async function floorSpawn(): Promise<number> {
  const started = performance.now();
  await new Promise<void>((done) => spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }).once('exit', () => done()));
  return performance.now() - started;
}

if (!process.env.TOOLKIT_BENCH_CA_DIR) {
  const made = createTestCa();
  const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename], { stdio: 'inherit', env: { ...process.env, TOOLKIT_BENCH_CA_DIR: made.dir, NODE_EXTRA_CA_CERTS: made.caFile } });
  process.exit(run.status ?? 1);
}
const caDir = process.env.TOOLKIT_BENCH_CA_DIR;
const read = (name: string) => readFileSync(join(caDir, name), 'utf8');
const ca: TestCa = { dir: caDir, caFile: join(caDir, 'ca.pem'), ca: read('ca.pem'), key: read('leaf.key'), cert: read('leaf.pem') };

const ENTRY = join(mkdtempSync(join(tmpdir(), 'toolkit-bench-bundle-')), 'serve.mjs');
await build({
  entryPoints: [ENTRY_SOURCE], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: ENTRY, logLevel: 'error',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

const upstream = await startUpstream(ca, { '/things/1': () => ({ headers: { 'content-type': 'application/json' }, body: '{"id":1,"name":"thing"}' }) });

// 1. Per-call latency.
// A second schema whose tool answers from an executeRequest handler: the MCP + sandbox cost alone.
const noUpstream = schema('benchexec', [tool('constant', 'GET', ['https://unused.invalid/'], [], { hooks: ['executeRequest'] })], {
  handlersSource: "() => ({ constant: { executeRequest: () => ({ response: { id: 1, name: 'thing' } }) } })",
});
const { client } = await connect(writeModels([...generate(4, upstream.origin), noUpstream]), ca.caFile);
async function timeCalls(name: string, args: Record<string, unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const started = performance.now();
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(JSON.stringify(result));
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
const viaMcp = await timeCalls('get_thing0_benchaaa', { id: '1' });
const handlerOnly = await timeCalls('constant_benchexec', {});
await client.close();

const direct: number[] = [];
const directCall = async () => {
  const response = await fetch(`${upstream.origin}/things/1?limit=10`, { headers: { accept: 'application/json' } });
  JSON.parse(await response.text());
};
for (let i = 0; i < WARMUP + CALLS; i++) {
  const started = performance.now();
  await directCall();
  if (i >= WARMUP) direct.push(performance.now() - started);
}
direct.sort((a, b) => a - b);

process.stdout.write(`\nPer-call latency, ${CALLS} calls after ${WARMUP} warm-up (ms)\n`);
process.stdout.write(`| path                         |      p50 |      p99 |\n|------------------------------|----------|----------|\n`);
process.stdout.write(`| direct fetch                 | ${ms(percentile(direct, 50))} | ${ms(percentile(direct, 99))} |\n`);
process.stdout.write(`| tools/call via MCP (stdio)   | ${ms(percentile(viaMcp, 50))} | ${ms(percentile(viaMcp, 99))} |\n`);
process.stdout.write(`| tools/call, executeRequest   | ${ms(percentile(handlerOnly, 50))} | ${ms(percentile(handlerOnly, 99))} |  (no upstream: MCP stdio + sandbox only)\n`);
process.stdout.write(`| added by the MCP path        | ${ms(percentile(viaMcp, 50) - percentile(direct, 50))} | ${ms(percentile(viaMcp, 99) - percentile(direct, 99))} |\n`);
process.stdout.write(`ratio p50: ${(percentile(viaMcp, 50) / percentile(direct, 50)).toFixed(2)}× (target: added < 0.5 ms p50)\n`);

// 2. Spawn → first tools/list.
process.stdout.write(`\nSpawn → first tools/list answer, median (min) of ${SPAWNS} spawns, ms; the server is an esbuild bundle of the runtime\n`);
process.stdout.write(`| tools  | schemas | raw JSON-RPC client | SDK Client (parses + validates) | list bytes |\n|--------|---------|---------------------|---------------------------------|------------|\n`);
const floors: number[] = [];
for (let i = 0; i < SPAWNS; i++) floors.push(await floorSpawn());
floors.sort((a, b) => a - b);
const cell = (sorted: number[]) => `${ms(percentile(sorted, 50))} (${ms(sorted[0]!).trim()})`;
process.stdout.write(`| floor  | node -e | ${cell(floors).padEnd(19)} |                                 |          – |\n`);
for (const count of [10, 100, 500, 2000]) {
  const schemas = generate(count, upstream.origin);
  const file = writeModels(schemas);
  const raw: number[] = [];
  const sdk: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SPAWNS; i++) {
    const measured = await rawSpawnToList(file, ca.caFile);
    raw.push(measured.ms);
    bytes = measured.bytes;
    const { client: c, spawnedAt } = await connect(file, ca.caFile);
    const list = await c.listTools();
    sdk.push(performance.now() - spawnedAt);
    if (list.tools.length !== count) throw new Error(`expected ${count} tools, got ${list.tools.length}`);
    await c.close();
  }
  raw.sort((a, b) => a - b);
  sdk.sort((a, b) => a - b);
  process.stdout.write(`| ${String(count).padStart(6)} | ${String(schemas.length).padStart(7)} | ${cell(raw).padEnd(19)} | ${cell(sdk).padEnd(31)} | ${String(bytes).padStart(10)} |\n`);
}
process.stdout.write('(both include process start and initialize; target < 200 ms from spawn)\n');
await upstream.close();
