/**
 * CLI bench, side by side in one run: the whole process of `toolkit search` (spawn to exit, what a
 * user waits for) over the real catalog and over a generated catalog of 5,000 tools, each from the
 * index a build writes, next to `node -e 0` on the same machine and to `toolkit --help`. Spawns are
 * interleaved round-robin so a busy machine slows every column alike; p50 and p90 of each.
 * Bar: search within 2× `node -e 0` (p50). Also the in-process parts of a 5,000-tool search.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { buildCatalogIndexes, CATALOG_INDEX_FILE, SEARCH_INDEX_FILE } from '../compiler/build/catalog-index.ts';
import { loadSchemaTreeSync } from '../compiler/load/schema-tree.ts';
import { readSearchIndex } from '../runtime/search/search-index.ts';
import { readSearchCandidates } from '../cli/search-candidates.ts';
import { searchCatalog } from '../cli/search-results.ts';
import type { SchemaModel } from '../runtime/model.ts';
import { generateSchemas } from './support/generate-schemas.ts';
import { startEnv } from './support/node-start.ts';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'cli', 'bin.mjs');
const RUNS = 21;
const TOOLS = 5_000;
const QUERIES = ['weather forecast', 'station', 'currency rate', 'alert', 'quote'];

const work = mkdtempSync(join(root, 'tmp', 'bench-cli-'));
// Spawned without NODE_EXTRA_CA_CERTS, as on most machines (support/node-start.ts: it adds ~40 ms to every node start).
const env = startEnv({ TOOLKIT_MODE: 'agent', NO_COLOR: '1' });

/** A project whose generated/ holds the index of `models` over `schemasDir`. */
function indexedProject(name: string, schemasDir: string, models: readonly SchemaModel[]): string {
  const project = join(work, name);
  const out = join(project, 'generated');
  mkdirSync(out, { recursive: true });
  const { catalog, search } = buildCatalogIndexes(models, relative(out, schemasDir).split(sep).join('/'));
  writeFileSync(join(out, CATALOG_INDEX_FILE), `${JSON.stringify(catalog)}\n`);
  writeFileSync(join(out, SEARCH_INDEX_FILE), `${JSON.stringify(search)}\n`);
  return project;
}

function loadModels(dir: string): SchemaModel[] {
  return loadSchemaTreeSync(dir).flatMap((entry) =>
    entry.model ? [{ ...entry.model, file: relative(dir, entry.file).split(sep).join('/') }] : [],
  );
}

/** The real catalog, as `toolkit build` indexes it (the project has no schemas/, so its catalog is the shipped one). */
const catalogModels = loadModels(join(root, 'schemas'));
const realProject = indexedProject('real', join(root, 'schemas'), catalogModels);

/** A generated catalog cut to exactly 5,000 tools, indexed from models the front end read. */
const generatedDir = join(work, 'generated-catalog', 'schemas');
generateSchemas(generatedDir, Math.ceil(TOOLS / 3));
let generated = loadModels(generatedDir);
let count = 0;
generated = generated.flatMap((model) => {
  if (count >= TOOLS) return [];
  const tools = model.tools.slice(0, TOOLS - count);
  count += tools.length;
  return [{ ...model, tools }];
});
if (count < TOOLS) throw new Error(`the generator made only ${count} tools`);
const bigProject = indexedProject('generated-catalog', generatedDir, generated);

interface Column {
  readonly label: string;
  readonly args: string[];
  readonly cwd: string;
  readonly times: number[];
  /** CPU time (user + system) of the process: what neighbours on a busy machine disturb least. */
  readonly cpu: number[];
}

const columns: Column[] = [
  { label: 'node -e 0', args: ['-e', '0'], cwd: work, times: [], cpu: [] },
  {
    label: `toolkit search (catalog, ${catalogModels.reduce((n, m) => n + m.tools.length, 0)} tools)`,
    args: [bin, 'search'],
    cwd: realProject,
    times: [],
    cpu: [],
  },
  { label: `toolkit search (generated, ${TOOLS} tools)`, args: [bin, 'search'], cwd: bigProject, times: [], cpu: [] },
  { label: 'toolkit --help', args: [bin, '--help'], cwd: work, times: [], cpu: [] },
];

/** `/usr/bin/time` reports the child's CPU time where it exists; NaN elsewhere. */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function run(column: Column, query: string): { ms: number; cpu: number } {
  const args = column.args.includes('search') ? [...column.args, ...query.split(' ')] : column.args;
  const started = process.hrtime.bigint();
  const result = TIME
    ? spawnSync(TIME, ['-f', 'CPU %U %S', process.execPath, ...args], { cwd: column.cwd, env, encoding: 'utf8' })
    : spawnSync(process.execPath, args, { cwd: column.cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${column.label} failed: ${result.stderr}`);
  if (column.args.includes('search') && !/toolkit add /.test(result.stdout))
    throw new Error(`${column.label} found nothing for "${query}": ${result.stdout}`);
  const times = /CPU (\d+\.\d+) (\d+\.\d+)/.exec(result.stderr);
  return { ms, cpu: times ? (Number(times[1]) + Number(times[2])) * 1000 : Number.NaN };
}

// One warm-up each (the repository's CLI bundles are made on first use), then interleaved runs.
for (const column of columns) run(column, QUERIES[0]!);
for (let i = 0; i < RUNS; i++) {
  for (const column of columns) {
    const { ms, cpu } = run(column, QUERIES[i % QUERIES.length]!);
    column.times.push(ms);
    column.cpu.push(cpu);
  }
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const floor = percentile(columns[0]!.times, 50);
const cpuFloor = percentile(columns[0]!.cpu, 50);
const width = Math.max(...columns.map((c) => c.label.length)) + 2;
process.stdout.write(
  `whole process, spawn to exit, ${RUNS} runs each, interleaved (ms; CPU = user + system time of the process)\n\n`,
);
process.stdout.write(
  `${'what'.padEnd(width)}${'p50'.padStart(8)}${'p90'.padStart(8)}${'× node -e 0'.padStart(14)}` +
    `${'CPU p50'.padStart(10)}${'× node'.padStart(9)}  bar (wall p50)\n`,
);
for (const column of columns) {
  const p50 = percentile(column.times, 50);
  const ratio = p50 / floor;
  const cpu = percentile(column.cpu, 50);
  const bar = column.label.startsWith('toolkit search') ? (ratio <= 2 ? 'within 2×' : 'OVER 2×') : '';
  process.stdout.write(
    `${column.label.padEnd(width)}${p50.toFixed(0).padStart(8)}${percentile(column.times, 90).toFixed(0).padStart(8)}` +
      `${ratio.toFixed(2).padStart(14)}${cpu.toFixed(0).padStart(10)}` +
      `${(cpu / cpuFloor).toFixed(2).padStart(9)}  ${bar}\n`,
  );
}

// Where the time of a 5,000-tool search goes, in-process (medians over the queries, each on a fresh read).
const indexFile = join(bigProject, 'generated', SEARCH_INDEX_FILE);
const parts = {
  whole: [] as number[],
  candidates: [] as number[],
  rankWhole: [] as number[],
  rankCandidates: [] as number[],
};
for (let i = 0; i < 15; i++) {
  const query = QUERIES[i % QUERIES.length]!;
  let t = performance.now();
  const index = readSearchIndex(JSON.parse(readFileSync(indexFile, 'utf8')));
  parts.whole.push(performance.now() - t);
  t = performance.now();
  searchCatalog(index, query);
  parts.rankWhole.push(performance.now() - t);
  t = performance.now();
  const candidates = readSearchCandidates(indexFile, query);
  parts.candidates.push(performance.now() - t);
  t = performance.now();
  searchCatalog(candidates, query);
  parts.rankCandidates.push(performance.now() - t);
}
const size = readFileSync(indexFile).length;
const ms = (values: number[]) => `${percentile(values, 50).toFixed(1)} ms`;
process.stdout.write(`\n5,000-tool search in-process (index ${(size / 1024).toFixed(0)} KB, p50 over the queries):\n`);
process.stdout.write(`  read the whole index ${ms(parts.whole)}, rank it ${ms(parts.rankWhole)}\n`);
process.stdout.write(
  `  read the candidates (what toolkit search does) ${ms(parts.candidates)}, rank them ${ms(parts.rankCandidates)}\n`,
);

rmSync(work, { recursive: true, force: true });
