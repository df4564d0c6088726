/**
 * What carrying the engines beside a bundle costs (issue 22): a catalog with a hooked tool (a
 * library and a web standard in its handler) and a SQLite resource, built by the real build, then
 * started as a client would, in two forms side by side:
 *
 * - after: the output as built, copied outside the repository (engine/ beside it: QuickJS and the
 *   SQLite binding read from there and hash-checked on first use);
 * - before: the same code with its carried index emptied and no engine/, inside the repository, so
 *   it takes the engines from node_modules as bundles did before they carried them.
 *
 * Spawn → first `tools/list` (code cache warm), spawn → first hooked call answered (the sandbox's
 * engine loaded), spawn → first resource read (the query process started); medians of interleaved
 * spawns, wall ms. Then the bytes the bundle carries, by part.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { buildCatalog } from '../compiler/build/build-catalog.ts';
import { createTestCa } from '../test/support/tls.ts';
import { cachedIn, warmCodeCache } from './support/code-cache.ts';
import { startEnv } from './support/node-start.ts';

const root = resolve(import.meta.dirname, '..');
const SPAWNS = Number(process.env.CARRIED_ENGINE_SPAWNS ?? 7);
const HOST = 'api.tides.example';
const work = join(root, '.bench-tmp', 'carried-engine');
rmSync(work, { recursive: true, force: true });
const outside = mkdtempSync(join(tmpdir(), 'toolkit-bench-carried-'));
const out = (text: string) => process.stdout.write(text);
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const schema =
  `export const main = {
    namespace: 'tides', name: 'Tides', description: 'Tide heights.', version: '3.0.0', root: 'https://${HOST}',
    requiredLibraries: [ 'path' ],
    tools: {
        getHeight: { method: 'GET', path: '/height', description: 'Height of the tide at a port.', parameters: [
            { position: { key: 'port', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
  `options: [] } } ] }
    },
    resources: {
        ports: { source: 'sqlite', database: 'ports.db', origin: 'inline', description: 'Known ports.', queries: {
            getSchema: { sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name", description: ` +
  `'Tables.', parameters: {} },
            listPorts: { sql: 'SELECT name FROM ports ORDER BY name', description: 'Every port.', parameters: {} } } }
    }
}
export const handlers = ({ sharedLists, libraries }) => ({
    getHeight: { postRequest: async ({ response, struct, payload }) => ({ response: { ...response, link: new ` +
  `URL('https://t.example/' + libraries.path.posix.join('p', response.port)).href } }) }
})
`;

// The catalog, built by the real build.
const project = join(work, 'project');
mkdirSync(join(project, 'schemas', 'providers', 'tides', 'data'), { recursive: true });
writeFileSync(join(project, 'schemas', 'providers', 'tides', 'tides.mjs'), schema);
const db = new Database(join(project, 'schemas', 'providers', 'tides', 'data', 'ports.db'));
db.exec("CREATE TABLE ports (name TEXT); INSERT INTO ports VALUES ('Brest'), ('Aberdeen');");
db.close();
const report = await buildCatalog({
  schemasDir: join(project, 'schemas'),
  outDir: join(project, 'out'),
  projectDir: project,
});
if (!report.written) throw new Error(`the catalog did not build: ${report.problems.join('; ')}`);

// After: as built, outside the repository. Before: the carried index emptied, engines from node_modules.
const after = join(outside, 'generated');
cpSync(join(project, 'out'), after, { recursive: true });
const before = join(work, 'before');
cpSync(join(project, 'out'), before, { recursive: true });
rmSync(join(before, 'engine'), { recursive: true });
const codeFile = join(before, 'catalog.code.cjs');
const code = readFileSync(codeFile, 'latin1');
const start = code.indexOf('CARRIED=') + 'CARRIED='.length;
let depth = 0;
let end = start;
do {
  if (code[end] === '{') depth++;
  else if (code[end] === '}') depth--;
  end++;
} while (depth > 0);
writeFileSync(codeFile, `${code.slice(0, start)}{}${code.slice(end)}`, 'latin1');

// The upstream: loopback HTTPS under the schema's host name, trusted through --ca-file.
const ca = createTestCa({ names: [HOST] });
const server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ port: new URL(req.url ?? '/', `https://${HOST}`).searchParams.get('port'), height: 1.5 }));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const upstreamArgs = [
  '--ca-file',
  ca.caFile,
  '--connect-to',
  `${HOST}:443:127.0.0.1:${(server.address() as AddressInfo).port}`,
];

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
};
const REQUESTS = {
  list: { method: 'tools/list', params: { _meta: meta } },
  hooked: { method: 'tools/call', params: { name: 'get_height_tides', arguments: { port: 'brest' }, _meta: meta } },
  resource: { method: 'resources/read', params: { uri: 'toolkit://tides/ports/listPorts', _meta: meta } },
} as const;

/** Spawn → the answer to one request (raw JSON-RPC over stdio), ms; fails on an error answer. */
function spawnToAnswer(
  bundle: string,
  request: { method: string; params: unknown },
  env: Readonly<Record<string, string>>,
): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bundle, ...upstreamArgs], {
      cwd: outside,
      stdio: ['pipe', 'pipe', 'ignore'],
      env: startEnv(env),
    });
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      const ms = performance.now() - started;
      const answer = JSON.parse(text.slice(0, newline)) as { result?: { isError?: boolean }; error?: unknown };
      child.kill();
      if (answer.error || answer.result?.isError) fail(new Error(`${bundle} ${request.method}: ${text.slice(0, 300)}`));
      else done(ms);
    });
    child.once('error', fail);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, ...request })}\n`);
  });
}

const forms = [
  {
    label: 'before (engines from node_modules)',
    bundle: join(before, 'catalog.mjs'),
    cache: join(work, 'cache-before'),
  },
  { label: 'after (engine/ beside, checked)', bundle: join(after, 'catalog.mjs'), cache: join(work, 'cache-after') },
];
for (const form of forms) await warmCodeCache([form.bundle, ...upstreamArgs], form.cache);

out(
  `\nA bundle with a hooked tool and a SQLite resource, spawn → first answer over stdio, median of ${SPAWNS} ` +
    `interleaved spawns, wall ms (code cache warm)\n`,
);
out(`| form                                | tools/list | first hooked call | first resource read |\n`);
out(`|-------------------------------------|------------|-------------------|---------------------|\n`);
const results = forms.map(() => ({ list: [] as number[], hooked: [] as number[], resource: [] as number[] }));
for (let i = 0; i < SPAWNS; i++) {
  for (const [index, form] of forms.entries()) {
    for (const kind of ['list', 'hooked', 'resource'] as const)
      results[index]![kind].push(await spawnToAnswer(form.bundle, REQUESTS[kind], cachedIn(form.cache)));
  }
}
for (const [index, form] of forms.entries()) {
  const r = results[index]!;
  out(
    `| ${form.label.padEnd(35)} | ${median(r.list).toFixed(0).padStart(10)} | ` +
      `${median(r.hooked).toFixed(0).padStart(17)} | ${median(r.resource).toFixed(0).padStart(19)} |\n`,
  );
}
const ratio = (kind: 'list' | 'hooked' | 'resource') =>
  (median(results[1]![kind]) / median(results[0]![kind])).toFixed(2);
out(
  `after / before: tools/list ${ratio('list')}, first hooked call ${ratio('hooked')}, first resource read ` +
    `${ratio('resource')} (start reads none of engine/: only a hooked call or a query reads and checks its files)\n`,
);

// What the bundle carries.
const size = (path: string): number =>
  statSync(path).isDirectory()
    ? readdirSync(path).reduce((n, name) => n + size(join(path, name)), 0)
    : statSync(path).size;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`.padStart(9);
const engine = (names: readonly string[]) => names.reduce((n, name) => n + size(join(after, 'engine', name)), 0);
const engineFiles = readdirSync(join(after, 'engine'));
out(`\nWhat the bundle carries (${after.replace(outside, '<copy>')})\n`);
out(`| part                                                           |     bytes |\n`);
out(`|----------------------------------------------------------------|-----------|\n`);
const rows: [string, number][] = [
  [
    'launcher + code (catalog.mjs, catalog.code.cjs)',
    size(join(after, 'catalog.mjs')) + size(join(after, 'catalog.code.cjs')),
  ],
  ['data (catalog.data.jsonl)', size(join(after, 'catalog.data.jsonl'))],
  ['engine/: QuickJS JavaScript (core + variant)', engine(['quickjs-core.cjs', 'quickjs-variant.cjs'])],
  ['engine/: QuickJS WebAssembly', engine(['emscripten-module.wasm'])],
  [
    'engine/: guest web standards (URL, structuredClone)',
    engine(engineFiles.filter((name) => name.startsWith('guest-'))),
  ],
  [`engine/: better-sqlite3 JavaScript`, engine(['better-sqlite3.cjs'])],
  [
    `engine/: SQLite binding (Node ${process.versions.node}, ${process.platform}-${process.arch})`,
    engine(['better_sqlite3.node']),
  ],
  ["libraries/ (the handler's declared library)", size(join(after, 'libraries'))],
  ['data/ (the inline database)', size(join(after, 'data'))],
];
for (const [label, bytes] of rows) out(`| ${label.padEnd(62)} | ${kb(bytes)} |\n`);
out(`| ${'engine/ in all'.padEnd(62)} | ${kb(size(join(after, 'engine')))} |\n`);

server.close();
rmSync(outside, { recursive: true, force: true });
rmSync(ca.dir, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });
