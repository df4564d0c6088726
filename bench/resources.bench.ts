/**
 * Resources bench, side by side in one run:
 *  1. per-read latency of `resources/read` through a built bundle (separate process, stdio, the
 *     SDK's real Client) for a schema query and for freeQuery, next to the same statement on
 *     better-sqlite3 directly in this process (rows and their JSON text), the query process alone
 *     (`QueryLane`, no MCP), and a bare SDK `Server` answering `resources/read` with the same
 *     constant text over stdio (the floor any stdio MCP server pays), and that Server running the
 *     statement itself with better-sqlite3 (the fair floor for a read that queries). Paths take turns
 *     in blocks so machine noise hits them alike; the table splits the added time into the floors and the rest;
 *  2. cold start of the data-set catalog (resources, templates, prompts, skills, tools): spawn → the
 *     first answer to `tools/list`, `resources/list`, `prompts/list` and `resources/read` (the last
 *     includes starting the query process), for the built bundle and for `toolkit server`, next to
 *     `node -e ''` as the floor. Raw JSON-RPC, medians of interleaved spawns.
 * Bounded loops only.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { QueryLane } from '../runtime/resources/query-lane.ts';
import { cpuMsOfTree } from './support/process-cpu.ts';
import { nodeStart, nodeStartLine } from './support/node-start.ts';
import { runCli } from '../test/build/support/run-cli.ts';

const root = resolve(import.meta.dirname, '..');
const READS = 400;
const WARMUP = 50;
const BLOCK = 25;
const SPAWNS = 5;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => n.toFixed(3).padStart(8);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The data-set providers of the catalog, built as a user builds them (in an ignored folder of the repo, so the bundle
// finds node_modules).
mkdirSync(join(root, '.bench-tmp'), { recursive: true });
const work = mkdtempSync(join(root, '.bench-tmp', 'resources-'));
const schemasDir = join(work, 'schemas');
for (const namespace of ['currencies', 'elements', 'worldcities'])
  cpSync(join(root, 'schemas', 'providers', namespace), join(schemasDir, 'providers', namespace), { recursive: true });
const built = await runCli(['build', '--schemas', schemasDir, '--out', join(work, 'out'), '--project', work]);
if (built.code !== 0) throw new Error(`build failed: ${built.stderr}${built.stdout}`);
const bundle = join(work, 'out', 'catalog.mjs');
const database = join(schemasDir, 'providers', 'worldcities', 'data', 'world-cities.db');

const NAMED_SQL =
  'SELECT name, population, latitude, longitude, timezone, is_capital FROM cities WHERE country = ? ORDER BY ' +
  'population DESC LIMIT ?';
const FREE_SQL =
  'SELECT c.name, k.name AS country FROM cities c JOIN countries k ON k.alpha2 = c.country WHERE k.continent = ' +
  "'Europe' ORDER BY c.name";
const direct = new Database(database, { readonly: true });
const named = direct.prepare(NAMED_SQL);
const free = direct.prepare(FREE_SQL);
const text = JSON.stringify(named.all('DE', 10));

// The floor: the SDK's low-level Server over stdio answering resources/read with that constant text, bundled as bundles
// are.
const BARE_SERVER =
  `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const text = process.env.BENCH_TEXT;
const server = new Server({ name: 'bare', version: '0' }, { capabilities: { resources: {} } });
server.setRequestHandler(ReadResourceRequestSchema, (request) => ({ contents: [{ uri: request.params.uri, mimeType: ` +
  `'application/json', text }] }));
await server.connect(new StdioServerTransport());
`;
// The same on the v2 SDK, which the bundles run on (serveStdio: both eras), with the runtime's cache hint for reads.
const BARE_V2_SERVER =
  `
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
const text = process.env.BENCH_TEXT;
const validator = { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'none' }) };
serveStdio(() => {
  const server = new Server({ name: 'bare', version: '0' }, { capabilities: { resources: {} }, jsonSchemaValidator: ` +
  `validator, cacheHints: { 'resources/read': { ttlMs: 60000, cacheScope: 'public' } } });
  server.setRequestHandler('resources/read', (request) => ({ contents: [{ uri: request.params.uri, mimeType: ` +
  `'application/json', text }] }));
  return server;
});
`;
/**
 * The fair floor for a read that runs a query: the same v2 Server whose handler runs the statement
 * with better-sqlite3 in its own process and answers the rows' JSON. "Floor + direct query" measured
 * apart and added leaves out what one process doing both pays (the query's code run cold between
 * stdin reads) and counts it as the runtime's; against this, what remains is the runtime's own work
 * and its query-process hop.
 */
const BARE_V2_QUERY_SERVER =
  `
import Database from 'better-sqlite3';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
const statement = new Database(process.env.BENCH_DB, { readonly: true }).prepare(process.env.BENCH_SQL);
const validator = { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'none' }) };
serveStdio(() => {
  const server = new Server({ name: 'bare', version: '0' }, { capabilities: { resources: {} }, jsonSchemaValidator: ` +
  `validator, cacheHints: { 'resources/read': { ttlMs: 60000, cacheScope: 'public' } } });
  server.setRequestHandler('resources/read', (request) => {
    const uri = new URL(request.params.uri);
    const text = JSON.stringify(statement.all(uri.searchParams.get('country'), Number(uri.searchParams.get('limit'))));
    return { contents: [{ uri: request.params.uri, mimeType: 'application/json', text }] };
  });
  return server;
});
`;
const bundleBare = async (name: string, contents: string): Promise<string> => {
  const outfile = join(work, name);
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    outfile,
    minify: true,
    external: ['better-sqlite3'],
    stdin: { contents, resolveDir: root, loader: 'js' },
    banner: {
      js:
        "import { createRequire as __createRequire } from 'node:module'; const require = " +
        '__createRequire(import.meta.url);',
    },
  });
  return outfile;
};
const bare = await bundleBare('bare.mjs', BARE_SERVER);
const bareV2 = await bundleBare('bare-v2.mjs', BARE_V2_SERVER);
const bareV2Query = await bundleBare('bare-v2-query.mjs', BARE_V2_QUERY_SERVER);

/** The server process behind each client (its CPU, and its query process's, is counted per read). */
const serverPid = new Map<Client, number | null>();
async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  // The v1 SDK's client: it keeps no cache of reads (the v2 client answers a repeated read from its cache within
  // ttlMs).
  const client = new Client({ name: 'bench', version: '0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? '', HOME: work, ...env },
    cwd: work,
    stderr: 'ignore',
  });
  await client.connect(transport);
  serverPid.set(client, transport.pid);
  return client;
}
const client = await connect([bundle]);
const bareClient = await connect([bare], { BENCH_TEXT: text });
const bareV2Client = await connect([bareV2], { BENCH_TEXT: text });
const bareQueryClient = await connect([bareV2Query], { BENCH_DB: database, BENCH_SQL: NAMED_SQL });
const lane = new QueryLane('bench', { timeoutMs: 5000, maxRows: 1000, maxBytes: 1024 * 1024, maxMemoryMb: 256 });

const namedUri = 'toolkit://worldcities/cities/citiesByCountry?country=DE&limit=10';
const freeUri = `toolkit://worldcities/cities/freeQuery?sql=${encodeURIComponent(FREE_SQL)}&limit=100`;
const read = (c: Client, uri: string) => async () => {
  const result = await c.readResource({ uri });
  if (result.contents.length === 0) throw new Error('empty read');
};
const paths = {
  directRows: async () => void named.all('DE', 10),
  directJson: async () => void JSON.stringify(named.all('DE', 10)),
  lane: async () => void (await lane.run({ db: database, sql: NAMED_SQL, params: ['DE', 10], maxRows: 1000 })),
  bare: read(bareClient, namedUri),
  bareV2: read(bareV2Client, namedUri),
  bareQuery: read(bareQueryClient, namedUri),
  viaMcp: read(client, namedUri),
  freeDirect: async () => void JSON.stringify(free.all()),
  freeViaMcp: read(client, freeUri),
};
type Path = keyof typeof paths;
const times = Object.fromEntries(Object.keys(paths).map((p) => [p, [] as number[]])) as Record<Path, number[]>;
/**
 * CPU ms per path: of the server process and its query process for reads over MCP, of this process (and its query
 * process) for the others.
 */
const cpuSpent = Object.fromEntries(Object.keys(paths).map((p) => [p, 0])) as Record<Path, number>;
const serverOf: Partial<Record<Path, number | null | undefined>> = {
  bare: serverPid.get(bareClient),
  bareV2: serverPid.get(bareV2Client),
  bareQuery: serverPid.get(bareQueryClient),
  viaMcp: serverPid.get(client),
  freeViaMcp: serverPid.get(client),
};
const cpuNow = (path: Path) => (serverOf[path] === undefined ? cpuMsOfTree(process.pid) : cpuMsOfTree(serverOf[path]));
for (const path of Object.keys(paths) as Path[]) for (let i = 0; i < WARMUP; i++) await paths[path]();
for (let block = 0; block * BLOCK < READS; block++) {
  for (const path of Object.keys(paths) as Path[]) {
    const before = cpuNow(path);
    for (let i = 0; i < BLOCK; i++) {
      const started = performance.now();
      await paths[path]();
      times[path].push(performance.now() - started);
    }
    cpuSpent[path] += cpuNow(path) - before;
  }
}
for (const list of Object.values(times)) list.sort((a, b) => a - b);
await client.close();
await bareClient.close();
await bareV2Client.close();
await bareQueryClient.close();
lane.close();
direct.close();

const p50 = (path: Path) => percentile(times[path], 50);
const p99 = (path: Path) => percentile(times[path], 99);
const cpu = (path: Path) => cpuSpent[path] / times[path].length;
const row = (label: string, path: Path, note = '') =>
  process.stdout.write(
    `| ${label.padEnd(44)} | ${ms(p50(path))} | ${ms(p99(path))} | ${ms(cpu(path))} |${note ? `  ${note}` : ''}\n`,
  );
process.stdout.write(
  `\nPer-read latency, ${READS} reads per path in interleaved blocks of ${BLOCK}, after ${WARMUP} warm-up (ms; CPU = ` +
    `mean per read of the server process and its query process, or of this process and its query process for the ` +
    `paths without MCP)\n`,
);
process.stdout.write(
  `| path                                         |      p50 |      p99 |      CPU ` +
    `|\n|----------------------------------------------|----------|----------|----------|\n`,
);
row('better-sqlite3 directly: rows', 'directRows', '(citiesByCountry DE, 10 rows)');
row('better-sqlite3 directly: rows as JSON text', 'directJson');
row('query process alone (QueryLane, no MCP)', 'lane', '(pipe to the killable SQLite process and back)');
row('bare v1 SDK Server, constant resources/read', 'bare', '(stdio + v1 SDK)');
row('bare v2 SDK Server, constant resources/read', 'bareV2', '(stdio + v2 SDK, as the bundle: the floor)');
row('bare v2 SDK Server + better-sqlite3 in-process', 'bareQuery', '(same statement in the handler: the fair floor)');
row('resources/read via bundle, schema query', 'viaMcp');
row('better-sqlite3 directly: freeQuery statement', 'freeDirect', '(a join, 18 rows, as JSON)');
row('resources/read via bundle, freeQuery', 'freeViaMcp', '(+ guard)');
process.stdout.write(`\nAdded per read, p50 (ms)\n`);
const line = (label: string, value: number, note = '') =>
  process.stdout.write(`| ${label.padEnd(54)} | ${ms(value)} |${note ? `  ${note}` : ''}\n`);
const added = p50('viaMcp') - p50('directJson');
line('added by MCP (bundle read − direct rows as JSON)', added, '(bar: ≤ 0.3; includes the SDK floor)');
line('  of which the bare v2 SDK floor (stdio + SDK)', p50('bareV2'));
line(
  '  of which the runtime itself (the rest)',
  added - p50('bareV2'),
  '(bar ≤ 0.3 read as issue 11 reads its own: beyond the SDK)',
);
line('  the query process hop alone (lane − direct JSON)', p50('lane') - p50('directJson'));
line(
  'the runtime beyond bare SDK + better-sqlite3',
  p50('viaMcp') - p50('bareQuery'),
  '(bar ≤ 0.3; one server doing both, the hop included)',
);
line('freeQuery added (bundle − direct)', p50('freeViaMcp') - p50('freeDirect'));
process.stdout.write(`\nAdded per read in CPU, mean (ms)\n`);
line(
  'the runtime beyond the v2 SDK (bundle − bare v2 − direct JSON)',
  cpu('viaMcp') - cpu('bareV2') - cpu('directJson'),
  '(server + query process)',
);
line('  the query process hop (lane − direct JSON)', cpu('lane') - cpu('directJson'));
line(
  'the runtime beyond bare SDK + better-sqlite3 (CPU)',
  cpu('viaMcp') - cpu('bareQuery'),
  '(server + query process against server)',
);
process.stdout.write(
  `(load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs)\n`,
);

// 2. Cold start.
/** Spawn → the answer to request id 2 (after initialize), raw JSON-RPC over stdio. */
function spawnToAnswer(args: string[], method: string, params: Record<string, unknown> = {}): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: work },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const answer = out.split('\n').find((l) => l.includes('"id":2'));
      if (answer === undefined || !out.includes('\n', out.indexOf(answer))) return;
      const elapsed = performance.now() - started;
      child.kill();
      if (answer.includes('"error"')) fail(new Error(`${method}: ${answer}`));
      else done(elapsed);
    });
    child.once('error', fail);
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method, params });
  });
}
const requests: [string, string, Record<string, unknown>][] = [
  ['tools/list', 'tools/list', {}],
  ['resources/list', 'resources/list', {}],
  ['prompts/list', 'prompts/list', {}],
  ['first resources/read', 'resources/read', { uri: namedUri }],
];
const servers: [string, string[]][] = [
  ['bundle', [bundle]],
  ['toolkit server', [join(root, 'cli', 'bin.mjs'), 'server', '--schemas', schemasDir, '--project', work]],
];
const cold = new Map<string, number[]>();
for (let i = 0; i < SPAWNS; i++) {
  for (const [server, args] of servers) {
    for (const [label, method, params] of requests) {
      const key = `${server}\u0000${label}`;
      cold.set(key, [...(cold.get(key) ?? []), await spawnToAnswer(args, method, params)]);
    }
  }
}
process.stdout.write(
  `\nCold start of the data-set catalog (3 schemas: 2 tools, 3 resources, 20 queries + 3 freeQuery, 3 prompts, 2 ` +
    `skills): spawn → first answer, median of ${SPAWNS} interleaved spawns (ms)\n`,
);
process.stdout.write(
  `| request                | ${servers.map(([s]) => s.padStart(14)).join(' | ')} ` +
    `|\n|------------------------|${servers.map(() => '----------------').join('|')}|\n`,
);
for (const [label] of requests)
  process.stdout.write(
    `| ${label.padEnd(22)} | ${servers
      .map(([s]) =>
        median(cold.get(`${s}\u0000${label}`)!)
          .toFixed(0)
          .padStart(14),
      )
      .join(' | ')} |\n`,
  );
process.stdout.write(nodeStartLine(await nodeStart(SPAWNS)));
rmSync(work, { recursive: true, force: true });
