/**
 * Runtime bench, side by side in one run:
 *  1. per-call latency of a tool call through the MCP server (separate process, stdio, real SDK
 *     Client) vs a direct `fetch` of the same loopback HTTPS upstream, next to a bare SDK `Server`
 *     answering a constant tool over stdio (the floor any stdio MCP server pays: pipe + SDK). The
 *     paths are measured in interleaved blocks so machine noise hits them alike; the table splits
 *     the added latency into that floor and what the runtime itself adds;
 *  2. spawn → first `tools/list` answer for 10, 100, 500 and 2,000 tools (SchemaModels generated
 *     here, 4 tools per schema), next to `node -e ''` as the floor; each count both on the eager
 *     path (every tool built at start) and on the path generated bundles take (the listing and the
 *     secret keys computed ahead, `listTools` and `secretKeysOf`, so no tool is built before its call).
 * The servers are bundled with esbuild into plain `.mjs` files, as generated bundles ship (tsx would
 * add its own start-up). The bench re-runs itself once with NODE_EXTRA_CA_CERTS so the direct side
 * can use the global `fetch` with the test CA. Bounded loops only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:https';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listTools, secretKeysOf } from '../runtime/create-runtime.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { createTestCa, type TestCa } from '../test/support/tls.ts';
import { param, schema, str, num, tool } from '../test/runtime/support/models.ts';

const ENTRY_SOURCE = resolve(import.meta.dirname, '../test/runtime/support/serve-models.ts');
const CALLS = 400;
const WARMUP = 50;
/** Calls per path per block; the paths take turns block by block. */
const BLOCK = 25;
const SPAWNS = 5;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(8);

/** The spec file for serve-models.ts; `precomputed` adds what a build embeds (listing, secret keys). */
function writeModels(schemas: SchemaModel[], precomputed = false): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolkit-bench-')), 'models.json');
  writeFileSync(file, JSON.stringify(precomputed ? { schemas, listing: listTools(schemas), secretKeys: [...secretKeysOf(schemas)] } : { schemas }));
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

async function connect(file: string, caFile: string, entry = ENTRY): Promise<{ client: Client; spawnedAt: number }> {
  const spawnedAt = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, file], env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: caFile }, stderr: 'ignore' });
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

const bundleDir = mkdtempSync(join(tmpdir(), 'toolkit-bench-bundle-'));
const ENTRY = join(bundleDir, 'serve.mjs');
const BARE_ENTRY = join(bundleDir, 'bare.mjs');
const bundleOptions = {
  bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
} as const;
await build({ ...bundleOptions, entryPoints: [ENTRY_SOURCE], outfile: ENTRY });
// The floor: the SDK's own low-level Server over stdio, answering one constant tool (the SDK still
// validates the request and the result with zod), bundled the same way.
const BARE_SERVER = `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'bare', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'constant', inputSchema: { type: 'object' } }] }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: '{"id":1,"name":"thing"}' }] }));
await server.connect(new StdioServerTransport());
`;
await build({ ...bundleOptions, stdin: { contents: BARE_SERVER, resolveDir: import.meta.dirname, loader: 'js' }, outfile: BARE_ENTRY });

/**
 * The upstream runs in its own process, as a real API does: a direct `fetch` from this process then
 * crosses a process boundary just as the runtime's does (with the upstream inside this process the
 * direct side skipped that hop and the runtime was charged for it).
 */
const UPSTREAM_SERVER = `
import { createServer } from 'node:https';
import { readFileSync } from 'node:fs';
const dir = process.env.TOOLKIT_BENCH_CA_DIR;
const server = createServer({ key: readFileSync(dir + '/leaf.key'), cert: readFileSync(dir + '/leaf.pem') }, (req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url.split('?')[0] === '/things/1') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id":1,"name":"thing"}');
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('https://127.0.0.1:' + server.address().port + '\\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;
async function startUpstreamProcess(): Promise<{ origin: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', UPSTREAM_SERVER], { env: { PATH: process.env.PATH ?? '', TOOLKIT_BENCH_CA_DIR: caDir }, stdio: ['pipe', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) done(out.trim());
    });
    child.once('exit', (code) => fail(new Error(`upstream process exited (${code})`)));
  });
  return { origin, close: () => new Promise<void>((done) => { child.once('exit', () => done()); child.stdin.end(); }) };
}
const upstream = await startUpstreamProcess();

// 1. Per-call latency.
// A second schema whose tool answers from an executeRequest handler: the MCP + sandbox cost alone.
const noUpstream = schema('benchexec', [tool('constant', 'GET', ['https://unused.invalid/'], [], { hooks: ['executeRequest'] })], {
  handlersSource: "() => ({ constant: { executeRequest: () => ({ response: { id: 1, name: 'thing' } }) } })",
});
const { client } = await connect(writeModels([...generate(4, upstream.origin), noUpstream]), ca.caFile);
const { client: bareClient } = await connect('-', ca.caFile, BARE_ENTRY);

const keepAlive = new Agent({ keepAlive: true, ca: ca.ca });
const call = (c: Client, name: string, args: Record<string, unknown>) => async () => {
  const result = await c.callTool({ name, arguments: args });
  if (result.isError) throw new Error(JSON.stringify(result));
};
const paths = {
  direct: async () => {
    const response = await fetch(`${upstream.origin}/things/1?limit=10`, { headers: { accept: 'application/json' } });
    JSON.parse(await response.text());
  },
  // The runtime calls upstreams with node:https on a keep-alive agent, not fetch: this is that leg alone.
  directHttps: () =>
    new Promise<void>((done, fail) => {
      const req = request(`${upstream.origin}/things/1?limit=10`, { agent: keepAlive, headers: { accept: 'application/json' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          done();
        });
        response.on('error', fail);
      });
      req.on('error', fail);
      req.end();
    }),
  bare: call(bareClient, 'constant', {}),
  viaMcp: call(client, 'get_thing0_benchaaa', { id: '1' }),
  handlerOnly: call(client, 'constant_benchexec', {}),
};
type Path = keyof typeof paths;
const times: Record<Path, number[]> = { direct: [], directHttps: [], bare: [], viaMcp: [], handlerOnly: [] };
for (const path of Object.keys(paths) as Path[]) for (let i = 0; i < WARMUP; i++) await paths[path]();
for (let block = 0; block * BLOCK < CALLS; block++) {
  for (const path of Object.keys(paths) as Path[]) {
    for (let i = 0; i < BLOCK; i++) {
      const started = performance.now();
      await paths[path]();
      times[path].push(performance.now() - started);
    }
  }
}
for (const list of Object.values(times)) list.sort((a, b) => a - b);
await client.close();
await bareClient.close();
keepAlive.destroy();

const p50 = (path: Path) => percentile(times[path], 50);
const p99 = (path: Path) => percentile(times[path], 99);
const row = (label: string, a: number, b: number, note = '') => process.stdout.write(`| ${label.padEnd(38)} | ${ms(a)} | ${ms(b)} |${note ? `  ${note}` : ''}\n`);
process.stdout.write(`\nPer-call latency, ${CALLS} calls per path in interleaved blocks of ${BLOCK}, after ${WARMUP} warm-up (ms)\n`);
process.stdout.write(`| path                                   |      p50 |      p99 |\n|----------------------------------------|----------|----------|\n`);
row('direct fetch', p50('direct'), p99('direct'));
row('direct node:https, keep-alive', p50('directHttps'), p99('directHttps'), '(the HTTP client the runtime uses)');
row('bare SDK Server, constant tool', p50('bare'), p99('bare'), '(stdio + SDK only: the floor)');
row('tools/call via runtime (upstream)', p50('viaMcp'), p99('viaMcp'));
row('tools/call via runtime, executeRequest', p50('handlerOnly'), p99('handlerOnly'), '(no upstream: stdio + SDK + runtime + sandbox)');
process.stdout.write(`\nAdded per call, p50 (ms)\n`);
const line = (label: string, value: number, note = '') => process.stdout.write(`| ${label.padEnd(50)} | ${ms(value)} |${note ? `  ${note}` : ''}\n`);
line('added by the MCP path (runtime − direct fetch)', p50('viaMcp') - p50('direct'), '(issue 3 target < 0.5, project bar < 0.2)');
const overHttps = p50('viaMcp') - p50('directHttps');
line('added over direct node:https (same HTTP client)', overHttps);
line('  of which the bare SDK floor (stdio + SDK)', p50('bare'));
line('  of which the runtime itself (the rest)', overHttps - p50('bare'));
line('executeRequest tool above the floor', p50('handlerOnly') - p50('bare'), '(runtime + handler sandbox, no upstream)');
process.stdout.write(`ratio p50 runtime/direct fetch: ${(p50('viaMcp') / p50('direct')).toFixed(2)}×\n`);

// 2. Spawn → first tools/list.
process.stdout.write(`\nSpawn → first tools/list answer, median (min) of ${SPAWNS} spawns, ms; the server is an esbuild bundle of the runtime\n`);
process.stdout.write(`| tools  | schemas | start   | raw JSON-RPC client | SDK Client (parses + validates) | list bytes |\n|--------|---------|---------|---------------------|---------------------------------|------------|\n`);
const floors: number[] = [];
for (let i = 0; i < SPAWNS; i++) floors.push(await floorSpawn());
floors.sort((a, b) => a - b);
const cell = (sorted: number[]) => `${ms(percentile(sorted, 50))} (${ms(sorted[0]!).trim()})`;
process.stdout.write(`| floor  | node -e |         | ${cell(floors).padEnd(19)} |                                 |          – |\n`);
for (const count of [10, 100, 500, 2000]) {
  const schemas = generate(count, upstream.origin);
  // eager: every tool built at start (toolkit server); listing: what a generated bundle passes.
  for (const [start, file] of [['eager', writeModels(schemas)], ['listing', writeModels(schemas, true)]] as const) {
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
    process.stdout.write(`| ${String(count).padStart(6)} | ${String(schemas.length).padStart(7)} | ${start.padEnd(7)} | ${cell(raw).padEnd(19)} | ${cell(sdk).padEnd(31)} | ${String(bytes).padStart(10)} |\n`);
  }
}
process.stdout.write('(both include process start and initialize; target < 200 ms from spawn)\n');
await upstream.close();
