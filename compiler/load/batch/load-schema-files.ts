/**
 * Loads many schema files the way `loadSchemaFile` loads one, with the same results in the same
 * order, faster: a schema whose text, options and disk answers are unchanged since a cached load is
 * not loaded again (`validation-cache.ts`), and the others are loaded on worker threads when there
 * are enough of them to pay for starting a TypeScript compiler per thread. This module loads nothing
 * heavy itself: a run where every schema is cached never starts the compiler.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { LoadSchemaOptions, LoadSchemaResult } from '../load-schema.ts';
import { nodeFileSystem } from '../file-system.ts';
import { toResult } from '../result.ts';
import { frontEndVersion } from './front-end-version.ts';
import { runJob, type LoadAnswer, type LoadJob } from './load-job.ts';
import { BATCH, loadOnWorkers, type WorkerRun } from './load-workers.ts';
import { answerDigest, sameAnswers } from './recorded-file-system.ts';
import { ValidationCache } from './validation-cache.ts';

/** One schema file to load; `root` is the tree it was found in (a link leading out of it is not loaded). */
export interface SchemaFileEntry {
  readonly file: string;
  readonly root?: string;
}

export interface LoadManyOptions {
  /** Where the cache lives (`<project>/.toolkit/cache`); undefined: no cache. */
  readonly cacheDir?: string;
  /** Threads to load with at most, this one included (default 1: no worker threads). */
  readonly threads?: number;
  /** Files to load (not cached) per thread at least, for worker threads to be started (default 100). */
  readonly filesPerThread?: number;
  /** Called with each result in file order, as soon as it and every result before it are known. */
  readonly onResult?: (index: number, result: LoadSchemaResult) => void;
  /** True: when there are worker threads, they alone load (this thread only what they leave); for tests. */
  readonly workersOnly?: boolean;
  /** Told where each result came from, as it comes (for `--timings` and tests). */
  readonly onSettled?: (index: number, from: ResultSource) => void;
}

/** Where a result came from: the cache, this thread's load, or a worker thread's. */
export type ResultSource = 'cache' | 'thread' | 'worker';

/** Files per thread at least before another thread is worth its compiler's start. */
const FILES_PER_THREAD = 100;

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The options that decide a result, with the defaults `loadSchemaFile` would take filled in. */
function decidingOptions(options: Omit<LoadSchemaOptions, 'fs'>, root: string | undefined): Record<string, unknown> {
  const all: Record<string, unknown> = {
    ...options,
    cwd: options.cwd ?? process.cwd(),
    home: options.home ?? homedir(),
    treeRoot: root ?? null,
  };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((key) => [key, all[key]]),
  );
}

/** The schema's text when it is a plain file that can be read (a link is checked on every load, never cached). */
function plainText(file: string): string | undefined {
  try {
    if (lstatSync(file).isSymbolicLink()) return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Loads `files` (as `loadSchemaFile` with `options` and each file's root would), results in the same order. */
export async function loadSchemaFiles(
  files: readonly SchemaFileEntry[],
  options: Omit<LoadSchemaOptions, 'fs' | 'treeRoot'> = {},
  many: LoadManyOptions = {},
): Promise<LoadSchemaResult[]> {
  const cache = ValidationCache.open(many.cacheDir);
  const results: (LoadSchemaResult | undefined)[] = new Array(files.length);
  let told = 0;
  const settle = (index: number, result: LoadSchemaResult, from: ResultSource): void => {
    many.onSettled?.(index, from);
    results[index] = result;
    for (; told < files.length && results[told] !== undefined; told++) many.onResult?.(told, results[told]!);
  };

  const disk = nodeFileSystem();
  const answers = new Map<string, string>();
  const jobs: LoadJob[] = [];
  const slots = new Map<number, { key: string; slot: string }>();
  const take = (answer: LoadAnswer, from: ResultSource = 'thread'): void => {
    const at = slots.get(answer.index);
    if (at && answer.calls)
      cache.set(at.key, at.slot, {
        calls: answer.calls,
        diagnostics: answer.diagnostics,
        ...(answer.model ? { model: answer.model } : {}),
      });
    settle(answer.index, { ...toResult(answer.diagnostics), ...(answer.model ? { model: answer.model } : {}) }, from);
  };
  const workersFor = (count: number): number =>
    Math.max(0, Math.min((many.threads ?? 1) - 1, Math.floor(count / (many.filesPerThread ?? FILES_PER_THREAD)) - 1));
  const startWorkers = (count: number, filling = false): WorkerRun =>
    loadOnWorkers(jobs, count, (answer) => take(answer, 'worker'), { filling });
  // Nothing cached: every file is a job, so the workers start now and load their compiler while this
  // thread reads and hashes the files.
  let run = cache.empty && workersFor(files.length) > 0 ? startWorkers(workersFor(files.length), true) : undefined;
  const version = many.cacheDir !== undefined ? frontEndVersion() : '';
  files.forEach(({ file, root }, index) => {
    const jobOptions = { ...options, ...(root !== undefined ? { treeRoot: root } : {}) };
    const text = many.cacheDir !== undefined ? plainText(file) : undefined;
    if (text === undefined) return void jobs.push({ index, file, text: undefined, options: jobOptions });
    const slot = sha(JSON.stringify([file, decidingOptions(options, root)]));
    const key = sha(JSON.stringify([version, slot, sha(text)]));
    answers.set(JSON.stringify(['readText', [file]]), answerDigest(text));
    const cached = cache.get(key);
    if (cached && sameAnswers(cached.calls, disk, answers)) {
      cache.keep(key);
      return void settle(
        index,
        { ...toResult(cached.diagnostics), ...(cached.model ? { model: cached.model } : {}) },
        'cache',
      );
    }
    slots.set(index, { key, slot });
    jobs.push({ index, file, text, options: jobOptions });
  });

  if (run) run.close();
  else if (workersFor(jobs.length) > 0) run = startWorkers(workersFor(jobs.length));
  if (jobs.length > 0) {
    const { loadSchemaFile } = await import('../load-schema.ts');
    // This thread loads too, a batch at a time, letting the workers' answers in between.
    while (jobs.length > 0 && !(run && many.workersOnly)) {
      for (const job of jobs.splice(0, BATCH)) take(runJob(job, loadSchemaFile));
      if (run) await new Promise((resolveTurn) => setImmediate(resolveTurn));
    }
    // The queue is empty: a worker still starting would only be waited for.
    if (!many.workersOnly) run?.stopIdle();
    for (const job of (await run?.unanswered) ?? []) take(runJob(job, loadSchemaFile));
  }
  cache.save();
  return results as LoadSchemaResult[];
}
