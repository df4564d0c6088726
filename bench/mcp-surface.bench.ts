/**
 * What skills, format-4 resources (markdown and http), completions and selections cost a built
 * bundle. Cold start: spawn → first `tools/list` over stdio (both openings) of the same `library`
 * bundle with nothing but its tools, and with two skills (one with a folder), a markdown document, a
 * SQLite and an http resource and a selection, beside `node -e ''`. A catalog that uses none of
 * them must start as before: its bundle reads no schema at start and loads no skill catalog. Then,
 * on one running server of the second bundle (2026-07-28 requests over stdio, sequential): the
 * round trip of `skills/get`, of reading a `SKILL.md` (the SDK re-checks its digest each time), of
 * `completion/complete` and of a section of the document, beside `tools/list` as the yardstick.
 * Spawns are interleaved so a busy machine slows both bundles alike; medians.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildCatalog } from '../compiler/build/build-catalog.ts';
import { surfaceCatalog, toolsOnlyCatalog } from '../test/support/surface-catalog.ts';
import { cachedIn, warmCodeCache } from './support/code-cache.ts';
import { nodeStart, nodeStartLine, startEnv } from './support/node-start.ts';
import { spawnToList, type Run } from './support/spawn-to-list.ts';

const root = resolve(import.meta.dirname, '..');
const SPAWNS = Number(process.env.SURFACE_SPAWNS ?? 11);
const ROUNDS = Number(process.env.SURFACE_ROUNDS ?? 300);
const work = join(root, '.bench-tmp', 'mcp-surface');
rmSync(work, { recursive: true, force: true });
const out = (text: string) => process.stdout.write(text);
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function built(
  name: string,
  files: Record<string, string | Buffer>,
): Promise<{ bundle: string; kb: number; dataKb: number }> {
  const dir = join(work, name);
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  mkdirSync(join(dir, '.toolkit'), { recursive: true });
  const report = await buildCatalog({ schemasDir: join(dir, 'schemas'), outDir: join(dir, 'out'), projectDir: dir });
  if (!report.written) throw new Error(`${name} did not build: ${report.problems.join('; ')}`);
  const bundle = join(dir, 'out', 'catalog.mjs');
  return {
    bundle,
    kb: (statSync(bundle).size + statSync(join(dir, 'out', 'catalog.code.cjs')).size) / 1024,
    dataKb: statSync(join(dir, 'out', 'catalog.data.jsonl')).size / 1024,
  };
}

const ROOT = 'https://127.0.0.1:9';
const plain = await built('tools-only', toolsOnlyCatalog(ROOT));
const full = await built('with-surface', surfaceCatalog(ROOT));
const codeCache = join(work, 'code-cache');
await warmCodeCache([plain.bundle], codeCache);
await warmCodeCache([full.bundle], codeCache);
const env = { ...cachedIn(codeCache), HOME: join(work, 'home') };

const node = await nodeStart(SPAWNS);
const columns = [
  { label: 'tools only, 2025', bundle: plain.bundle, opening: 'legacy' as const },
  { label: 'tools only, 2026', bundle: plain.bundle, opening: 'modern' as const },
  { label: 'with skills etc., 2025', bundle: full.bundle, opening: 'legacy' as const },
  { label: 'with skills etc., 2026', bundle: full.bundle, opening: 'modern' as const },
];
const runs = columns.map(() => [] as Run[]);
for (let i = 0; i < SPAWNS; i++)
  for (const [index, column] of columns.entries())
    runs[index]!.push(await spawnToList([column.bundle], column.opening, env));
out(
  `\nCold start, spawn → first tools/list over stdio, median of ${SPAWNS} interleaved spawns (code cache warm): wall ` +
    `ms [child CPU ms]\n`,
);
out(nodeStartLine(node));
out(
  '| bundle                  | code + data file     | wall [CPU] ms | − node ms ' +
    '|\n|-------------------------|----------------------|---------------|-----------|\n',
);
for (const [index, column] of columns.entries()) {
  const size = column.bundle === plain.bundle ? plain : full;
  const ms = median(runs[index]!.map((r) => r.ms));
  out(
    `| ${column.label.padEnd(23)} | ${`${size.kb.toFixed(0)} KB + ${size.dataKb.toFixed(1)} KB`.padEnd(20)} | ` +
      `${`${ms.toFixed(0)} [${median(runs[index]!.map((r) => r.cpuMs)).toFixed(0)}]`.padEnd(13)} | ` +
      `${(ms - node.ms).toFixed(0).padStart(9)} |\n`,
  );
}
const ratio = median(runs[3]!.map((r) => r.ms)) / median(runs[1]!.map((r) => r.ms));
out(`with skills, documents, http resource and selection / tools only (2026-07-28): ×${ratio.toFixed(2)}\n`);

/** One server of the full bundle, answering raw 2026-07-28 requests over stdio. */
function server(): { request(method: string, params?: Record<string, unknown>): Promise<number>; close(): void } {
  const child = spawn(process.execPath, [full.bundle], { stdio: ['pipe', 'pipe', 'ignore'], env: startEnv(env) });
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
  };
  const waiting = new Map<number, { started: number; done: (ms: number) => void; fail: (e: Error) => void }>();
  let id = 0;
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    text += chunk;
    let newline: number;
    while ((newline = text.indexOf('\n')) >= 0) {
      const message = JSON.parse(text.slice(0, newline)) as { id: number; error?: { message: string } };
      text = text.slice(newline + 1);
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) entry?.fail(new Error(message.error.message));
      else entry?.done(performance.now() - entry.started);
    }
  });
  return {
    request: (method, params = {}) =>
      new Promise((done, fail) => {
        const current = ++id;
        waiting.set(current, { started: performance.now(), done, fail });
        child.stdin.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: current, method, params: { ...params, _meta: meta } })}\n`,
        );
      }),
    close: () => child.kill(),
  };
}

const s = server();
const requests: [string, string, Record<string, unknown>][] = [
  ['tools/list (yardstick)', 'tools/list', {}],
  ['skills/list', 'skills/list', {}],
  ['skills/get', 'skills/get', { uri: 'skill://library/item-lookup/SKILL.md' }],
  ['resources/read SKILL.md', 'resources/read', { uri: 'skill://library/item-lookup/SKILL.md' }],
  ['resources/read skill file', 'resources/read', { uri: 'skill://library/item-lookup/references/fields.md' }],
  ['resources/read doc section', 'resources/read', { uri: 'toolkit://library/lendingRules?section=Loans' }],
  [
    'completion (skill enum)',
    'completion/complete',
    { ref: { type: 'ref/prompt', name: 'reading_plan_library' }, argument: { name: 'level', value: 'b' } },
  ],
  [
    'completion (column values)',
    'completion/complete',
    {
      ref: { type: 'ref/resource', uri: 'toolkit://library/titles/byAuthor{?author}' },
      argument: { name: 'author', value: 'F' },
    },
  ],
  ['groups/list', 'groups/list', {}],
];
try {
  for (const [, method, params] of requests) for (let i = 0; i < 20; i++) await s.request(method, params);
  const times = requests.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, [, method, params]] of requests.entries()) times[index]!.push(await s.request(method, params));
  const yardstick = median(times[0]!);
  out(
    `\nOne running server of the full bundle, ${ROUNDS} rounds of each request in turn over stdio (2026-07-28): ` +
      `round trip µs\n`,
  );
  out(
    '| request                     | median µs | p95 µs  | × tools/list |\n|-----------------------------|-----------' +
      '|---------|--------------|\n',
  );
  for (const [index, [label]] of requests.entries()) {
    out(
      `| ${label.padEnd(27)} | ${(median(times[index]!) * 1000).toFixed(0).padStart(9)} | ` +
        `${(p95(times[index]!) * 1000).toFixed(0).padStart(7)} | ` +
        `${(median(times[index]!) / yardstick).toFixed(2).padStart(12)} |\n`,
    );
  }
} finally {
  s.close();
}
out(
  '(the machine is shared; compare columns of one run. Column values come from the query process: a DISTINCT query ' +
    'on the database)\n',
);
