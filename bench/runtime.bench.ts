/**
 * Runtime bench: the server on the v2 SDK beside the same runtime as it was on the v1 SDK (taken
 * from git, `bench/support/server-bundles.ts`), in one run:
 *  1. per-call latency of a tool call over stdio (separate process, real SDK clients) against a
 *     direct request to the same loopback HTTPS upstream, next to each SDK's bare low-level Server
 *     answering a constant tool (the floor any stdio server on that SDK pays). Paths take turns in
 *     interleaved blocks so machine noise hits them alike. "Beyond the SDK" is what the runtime
 *     adds on top of its own SDK's round trip and the upstream request, measured two ways: against
 *     those two legs measured apart and added, and against a bare SDK server whose handler makes the
 *     same request with node:https (the fair floor: one process doing both pays more than the sum);
 *  2. spawn → first `tools/list` answer for 10 to 2,000 tools (SchemaModels generated here, 4 tools
 *     per schema, the listing and secret keys computed ahead as generated bundles carry them),
 *     opened the 2025 way (`initialize`, `initialized`, `tools/list`) and the 2026-07-28 way (one
 *     enveloped `tools/list`), plain listing and default (the toolset above 50 KB), next to
 *     `node -e ''`;
 *  3. the size of each server bundle;
 *  4. in one process, no stdio and no network (the upstream answered by a stub): a call through the
 *     v2 SDK to the runtime against the same SDK answering a constant tool — the MCP layer's and the
 *     runtime's own cost per call, steady where the stdio figures above swing with machine load.
 * The bench re-runs itself once with NODE_EXTRA_CA_CERTS so the direct side can use the global
 * `fetch` with the test CA. Bounded loops only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from '../runtime/mcp-server.ts';
import { createRuntime } from '../runtime/create-runtime.ts';
import type { UpstreamHttpClient } from '../runtime/upstream/upstream-http.ts';
import { listTools, secretKeysOf } from '../runtime/create-runtime.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { createTestCa, type TestCa } from '../test/support/tls.ts';
import { num, param, schema, str, tool } from '../test/runtime/support/models.ts';
import { build } from 'esbuild';
import { cpuMsOfTree, ownCpuMs } from './support/process-cpu.ts';
import { nodeStart, nodeStartLine, startEnv } from './support/node-start.ts';
import {
  bundleBareServers,
  bundleV1Runtime,
  bundleV2Runtime,
  type Bundled,
  V1_COMMIT,
} from './support/server-bundles.ts';

const CALLS = 400;
const WARMUP = 50;
/** Calls per path per block; the paths take turns block by block. */
const BLOCK = 25;
const SPAWNS = 5;
const MODERN = '2026-07-28';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(8);
const out = (text: string) => process.stdout.write(text);

if (!process.env.TOOLKIT_BENCH_CA_DIR) {
  const made = createTestCa();
  const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename], {
    stdio: 'inherit',
    env: { ...process.env, TOOLKIT_BENCH_CA_DIR: made.dir, NODE_EXTRA_CA_CERTS: made.caFile },
  });
  process.exit(run.status ?? 1);
}
const caDir = process.env.TOOLKIT_BENCH_CA_DIR;
const read = (name: string) => readFileSync(join(caDir, name), 'utf8');
const ca: TestCa = {
  dir: caDir,
  caFile: join(caDir, 'ca.pem'),
  ca: read('ca.pem'),
  key: read('leaf.key'),
  cert: read('leaf.pem'),
};
const childEnv = { PATH: process.env.PATH ?? '', HOME: tmpdir(), NODE_EXTRA_CA_CERTS: ca.caFile };

// Inside the repository (an ignored folder), so the bundles resolve what they load at run time from
// node_modules (the sandbox worker's QuickJS engine, better-sqlite3), as a built bundle does.
const root = join(import.meta.dirname, '..');
mkdirSync(join(root, '.bench-tmp'), { recursive: true });
const work = mkdtempSync(join(root, '.bench-tmp', 'runtime-'));
const v2 = await bundleV2Runtime(work);
const v1 = await bundleV1Runtime(work);
const bare = await bundleBareServers(work);

/**
 * The fair floor for a tool that calls an upstream: the bare v2 SDK Server whose tools/call handler
 * makes the same request with node:https on a keep-alive agent and answers the body's JSON, as the
 * least any stdio server doing this pays. Adding "bare server" and "direct request" measured apart
 * leaves out what the one process doing both pays (a second wake-up per call, the HTTP client's
 * code run cold between stdin reads), and counted it as the runtime's.
 */
const BARE_V2_UPSTREAM =
  `
import { Agent, request } from 'node:https';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
const url = process.argv[2] + '/things/1?limit=10';
const agent = new Agent({ keepAlive: true });
const validator = { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'none' }) };
const fetchThing = () => new Promise((done, fail) => {
  const req = request(url, { agent, headers: { accept: 'application/json' } }, (response) => {
    const chunks = [];
    response.on('data', (chunk) => chunks.push(chunk));
    response.on('end', () => done({ content: [{ type: 'text', text: JSON.stringify(JSON.parse(Buffer.concat(chunks).` +
  `toString('utf8'))) }] }));
    response.on('error', fail);
  });
  req.on('error', fail);
  req.end();
});
serveStdio(() => {
  const server = new Server({ name: 'bare', version: '0' }, { capabilities: { tools: {} }, jsonSchemaValidator: ` +
  `validator, cacheHints: { 'tools/list': { ttlMs: 300000, cacheScope: 'public' } } });
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'get_thing', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler('tools/call', () => fetchThing());
  return server;
});
`;
const bareUpstreamFile = join(work, 'bare-v2-upstream.mjs');
await build({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  minify: true,
  legalComments: 'none',
  outfile: bareUpstreamFile,
  banner: {
    js:
      "import { createRequire as __createRequire } from 'node:module'; const require = " +
      '__createRequire(import.meta.url);',
  },
  stdin: { contents: BARE_V2_UPSTREAM, resolveDir: join(root, 'bench'), loader: 'js' },
  // The build's stand-in for the SDK's shims, as the other bundles here have.
  plugins: [
    {
      name: 'sdk-shims',
      setup: (b) =>
        void b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({
          path: join(root, 'templates', 'sdk-shims.ts'),
        })),
    },
  ],
});
if (!v1)
  out(
    `\n(the v1 runtime at ${V1_COMMIT.slice(0, 7)} is not in this checkout's git history: v1 columns are left out)\n`,
  );

/** The spec file for serve-models.ts, with what a build embeds (listing and its size, secret keys). */
function writeModels(schemas: SchemaModel[]): string {
  const file = join(mkdtempSync(join(work, 'models-')), 'models.json');
  const listing = listTools(schemas);
  writeFileSync(
    file,
    JSON.stringify({
      schemas,
      listing,
      listingBytes: Buffer.byteLength(JSON.stringify(listing)),
      secretKeys: [...secretKeysOf(schemas)],
    }),
  );
  return file;
}

function generate(tools: number, origin: string): SchemaModel[] {
  const schemas: SchemaModel[] = [];
  for (let s = 0; s * 4 < tools; s++) {
    const count = Math.min(4, tools - s * 4);
    const namespace =
      `bench${String.fromCharCode(97 + (s % 26))}` +
      `${String.fromCharCode(97 + (Math.floor(s / 26) % 26))}${String.fromCharCode(97 + (Math.floor(s / 676) % 26))}`;
    schemas.push(
      schema(
        namespace,
        Array.from({ length: count }, (_, t) =>
          tool(
            `getThing${t}`,
            'GET',
            [`${origin}/things/`, { insert: 'id' }],
            [
              param('id', 'insert', str, {}, [{ user: true }], 'identifier of the thing'),
              param(
                'limit',
                'query',
                num,
                { optional: true, default: 10, min: 1, max: 100 },
                [{ user: true }],
                'page size',
              ),
              param('cursor', 'query', str, { optional: true }, [{ user: true }], 'pagination cursor'),
            ],
            { description: `Gets thing ${t} of ${namespace}: a moderately long description as real schemas have.` },
          ),
        ),
      ),
    );
  }
  return schemas;
}

/**
 * The upstream runs in its own process, as a real API does: a direct request from this process then
 * crosses a process boundary just as the runtime's does.
 */
const UPSTREAM_SERVER =
  `
import { createServer } from 'node:https';
import { readFileSync } from 'node:fs';
const dir = process.env.TOOLKIT_BENCH_CA_DIR;
const server = createServer({ key: readFileSync(dir + '/leaf.key'), cert: readFileSync(dir + '/leaf.pem') }, (req, ` +
  `res) => {
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
  const child = spawn(process.execPath, ['--input-type=module', '-e', UPSTREAM_SERVER], {
    env: { PATH: process.env.PATH ?? '', TOOLKIT_BENCH_CA_DIR: caDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((done, fail) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) done(text.trim());
    });
    child.once('exit', (code) => fail(new Error(`upstream process exited (${code})`)));
  });
  return {
    origin,
    close: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.stdin.end();
      }),
  };
}
const upstream = await startUpstreamProcess();

type CallClient = {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ isError?: boolean }>;
  close(): Promise<void>;
};

/** The server process behind each client, for its CPU time. */
const serverPids = new Map<CallClient, number | null>();

async function connectV1(entry: string, args: string[]): Promise<CallClient> {
  const client = new V1Client({ name: 'bench', version: '0' });
  const transport = new V1StdioTransport({
    command: process.execPath,
    args: [entry, ...args],
    env: childEnv,
    stderr: 'ignore',
  });
  await client.connect(transport);
  serverPids.set(client as unknown as CallClient, transport.pid);
  return client as unknown as CallClient;
}

async function connectV2(entry: string, args: string[], era: 'modern' | 'legacy'): Promise<CallClient> {
  const client = new Client(
    { name: 'bench', version: '0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: MODERN } : 'legacy' } },
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...args],
    env: childEnv,
    stderr: 'ignore',
  });
  await client.connect(transport);
  serverPids.set(client as unknown as CallClient, transport.pid);
  return client as unknown as CallClient;
}

// 1. Per-call latency.
// A second schema whose tool answers from an executeRequest handler: the MCP + sandbox cost alone.
const noUpstream = schema(
  'benchexec',
  [tool('constant', 'GET', ['https://unused.invalid/'], [], { hooks: ['executeRequest'] })],
  {
    handlersSource: "() => ({ constant: { executeRequest: () => ({ response: { id: 1, name: 'thing' } }) } })",
  },
);
const callModels = writeModels([...generate(4, upstream.origin), noUpstream]);
const clients: Record<string, CallClient> = {
  bareV1: await connectV1(bare.v1.file, []),
  bareV2: await connectV2(bare.v2.file, [], 'modern'),
  bareV2Legacy: await connectV2(bare.v2.file, [], 'legacy'),
  v2Modern: await connectV2(v2.file, [callModels], 'modern'),
  v2Legacy: await connectV2(v2.file, [callModels], 'legacy'),
  ...(v1 ? { v1: await connectV1(v1.file, [callModels]) } : {}),
  bareUpstream: await connectV2(bareUpstreamFile, [upstream.origin], 'modern'),
  bareUpstreamLegacy: await connectV2(bareUpstreamFile, [upstream.origin], 'legacy'),
};

const keepAlive = new Agent({ keepAlive: true, ca: ca.ca });
const call = (c: CallClient | undefined, name: string, args: Record<string, unknown>) => async () => {
  const result = await c!.callTool({ name, arguments: args });
  if (result.isError) throw new Error(JSON.stringify(result));
};
const paths: Record<string, () => Promise<void>> = {
  direct: async () => {
    const response = await fetch(`${upstream.origin}/things/1?limit=10`, { headers: { accept: 'application/json' } });
    JSON.parse(await response.text());
  },
  // The runtime calls upstreams with node:https on a keep-alive agent, not fetch: this is that leg alone.
  directHttps: () =>
    new Promise<void>((done, fail) => {
      const req = request(
        `${upstream.origin}/things/1?limit=10`,
        { agent: keepAlive, headers: { accept: 'application/json' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            done();
          });
          response.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end();
    }),
  bareV1: call(clients.bareV1, 'constant', {}),
  bareV2: call(clients.bareV2, 'constant', {}),
  bareV2Legacy: call(clients.bareV2Legacy, 'constant', {}),
  bareUpstream: call(clients.bareUpstream, 'get_thing', {}),
  bareUpstreamLegacy: call(clients.bareUpstreamLegacy, 'get_thing', {}),
  ...(clients.v1 ? { v1: call(clients.v1, 'get_thing0_benchaaa', { id: '1' }) } : {}),
  v2Modern: call(clients.v2Modern, 'get_thing0_benchaaa', { id: '1' }),
  v2Legacy: call(clients.v2Legacy, 'get_thing0_benchaaa', { id: '1' }),
  v2Handler: call(clients.v2Modern, 'constant_benchexec', {}),
};
/** The server process of each MCP path (the direct paths have none: their cost is this process's). */
const pathServer: Record<string, number | null | undefined> = {
  bareV1: serverPids.get(clients.bareV1!),
  bareV2: serverPids.get(clients.bareV2!),
  bareV2Legacy: serverPids.get(clients.bareV2Legacy!),
  bareUpstream: serverPids.get(clients.bareUpstream!),
  bareUpstreamLegacy: serverPids.get(clients.bareUpstreamLegacy!),
  v1: clients.v1 ? serverPids.get(clients.v1) : undefined,
  v2Modern: serverPids.get(clients.v2Modern!),
  v2Legacy: serverPids.get(clients.v2Legacy!),
  v2Handler: serverPids.get(clients.v2Modern!),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((path) => [path, []]));
/** CPU ms per path: of its server process (and what it started) for MCP paths, of this process for the direct ones. */
const cpuSpent: Record<string, number> = Object.fromEntries(Object.keys(paths).map((path) => [path, 0]));
const cpuNow = (path: string) => (pathServer[path] === undefined ? ownCpuMs() : cpuMsOfTree(pathServer[path]));
for (const path of Object.keys(paths)) for (let i = 0; i < WARMUP; i++) await paths[path]!();
for (let block = 0; block * BLOCK < CALLS; block++) {
  for (const path of Object.keys(paths)) {
    const cpuBefore = cpuNow(path);
    for (let i = 0; i < BLOCK; i++) {
      const started = performance.now();
      await paths[path]!();
      times[path]!.push(performance.now() - started);
    }
    cpuSpent[path]! += cpuNow(path) - cpuBefore;
  }
}
for (const list of Object.values(times)) list.sort((a, b) => a - b);
for (const client of Object.values(clients)) await client.close();
keepAlive.destroy();

const p50 = (path: string) => percentile(times[path]!, 50);
const p99 = (path: string) => percentile(times[path]!, 99);
const cpuPerCall = (path: string) => cpuSpent[path]! / times[path]!.length;
const row = (label: string, path: string, note = '') =>
  times[path]
    ? out(
        `| ${label.padEnd(44)} | ${ms(p50(path))} | ${ms(p99(path))} | ${ms(cpuPerCall(path))} ` +
          `|${note ? `  ${note}` : ''}\n`,
      )
    : undefined;
out(
  `\nPer-call latency over stdio, ${CALLS} calls per path in interleaved blocks of ${BLOCK}, after ${WARMUP} warm-up ` +
    `(ms; CPU = mean per call of the server process, or of this process for the direct paths)\n`,
);
out(
  `| path                                         |      p50 |      p99 |      CPU ` +
    `|\n|----------------------------------------------|----------|----------|----------|\n`,
);
row('direct fetch', 'direct');
row('direct node:https, keep-alive', 'directHttps', '(the HTTP client the runtime uses)');
row('bare v1 SDK Server, constant tool', 'bareV1', '(v1 client; the v1 floor)');
row('bare v2 SDK Server, constant tool, 2026-07-28', 'bareV2', '(v2 client pinned; the v2 floor)');
row('bare v2 SDK Server, constant tool, 2025-11-25', 'bareV2Legacy', '(v2 client, initialize)');
row(
  'bare v2 SDK Server + node:https, 2026-07-28',
  'bareUpstream',
  '(handler makes the same upstream request: the fair floor)',
);
row('bare v2 SDK Server + node:https, 2025-11-25', 'bareUpstreamLegacy');
row('v1 runtime tools/call (upstream)', 'v1', `(git ${V1_COMMIT.slice(0, 7)}, v1 client)`);
row('v2 runtime tools/call (upstream), 2026-07-28', 'v2Modern');
row('v2 runtime tools/call (upstream), 2025-11-25', 'v2Legacy');
row('v2 runtime executeRequest tool, 2026-07-28', 'v2Handler', '(no upstream: stdio + SDK + runtime + sandbox)');

out(`\nAdded per call, p50 (ms): the runtime path − direct node:https − its SDK's bare round trip\n`);
const line = (label: string, value: number | undefined, note = '') =>
  value === undefined ? undefined : out(`| ${label.padEnd(52)} | ${ms(value)} |${note ? `  ${note}` : ''}\n`);
const beyond = (path: string, floor: string) => (times[path] ? p50(path) - p50('directHttps') - p50(floor) : undefined);
line('v1 runtime, beyond the v1 SDK round trip', beyond('v1', 'bareV1'));
line(
  'v2 runtime 2026-07-28, beyond the v2 SDK round trip',
  beyond('v2Modern', 'bareV2'),
  '(legs measured apart and added)',
);
line(
  'v2 runtime 2025-11-25, beyond the v2 SDK round trip',
  beyond('v2Legacy', 'bareV2Legacy'),
  '(legs measured apart and added)',
);
line(
  'v2 runtime 2026-07-28, beyond bare SDK + node:https',
  p50('v2Modern') - p50('bareUpstream'),
  '(target ≤ 0.2; one server doing both)',
);
line(
  'v2 runtime 2025-11-25, beyond bare SDK + node:https',
  p50('v2Legacy') - p50('bareUpstreamLegacy'),
  '(target ≤ 0.2)',
);
line('v2 SDK round trip − v1 SDK round trip', p50('bareV2') - p50('bareV1'), '(what the SDK line itself costs more)');
line('v2 runtime 2026-07-28 − direct fetch', p50('v2Modern') - p50('direct'), '(all the MCP path adds)');
out(
  `\nAdded per call in CPU (ms): the runtime server's CPU − the bare SDK server's − this process's CPU for the ` +
    `direct node:https request\n`,
);
const cpuBeyond = (path: string, floor: string) =>
  times[path] ? cpuPerCall(path) - cpuPerCall(floor) - cpuPerCall('directHttps') : undefined;
line(
  'v2 runtime 2026-07-28, beyond the v2 SDK (CPU)',
  cpuBeyond('v2Modern', 'bareV2'),
  '(target ≤ 0.2; steadier than wall time under load)',
);
line('v2 runtime 2025-11-25, beyond the v2 SDK (CPU)', cpuBeyond('v2Legacy', 'bareV2Legacy'), '(target ≤ 0.2)');
line(
  'v2 runtime 2026-07-28, beyond bare SDK + node:https (CPU)',
  cpuPerCall('v2Modern') - cpuPerCall('bareUpstream'),
  '(server CPU against server CPU)',
);
line(
  'v2 runtime 2025-11-25, beyond bare SDK + node:https (CPU)',
  cpuPerCall('v2Legacy') - cpuPerCall('bareUpstreamLegacy'),
);
out(
  `(load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs)\n`,
);

// 2. Spawn → first tools/list.
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
};

/** Spawn → the `tools/list` response line over raw JSON-RPC (no client-side parsing), with the answer's size. */
function spawnToList(
  entry: string,
  args: string[],
  opening: 'legacy' | 'modern',
): Promise<{ ms: number; cpuMs: number; bytes: number; tools: number }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [entry, ...args], {
      env: startEnv({ HOME: tmpdir() }),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let text = '';
    let settled = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.includes('"id":2'));
      if (settled || line === undefined || !text.includes('\n', text.indexOf(line))) return;
      settled = true;
      const elapsed = performance.now() - started;
      const cpuMs = cpuMsOfTree(child.pid);
      child.kill();
      done({
        ms: elapsed,
        cpuMs,
        bytes: line.length,
        tools: (JSON.parse(line) as { result?: { tools?: unknown[] } }).result?.tools?.length ?? -1,
      });
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (!settled) fail(new Error(`${entry} exited with ${code} before answering tools/list`));
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    if (opening === 'modern') {
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernMeta } });
      return;
    }
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
out(
  `\nSpawn → first tools/list answer over stdio, median of ${SPAWNS} interleaved spawns, wall ms [the server's CPU ` +
    `ms until it answered] (answer size in KB); servers are esbuild bundles carrying the build's listing\n`,
);
out(nodeStartLine(await nodeStart(SPAWNS)));
out(
  `| tools | v1, 2025 opening | v2, 2025 opening | v2, 2026-07-28   | v2, 2026-07-28, default (toolset over 50 KB) ` +
    `|\n|-------|------------------|------------------|------------------|-------------------------------------` +
    `---------|\n`,
);
for (const count of [10, 100, 500, 2000]) {
  const file = writeModels(generate(count, upstream.origin));
  const columns: { entry: string | undefined; args: string[]; opening: 'legacy' | 'modern' }[] = [
    { entry: v1?.file, args: [file], opening: 'legacy' },
    { entry: v2.file, args: [file, '--no-toolset'], opening: 'legacy' },
    { entry: v2.file, args: [file, '--no-toolset'], opening: 'modern' },
    { entry: v2.file, args: [file], opening: 'modern' },
  ];
  const runs = columns.map(() => [] as { ms: number; cpuMs: number; bytes: number; tools: number }[]);
  for (let i = 0; i < SPAWNS; i++) {
    for (const [index, column] of columns.entries())
      if (column.entry) runs[index]!.push(await spawnToList(column.entry, column.args, column.opening));
  }
  const cell = (index: number, width: number) => {
    const list = runs[index]!;
    if (list.length === 0) return '–'.padEnd(width);
    const tools = list[0]!.tools;
    return (
      `${median(list.map((r) => r.ms)).toFixed(0)} [${median(list.map((r) => r.cpuMs)).toFixed(0)}] ms ` +
      `(${(list[0]!.bytes / 1024).toFixed(1)} KB${tools !== count ? `, ${tools} tools` : ''})`
    ).padEnd(width);
  };
  out(`| ${String(count).padStart(5)} | ${cell(0, 16)} | ${cell(1, 16)} | ${cell(2, 16)} | ${cell(3, 44)} |\n`);
}
out('(targets: 10 tools ≤ 130 ms, the whole 2,000-tool catalog ≤ 200 ms from spawn, on a quiet machine)\n');

// 3. Bundle sizes.
const size = (label: string, b: Bundled | null) =>
  b
    ? out(
        `| ${label.padEnd(40)} | ${(b.bytes / 1024).toFixed(1).padStart(8)} KB | ` +
          `${(b.gzipBytes / 1024).toFixed(1).padStart(8)} KB |\n`,
      )
    : undefined;
out(
  `\nServer bundle size (esbuild, minified, the build's SDK stand-ins)\n| bundle                                   ` +
    `|     bytes   |      gzip   |\n|------------------------------------------|-------------|-------------|\n`,
);
size(`v1 runtime (git ${V1_COMMIT.slice(0, 7)})`, v1);
size('v2 runtime', v2);
size('bare v1 SDK Server (stdio)', bare.v1);
size('bare v2 SDK Server (serveStdio, both eras)', bare.v2);
await upstream.close();

// 4. In-process: the v2 SDK's client and server linked in memory, the upstream a stub.
const stubBody = new TextEncoder().encode('{"id":1,"name":"thing"}');
const stub: UpstreamHttpClient = {
  request: async () => ({
    status: 200,
    statusText: 'OK',
    headers: new Headers({ 'content-type': 'application/json' }),
    bytes: stubBody,
  }),
  close() {},
};
const inProcess = createRuntime({ schemas: generate(4, 'https://api.example'), serverParams: {}, http: stub });
const noValidator = { getValidator: () => () => ({ valid: false as const, data: undefined, errorMessage: 'none' }) };
const bareServer = () => {
  const server = new Server(
    { name: 'bare', version: '0' },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: noValidator,
      cacheHints: { 'tools/list': { ttlMs: 300_000, cacheScope: 'public' } },
    },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'constant', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler('tools/call', () => ({ content: [{ type: 'text', text: '{"id":1,"name":"thing"}' }] }));
  return server;
};
async function linked(factory: () => Server, era: 'modern' | 'legacy'): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(factory, { transport: serverSide });
  const client = new Client(
    { name: 'bench', version: '0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: MODERN } : 'legacy' } },
  );
  await client.connect(clientSide);
  return client;
}
const memory = {
  bareModern: await linked(bareServer, 'modern'),
  bareLegacy: await linked(bareServer, 'legacy'),
  runtimeModern: await linked(() => createMcpServer(inProcess), 'modern'),
  runtimeLegacy: await linked(() => createMcpServer(inProcess), 'legacy'),
};
const memoryPaths: Record<string, () => Promise<unknown>> = {
  bareModern: () => memory.bareModern.callTool({ name: 'constant', arguments: {} }),
  bareLegacy: () => memory.bareLegacy.callTool({ name: 'constant', arguments: {} }),
  runtimeModern: () => memory.runtimeModern.callTool({ name: 'get_thing0_benchaaa', arguments: { id: '1' } }),
  runtimeLegacy: () => memory.runtimeLegacy.callTool({ name: 'get_thing0_benchaaa', arguments: { id: '1' } }),
};
const memoryTimes: Record<string, number[]> = Object.fromEntries(Object.keys(memoryPaths).map((path) => [path, []]));
for (const path of Object.keys(memoryPaths)) for (let i = 0; i < 500; i++) await memoryPaths[path]!();
for (let block = 0; block < 40; block++) {
  for (const path of Object.keys(memoryPaths)) {
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await memoryPaths[path]!();
      memoryTimes[path]!.push(performance.now() - started);
    }
  }
}
const memoryP50 = (path: string) =>
  percentile(
    memoryTimes[path]!.sort((a, b) => a - b),
    50,
  );
out(
  `\nIn one process (SDK client and server linked in memory, upstream a stub), ${40 * 50} calls per path, p50 (ms)\n`,
);
out(
  `| era        | bare v2 SDK, constant tool | v2 runtime | the runtime beyond the SDK ` +
    `|\n|------------|----------------------------|------------|----------------------------|\n`,
);
for (const era of ['Modern', 'Legacy'] as const) {
  const label = era === 'Modern' ? MODERN : '2025-11-25';
  out(
    `| ${label.padEnd(10)} | ${ms(memoryP50(`bare${era}`)).padStart(26)} | ` +
      `${ms(memoryP50(`runtime${era}`)).padStart(10)} | ` +
      `${ms(memoryP50(`runtime${era}`) - memoryP50(`bare${era}`)).padStart(26)} |\n`,
  );
}
out('(the stdio figures add the pipe and, for the runtime, the upstream HTTP client: "direct node:https" above)\n');
for (const client of Object.values(memory)) await client.close();
await inProcess.close();
rmSync(work, { recursive: true, force: true });
