/**
 * Build bench, side by side in one run:
 *  1. `toolkit build` time for 1, 100 and 500 generated schemas: cold (empty output directory) and
 *     incremental (one schema edited), each in a fresh process so no warm cache flatters it;
 *  2. bundle sizes, raw and gzip: the runtime alone (SDK and zod left out), the runtime with the
 *     SDK, and each catalog;
 *  3. cold start, spawn → first `tools/list` answer over stdio, of the built bundle next to the same
 *     schemas served without a build step (`toolkit server --schemas`).
 * Targets: runtime < 150 KB gzip without the SDK; incremental one-schema rebuild < 1 s.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCatalog } from '../compiler/build/build-catalog.ts';
import { bundle } from '../compiler/build/bundle.ts';
import { emitBundleEntry } from '../compiler/emit/bundle-entry.ts';
import { generateSchemas } from './support/generate-schemas.ts';

const root = resolve(import.meta.dirname, '..');
const SIZES = [1, 100, 500];
const SPAWNS = 3;

// Child mode: one build in a fresh process, timed inside it (no tsx start-up in the figure).
if (process.argv[2] === '--child') {
  const [schemasDir, outDir] = process.argv.slice(3) as [string, string];
  const started = performance.now();
  const report = await buildCatalog({ schemasDir, outDir, projectDir: join(schemasDir, '..') });
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, rebuilt: report.rebuilt, cached: report.cached, tools: report.tools, ok: report.ok, bytes: report.bundles[0]?.bytes, gzip: report.bundles[0]?.gzipBytes }));
  process.exit(0);
}

interface BuildRun { ms: number; rebuilt: number; cached: number; tools: number; ok: boolean; bytes: number; gzip: number }

function timedBuild(schemasDir: string, outDir: string): BuildRun {
  const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', schemasDir, outDir], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`build failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as BuildRun;
}

async function firstList(command: string, args: string[]): Promise<{ ms: number; tools: number }> {
  const started = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: root, stderr: 'ignore' }));
  const { tools } = await client.listTools();
  const ms = performance.now() - started;
  await client.close();
  return { ms, tools: tools.length };
}

async function medianStart(command: string, args: string[]): Promise<{ ms: number; tools: number }> {
  const runs: { ms: number; tools: number }[] = [];
  for (let i = 0; i < SPAWNS; i++) runs.push(await firstList(command, args));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)]!;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

const work = join(root, '.bench-tmp', 'build');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. Build times.
process.stdout.write('\nbuild time (fresh process per build; incremental = one schema edited)\n');
process.stdout.write(`${'schemas'.padStart(8)} ${'tools'.padStart(6)} ${'cold'.padStart(10)} ${'incremental'.padStart(12)} ${'rebuilt'.padStart(8)} ${'catalog raw'.padStart(12)} ${'gzip'.padStart(10)}\n`);
const catalogs: { count: number; schemasDir: string; outDir: string; tools: number }[] = [];
for (const count of SIZES) {
  const project = join(work, `n${count}`);
  const schemasDir = join(project, 'schemas');
  const outDir = join(project, 'generated');
  const files = generateSchemas(schemasDir, count, { seed: 7 });
  const cold = timedBuild(schemasDir, outDir);
  appendFileSync(files[Math.floor(files.length / 2)]!, '\n// edited for the incremental bench\n');
  const warm = timedBuild(schemasDir, outDir);
  catalogs.push({ count, schemasDir, outDir, tools: cold.tools });
  process.stdout.write(`${pad(count, 8)} ${pad(cold.tools, 6)} ${pad(`${cold.ms.toFixed(0)} ms`, 10)} ${pad(`${warm.ms.toFixed(0)} ms`, 12)} ${pad(`${warm.rebuilt}/${warm.rebuilt + warm.cached}`, 8)} ${pad(kb(cold.bytes), 12)} ${pad(kb(cold.gzip), 10)}${cold.ok ? '' : '  (some schemas failed)'}\n`);
}

// 2. Runtime sizes: the bundle entry with no schemas.
process.stdout.write('\nruntime bundle (entry without schemas, minified as builds are)\n');
const entry = emitBundleEntry('runtime', [], '0');
const variants: [string, string[]][] = [
  ['runtime alone (SDK + zod external)', ['@modelcontextprotocol/sdk', 'zod']],
  ['runtime + zod (SDK external)', ['@modelcontextprotocol/sdk']],
  ['runtime + SDK + zod (as shipped)', []],
];
for (const [label, external] of variants) {
  const result = await bundle({ entry, modules: new Map(), external, minify: true });
  const gzip = gzipSync(result.code, { level: 9 }).length;
  process.stdout.write(`${label.padEnd(38)} ${pad(kb(result.code.length), 10)} raw ${pad(kb(gzip), 10)} gzip\n`);
}
const full = await bundle({ entry, modules: new Map(), minify: true });
const byPackage = new Map<string, number>();
for (const [path, input] of Object.entries(full.metafile.outputs['out/bundle.mjs']!.inputs)) {
  const parts = path.split('/');
  const name = path.startsWith('node_modules/') ? parts.slice(1, parts[1]!.startsWith('@') ? 3 : 2).join('/') : parts[0]!.replace(/:.*/, '');
  byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
}
process.stdout.write(`by package: ${[...byPackage].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}\n`);

// 3. Cold start: bundle vs no build step.
process.stdout.write(`\ncold start, spawn → first tools/list over stdio (median of ${SPAWNS})\n`);
process.stdout.write(`${'schemas'.padStart(8)} ${'tools'.padStart(6)} ${'bundle'.padStart(10)} ${'toolkit server'.padStart(15)} ${'ratio'.padStart(7)}\n`);
for (const { count, schemasDir, outDir } of catalogs) {
  const built = await medianStart(process.execPath, [join(outDir, 'catalog.mjs')]);
  const served = await medianStart(process.execPath, [join(root, 'cli', 'bin.mjs'), 'server', '--schemas', schemasDir]);
  const sameTools = built.tools === served.tools ? '' : `  (tools differ: ${built.tools} vs ${served.tools})`;
  process.stdout.write(`${pad(count, 8)} ${pad(built.tools, 6)} ${pad(`${built.ms.toFixed(0)} ms`, 10)} ${pad(`${served.ms.toFixed(0)} ms`, 15)} ${pad(`${(served.ms / built.ms).toFixed(1)}×`, 7)}${sameTools}\n`);
}

const runtimeOnly = await bundle({ entry, modules: new Map(), external: ['@modelcontextprotocol/sdk'], minify: true });
const runtimeGzip = gzipSync(runtimeOnly.code, { level: 9 }).length;
process.stdout.write(`\ntargets: runtime without SDK ${kb(runtimeGzip)} gzip (< 150 KB: ${runtimeGzip < 150 * 1024 ? 'met' : 'MISSED'}); incremental rebuild < 1 s: see the table\n`);
rmSync(work, { recursive: true, force: true });
