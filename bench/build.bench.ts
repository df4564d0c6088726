/**
 * Build bench, side by side in one run:
 *  1. `toolkit build` time for 1, 100 and 500 generated schemas, each build a fresh `node cli/bin.mjs
 *     build` process timed from spawn to exit (what a user waits for): cold (empty output directory),
 *     incremental (one schema edited) with the default cached start and with the plain tsx start
 *     (TOOLKIT_NO_START_CACHE=1), back to back, medians of 3; and the one-schema rebuild inside
 *     `toolkit build --watch`, from the edit to the rebuild's line;
 *  2. bundle sizes, raw and gzip: the runtime alone (SDK and zod left out), the runtime with the
 *     SDK, and each catalog;
 *  3. cold start, spawn → first `tools/list` answer over stdio, of the built bundle next to the runtime
 *     alone fed the same models (the floor: the difference is what the build adds) and to the same
 *     schemas served without a build step (`toolkit server --schemas`).
 * Targets: runtime < 150 KB gzip without the SDK; incremental one-schema rebuild < 1 s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundle } from '../compiler/build/bundle.ts';
import { emitBundleEntry } from '../compiler/emit/bundle-entry.ts';
import { median, pad, printColdStart } from './support/cold-start.ts';
import { generateSchemas } from './support/generate-schemas.ts';

const root = resolve(import.meta.dirname, '..');
const SIZES = [1, 100, 500];
const SPAWNS = 7;

const REPEATS = 3;
const bin = join(root, 'cli', 'bin.mjs');

interface BuildRun {
  ms: number;
  rebuilt: number;
  cached: number;
  tools: number;
  ok: boolean;
  bytes: number;
  gzip: number;
}

/**
 * One `toolkit build` in a fresh process, timed from spawn to exit; counts from its summary, sizes from the manifest.
 */
function timedBuild(schemasDir: string, outDir: string, plainStart = false): BuildRun {
  const env = { ...process.env };
  if (plainStart) env.TOOLKIT_NO_START_CACHE = '1';
  else delete env.TOOLKIT_NO_START_CACHE;
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [bin, 'build', '--schemas', schemasDir, '--out', outDir, '--project', join(schemasDir, '..')],
    { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const ms = performance.now() - started;
  const summary = /(\d+) rebuilt, (\d+) cached/.exec(run.stdout);
  if (!summary) throw new Error(`build failed: ${run.stderr}`);
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as {
    bundles: { bytes: number; gzipBytes: number; tools: number }[];
  };
  const catalog = manifest.bundles[0]!;
  return {
    ms,
    rebuilt: Number(summary[1]),
    cached: Number(summary[2]),
    tools: catalog.tools,
    ok: run.status === 0,
    bytes: catalog.bytes,
    gzip: catalog.gzipBytes,
  };
}

/** Milliseconds from appending to `file` to `toolkit build --watch` printing its rebuild line, `REPEATS` times. */
async function watchRebuilds(schemasDir: string, outDir: string, file: string): Promise<number[]> {
  const child = spawn(
    process.execPath,
    [bin, 'build', '--watch', '--schemas', schemasDir, '--out', outDir, '--project', join(schemasDir, '..')],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let lines = 0;
  let waiter: (() => void) | undefined;
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const line of complete)
      if (line.startsWith('toolkit build --watch: ')) {
        lines += 1;
        waiter?.();
      }
  });
  const nextLine = (count: number) =>
    new Promise<void>((resolve) => {
      waiter = () => {
        if (lines >= count) resolve();
      };
      waiter();
    });
  await nextLine(1);
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the watcher settle between edits
    const started = performance.now();
    appendFileSync(file, `\n// edited in --watch ${i}\n`);
    await nextLine(lines + 1);
    times.push(performance.now() - started);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return times;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const work = join(root, '.bench-tmp', 'build');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. Build times.
process.stdout.write(
  `\nbuild time (fresh \`node cli/bin.mjs build\` per build, spawn to exit; incremental = one schema edited, median ` +
    `of ${REPEATS})\n`,
);
process.stdout.write(
  `${'schemas'.padStart(8)} ${'tools'.padStart(6)} ${'cold'.padStart(9)} ${'incremental'.padStart(12)} ` +
    `${'tsx start'.padStart(10)} ${'--watch'.padStart(8)} ${'rebuilt'.padStart(8)} ${'catalog raw'.padStart(12)} ` +
    `${'gzip'.padStart(10)}\n`,
);
const catalogs: { count: number; schemasDir: string; outDir: string; tools: number }[] = [];
for (const count of SIZES) {
  const project = join(work, `n${count}`);
  const schemasDir = join(project, 'schemas');
  const outDir = join(project, 'generated');
  const files = generateSchemas(schemasDir, count, { seed: 7 });
  const edited = files[Math.floor(files.length / 2)]!;
  const cold = timedBuild(schemasDir, outDir);
  const fast: BuildRun[] = [];
  const plain: BuildRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    appendFileSync(edited, `\n// edited for the incremental bench ${i}\n`);
    fast.push(timedBuild(schemasDir, outDir));
    appendFileSync(edited, `\n// edited for the incremental bench ${i} (tsx)\n`);
    plain.push(timedBuild(schemasDir, outDir, true));
  }
  const watched = await watchRebuilds(schemasDir, outDir, edited);
  const warm = fast[0]!;
  catalogs.push({ count, schemasDir, outDir, tools: cold.tools });
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  process.stdout.write(
    `${pad(count, 8)} ${pad(cold.tools, 6)} ${pad(ms(cold.ms), 9)} ${pad(ms(median(fast.map((r) => r.ms))), 12)} ` +
      `${pad(ms(median(plain.map((r) => r.ms))), 10)} ${pad(ms(median(watched)), 8)} ` +
      `${pad(`${warm.rebuilt}/${warm.rebuilt + warm.cached}`, 8)} ${pad(kb(cold.bytes), 12)} ` +
      `${pad(kb(cold.gzip), 10)}${cold.ok ? '' : '  (some schemas failed)'}\n`,
  );
}

// 2. Runtime sizes: the bundle entry with no schemas.
process.stdout.write('\nruntime bundle (entry without schemas, minified as builds are)\n');
const entry = emitBundleEntry('runtime', [], '0');
const variants: [string, string[]][] = [
  ['runtime alone (SDK + zod external)', ['@modelcontextprotocol/server', '@modelcontextprotocol/core', 'zod']],
  ['runtime + zod (SDK external)', ['@modelcontextprotocol/server', '@modelcontextprotocol/core']],
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
  const name = path.startsWith('node_modules/')
    ? parts.slice(1, parts[1]!.startsWith('@') ? 3 : 2).join('/')
    : parts[0]!.replace(/:.*/, '');
  byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
}
process.stdout.write(
  `by package: ${[...byPackage]
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ')}\n`,
);

// 3. Cold start: bundle vs the runtime alone on the same models vs no build step (bench/support/cold-start.ts).
await printColdStart(catalogs, { root, work, spawns: SPAWNS });

const runtimeOnly = await bundle({
  entry,
  modules: new Map(),
  external: ['@modelcontextprotocol/server', '@modelcontextprotocol/core'],
  minify: true,
});
const runtimeGzip = gzipSync(runtimeOnly.code, { level: 9 }).length;
process.stdout.write(
  `\ntargets: runtime without SDK ${kb(runtimeGzip)} gzip (< 150 KB: ${runtimeGzip < 150 * 1024 ? 'met' : 'MISSED'});` +
    ` incremental rebuild < 1 s: see the table\n`,
);
rmSync(work, { recursive: true, force: true });
