/**
 * Cold start of the bundles `toolkit build` writes (issue 11's spawn → first `tools/list`): synthetic
 * catalogs of about 10, 100, 500 and 2,000 tools (`support/generate-schemas.ts`), each built by the
 * real build, then spawned as a client would (`node <bundle>`), in both protocol openings, with the
 * plain listing (`--no-toolset`) and the default (the toolset once the listing passes 50 KB), beside
 * `node -e ''` on the same machine in the same run. The runtime bench's own spawn table measures the
 * runtime through a test entry that reads models as JSON (v1 beside v2); this one measures what ships.
 * Starts after a bundle's first use the V8 code cache that first start saved; the last column is a
 * first start (cache off).
 *
 * Spawns are interleaved so a busy machine slows every column alike; medians; wall ms [child CPU ms].
 */
import { cpSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { buildCatalog } from '../compiler/build/build-catalog.ts';
import { generateSchemas } from './support/generate-schemas.ts';
import { cachedIn, FIRST_START, warmCodeCache } from './support/code-cache.ts';
import { spawnToList, type Opening, type Run } from './support/spawn-to-list.ts';
import { nodeStart, nodeStartLine } from './support/node-start.ts';
import { bundleBareServers } from './support/server-bundles.ts';

const root = resolve(import.meta.dirname, '..');
const SPAWNS = Number(process.env.BUNDLE_START_SPAWNS ?? 9);
/** Schema counts: the generator writes about four tools per schema. */
const SIZES = [3, 25, 125, 500];
const work = join(root, '.bench-tmp', 'bundle-start');
rmSync(work, { recursive: true, force: true });
const out = (text: string) => process.stdout.write(text);
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Built {
  readonly bundle: string;
  readonly tools: number;
  readonly kb: number;
  readonly dataKb: number;
}

async function built(schemas: number): Promise<Built> {
  const dir = join(work, String(schemas));
  generateSchemas(join(dir, 'schemas'), schemas, { seed: 11 });
  mkdirSync(join(dir, '.toolkit'), { recursive: true });
  const report = await buildCatalog({ schemasDir: join(dir, 'schemas'), outDir: join(dir, 'out'), projectDir: dir });
  if (!report.written)
    throw new Error(
      `the ${schemas}-schema catalog did not build: ${report.problems
        .concat(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}`))
        .slice(0, 3)
        .join('; ')}`,
    );
  const bundle = join(dir, 'out', 'catalog.mjs');
  return {
    bundle,
    tools: report.tools,
    kb: (statSync(bundle).size + statSync(join(dir, 'out', 'catalog.code.cjs')).size) / 1024,
    dataKb: statSync(join(dir, 'out', 'catalog.data.jsonl')).size / 1024,
  };
}

// BUNDLE_START_ONLY=primitives skips the synthetic catalogs (the primitives table below alone).
const only = process.env.BUNDLE_START_ONLY;
const catalogs: Built[] = [];
if (only !== 'primitives') for (const size of SIZES) catalogs.push(await built(size));
// Later starts use the code cache the first start saved (runtime/code-cache.ts); the last column has it off.
const codeCache = join(work, 'code-cache');
for (const catalog of catalogs) await warmCodeCache([catalog.bundle], codeCache);

const node = await nodeStart(SPAWNS);
const nodeMs = node.ms;

const columns: { label: string; opening: Opening; toolset: boolean; env: Readonly<Record<string, string>> }[] = [
  { label: '2025 opening, plain', opening: 'legacy', toolset: false, env: cachedIn(codeCache) },
  { label: '2026-07-28, plain', opening: 'modern', toolset: false, env: cachedIn(codeCache) },
  { label: '2026-07-28, default', opening: 'modern', toolset: true, env: cachedIn(codeCache) },
  { label: '2026 default, 1st start', opening: 'modern', toolset: true, env: FIRST_START },
];
if (only !== 'primitives')
  out(
    `\nBuilt bundles, spawn → first tools/list over stdio, median of ${SPAWNS} interleaved spawns: wall ms [child ` +
      `CPU ms] (tools listed)\n`,
  );
if (only !== 'primitives') out(nodeStartLine(node));
if (only !== 'primitives')
  out(
    `| tools | code + data file      | ${columns.map((c) => c.label.padEnd(24)).join(' | ')} | 2026-07-28 ` +
      `default − node |\n`,
  );
if (only !== 'primitives')
  out(`|-------|----------------------|${columns.map(() => '-'.repeat(26)).join('|')}|---------------------------|\n`);
for (const catalog of catalogs) {
  const runs = columns.map(() => [] as Run[]);
  for (let i = 0; i < SPAWNS; i++) {
    for (const [index, column] of columns.entries())
      runs[index]!.push(
        await spawnToList([catalog.bundle, ...(column.toolset ? [] : ['--no-toolset'])], column.opening, column.env),
      );
  }
  const cells = runs.map((r) =>
    `${median(r.map((x) => x.ms)).toFixed(0)} [${median(r.map((x) => x.cpuMs)).toFixed(0)}] (${r[0]!.tools})`.padEnd(
      24,
    ),
  );
  const added = median(runs[2]!.map((x) => x.ms)) - nodeMs;
  out(
    `| ${String(catalog.tools).padStart(5)} | ` +
      `${`${catalog.kb.toFixed(0)} KB + ${catalog.dataKb.toFixed(0)} KB`.padEnd(20)} | ${cells.join(' | ')} | ` +
      `${added.toFixed(0).padStart(25)} |\n`,
  );
}
if (only !== 'primitives')
  out(
    `(targets of issue 11: 10 tools ≤ 130 ms and the whole 2,000-tool catalog ≤ 200 ms from spawn on a quiet ` +
      `machine; the last column is what the bundle adds to node's own start.\n The first three columns are starts ` +
      `after the first, with the V8 code cache the first start saved; "1st start" has TOOLKIT_CODE_CACHE=off)\n`,
  );

/**
 * Issue 25's start measure: a catalog whose schemas have prompts, skills and resources (the shipped
 * catalog, 42 schemas with SQLite resources, prompts and skills) plus generated schemas to about
 * 1,300 tools, built by the real build, against the floor: the bare SDK v2 server (one constant
 * tool, esbuild-bundled). The default listing (the toolset) and the full listing (`--no-toolset`).
 */
async function primitivesCatalog(): Promise<Built> {
  const dir = join(work, 'primitives');
  const schemasDir = join(dir, 'schemas');
  cpSync(join(root, 'schemas'), join(schemasDir, 'shipped'), { recursive: true });
  generateSchemas(join(schemasDir, 'generated'), Number(process.env.BUNDLE_START_GENERATED ?? 250), { seed: 25 });
  mkdirSync(join(dir, '.toolkit'), { recursive: true });
  const report = await buildCatalog({ schemasDir, outDir: join(dir, 'out'), projectDir: dir });
  if (!report.written)
    throw new Error(
      `the primitives catalog did not build: ${report.problems
        .concat(report.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}`))
        .slice(0, 3)
        .join('; ')}`,
    );
  const bundle = join(dir, 'out', 'catalog.mjs');
  return {
    bundle,
    tools: report.tools,
    kb: (statSync(bundle).size + statSync(join(dir, 'out', 'catalog.code.cjs')).size) / 1024,
    dataKb: statSync(join(dir, 'out', 'catalog.data.jsonl')).size / 1024,
  };
}

const withPrimitives = await primitivesCatalog();
await warmCodeCache([withPrimitives.bundle], codeCache);
const bare = (await bundleBareServers(work)).v2;
const starts: { label: string; args: string[]; env: Readonly<Record<string, string>> }[] = [
  { label: 'bare SDK v2 server (floor)', args: [bare.file], env: {} },
  { label: 'catalog, default listing', args: [withPrimitives.bundle], env: cachedIn(codeCache) },
  { label: 'catalog, full listing', args: [withPrimitives.bundle, '--no-toolset'], env: cachedIn(codeCache) },
  { label: 'catalog, default, 1st start', args: [withPrimitives.bundle], env: FIRST_START },
];
const startRuns = starts.map(() => [] as Run[]);
for (let i = 0; i < SPAWNS; i++) {
  for (const [index, start] of starts.entries())
    startRuns[index]!.push(await spawnToList(start.args, 'modern', start.env));
}
const floorMs = median(startRuns[0]!.map((x) => x.ms));
const floorCpu = median(startRuns[0]!.map((x) => x.cpuMs));
const goals = ['', '≤ 1.2×', '≤ 1.6×', ''];
out(
  `\nA catalog with prompts, skills and resources (${withPrimitives.tools} tools, ${withPrimitives.kb.toFixed(0)} KB ` +
    `code + ${withPrimitives.dataKb.toFixed(0)} KB data) against the bare SDK v2 server, spawn → first tools/list ` +
    `(2026-07-28), median of ${SPAWNS} interleaved spawns\n`,
);
out(nodeStartLine(node));
out(
  '| start                        | wall ms | CPU ms | tools listed | × floor | × floor CPU | goal   |\n' +
    '|------------------------------|---------|--------|--------------|---------|-------------|--------|\n',
);
for (const [index, start] of starts.entries()) {
  const runs = startRuns[index]!;
  const wall = median(runs.map((x) => x.ms));
  const cpu = median(runs.map((x) => x.cpuMs));
  const cells = [
    start.label.padEnd(28),
    wall.toFixed(0).padStart(7),
    cpu.toFixed(0).padStart(6),
    String(runs[0]!.tools).padStart(12),
    (wall / floorMs).toFixed(2).padStart(7),
    (cpu / floorCpu).toFixed(2).padStart(11),
    goals[index]!.padEnd(6),
  ];
  out(`| ${cells.join(' | ')} |\n`);
}
out(
  `(load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${availableParallelism()} CPUs; under load the CPU ratio is the steadier one)\n`,
);
out(
  '(issue 25: the default listing ≤ 1.2× the floor, 1,300 tools listed in full ≤ 1.6×; both after the first start, ' +
    'with the code cache)\n',
);
