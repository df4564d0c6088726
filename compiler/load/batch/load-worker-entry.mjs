// The entry of a worker thread that loads schemas (load-workers.ts starts it). It runs the front end
// the way the `toolkit` command does: the compiled JavaScript of the installed package; in the
// repository, a cached esbuild bundle of the TypeScript sources (cli/bundled-sources.mjs) with
// TypeScript's own code compiled from the V8 code cache; through tsx when no bundle can be made or
// TOOLKIT_NO_START_CACHE=1.
import { existsSync } from 'node:fs';

const compiled = new URL('./load-worker.js', import.meta.url);

async function workerMain() {
  if (existsSync(compiled)) return { run: (await import(compiled.href)).runLoadWorker, done: () => {} };
  if (!process.env.TOOLKIT_NO_START_CACHE) {
    const codeCache = await import('../../../cli/commonjs-code-cache.mjs');
    codeCache.installCodeCache();
    const { bundledExport } = await import('../../../cli/bundled-sources.mjs');
    const run = await bundledExport({
      entry: 'compiler/load/batch/load-worker.ts',
      name: 'load-worker',
      exportName: 'runLoadWorker',
    });
    if (run) return { run, done: codeCache.saveCodeCache };
  }
  try {
    return { run: (await import('./load-worker.ts')).runLoadWorker, done: () => {} };
  } catch {
    const { register } = await import('tsx/esm/api');
    register();
    return { run: (await import('./load-worker.ts')).runLoadWorker, done: () => {} };
  }
}

const { run, done } = await workerMain();
run(done);
