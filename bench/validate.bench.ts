/**
 * `toolkit validate`, spawn to exit, side by side in one run: a generated 500-file catalog of the
 * wild catalogs' shapes (`bench/corpus/wild-defects.ts`: formats 1.x, 3.x and 4.x, handlers, the
 * defects real files carry) and the shipped catalog, each cold (a new project: nothing cached, the
 * cache written) and with the cache (the same run again), next to `node -e 0` and to the cold run on
 * one thread (no worker threads). Runs are interleaved round-robin so a busy machine slows every
 * row alike; medians. CPU is user + system of the whole process, all threads: on a machine shared
 * with other work it is the steadier figure. Goal: the 500-file corpus cold within 1,000 ms.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findSchemaFiles } from '../compiler/load/find-schema-files.ts';
import { writeWildDefects } from './corpus/wild-defects.ts';
import { startEnv } from './support/node-start.ts';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'cli', 'bin.mjs');
const exitCpu = join(root, 'bench', 'support', 'exit-cpu.mjs');
const RUNS = Number(process.env.VALIDATE_BENCH_RUNS ?? 5);
const FILES = 500;

const work = mkdtempSync(join(tmpdir(), 'validate-bench-'));
const corpus = join(work, 'corpus');
writeWildDefects(corpus, FILES);
const catalog = join(root, 'schemas');
const catalogFiles = findSchemaFiles(catalog).length;

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
}

let projects = 0;
/** A new project (with its `.toolkit/`, where the cache is kept). */
const newProject = (): string => {
  const dir = mkdtempSync(join(work, `project-${projects++}-`));
  mkdirSync(join(dir, '.toolkit'));
  return dir;
};

/** One spawn of `node [args]` (through the CPU reporter); wall and CPU of the whole process. */
async function timed(args: readonly string[]): Promise<Run> {
  const cpuFile = join(work, `cpu-${process.pid}-${projects++}.json`);
  const env = startEnv({ TOOLKIT_MODE: 'dev', NO_COLOR: '1', TOOLKIT_BENCH_CPU_FILE: cpuFile });
  const started = performance.now();
  const code = await new Promise<number | null>((done) =>
    spawn(process.execPath, ['--import', exitCpu, ...args], { stdio: 'ignore', env }).once('exit', done),
  );
  const wallMs = performance.now() - started;
  if (code !== 0 && code !== 1) throw new Error(`node ${args.join(' ')} exited with ${code}`);
  const { userMs, systemMs } = JSON.parse(readFileSync(cpuFile, 'utf8')) as { userMs: number; systemMs: number };
  return { wallMs, cpuMs: userMs + systemMs };
}

interface Case {
  readonly label: string;
  readonly files: number;
  readonly run: () => Promise<Run>;
}

/** A project whose cache already holds `dir` (validated once). */
async function warmProject(dir: string): Promise<string> {
  const project = newProject();
  await timed([bin, 'validate', '--project', project, dir]);
  return project;
}

try {
  // Once each before timing: the CLI's bundle and TypeScript's code cache are made by the first run after a change.
  await timed([bin, 'validate', '--project', newProject(), corpus]);
  await timed([bin, 'validate', '--project', newProject(), '--threads', '1', catalog]);
  const warmCorpus = await warmProject(corpus);
  const warmCatalog = await warmProject(catalog);
  const cases: Case[] = [
    { label: 'node -e 0', files: 0, run: () => timed(['-e', '0']) },
    {
      label: `corpus ${FILES}, cold`,
      files: FILES,
      run: () => timed([bin, 'validate', '--project', newProject(), corpus]),
    },
    {
      label: `corpus ${FILES}, cold, 1 thread`,
      files: FILES,
      run: () => timed([bin, 'validate', '--project', newProject(), '--threads', '1', corpus]),
    },
    {
      label: `corpus ${FILES}, with the cache`,
      files: FILES,
      run: () => timed([bin, 'validate', '--project', warmCorpus, corpus]),
    },
    {
      label: `catalog ${catalogFiles}, cold`,
      files: catalogFiles,
      run: () => timed([bin, 'validate', '--project', newProject(), catalog]),
    },
    {
      label: `catalog ${catalogFiles}, with the cache`,
      files: catalogFiles,
      run: () => timed([bin, 'validate', '--project', warmCatalog, catalog]),
    },
  ];
  const load = loadavg()[0]!;
  const runs = new Map<Case, Run[]>(cases.map((c) => [c, []]));
  for (let round = 0; round < RUNS; round++) for (const c of cases) runs.get(c)!.push(await c.run());

  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const floor = median(runs.get(cases[0]!)!.map((r) => r.wallMs));
  const floorCpu = median(runs.get(cases[0]!)!.map((r) => r.cpuMs));
  console.log(
    `validate, spawn to exit: medians of ${RUNS} interleaved runs; ${availableParallelism()} cores, load average ` +
      `${load.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end`,
  );
  console.log(
    '| case                           |  wall ms | ms/file | CPU ms | CPU ms/file | wall / node -e 0 | CPU ' +
      '/ node -e 0 |',
  );
  console.log(
    '|--------------------------------|----------|---------|--------|-------------|------------------|------' +
      '-----------|',
  );
  for (const c of cases) {
    const wall = median(runs.get(c)!.map((r) => r.wallMs));
    const cpu = median(runs.get(c)!.map((r) => r.cpuMs));
    const perFile = (ms: number) => (c.files > 0 ? (ms / c.files).toFixed(2) : '-');
    console.log(
      `| ${c.label.padEnd(30)} | ${wall.toFixed(0).padStart(8)} | ${perFile(wall).padStart(7)} | ` +
        `${cpu.toFixed(0).padStart(6)} | ${perFile(cpu).padStart(11)} | ${(wall / floor).toFixed(1).padStart(16)} | ` +
        `${(cpu / floorCpu).toFixed(1).padStart(15)} |`,
    );
  }
  const cold = median(runs.get(cases[1]!)!.map((r) => r.wallMs));
  console.log(
    `goal: the ${FILES}-file corpus cold within 1,000 ms: ${cold <= 1000 ? 'met' : 'not met'} (${cold.toFixed(0)} ms ` +
      `on this machine now)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
