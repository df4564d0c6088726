#!/usr/bin/env node
// The `toolkit` command. The installed package runs compiled JavaScript (`main.js`, made by the
// package's compile step). In the repository the sources are TypeScript: they run from a cached,
// hash-checked esbuild bundle (bundled-sources.mjs), or through tsx when no bundle can be made or
// TOOLKIT_NO_START_CACHE=1. `toolkit build`, `toolkit validate` and `toolkit import` (which validates what it
// writes) also compile TypeScript's own 13 MB from a V8 code cache (commonjs-code-cache.mjs). `toolkit search`
// starts without the CLI framework when a build has indexed the catalog (fast-search).
import { existsSync } from 'node:fs';

// A reader that stops reading early (`toolkit validate | head -1`) ends the command quietly, exit 0,
// rather than with an unhandled EPIPE and its stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}

const argv = process.argv.slice(2);
const fromSources = existsSync(new URL('./main.ts', import.meta.url));
const startCache = !process.env.TOOLKIT_NO_START_CACHE;
/** Commands that load the front end (TypeScript's parser): they compile it from a V8 code cache. */
const FRONT_END_COMMANDS = new Set(['build', 'validate', 'import']);
const load = async (compiled, entry, name, exportName) => {
  if (!fromSources) return (await import(compiled))[exportName];
  if (!startCache) return undefined;
  const { bundledExport } = await import('./bundled-sources.mjs');
  return bundledExport({ entry, name, exportName });
};

/** `toolkit search` without the CLI framework, when an index is at hand; undefined otherwise. */
async function searchFast() {
  if (argv[0] !== 'search' || argv.includes('--help') || argv.includes('-h')) return undefined;
  const fastSearch = await load('./fast-search.js', 'cli/fast-search.ts', 'search', 'fastSearch');
  return fastSearch?.(argv);
}

async function runCli() {
  let saveCodeCache = () => {};
  if (FRONT_END_COMMANDS.has(argv[0]) && startCache) {
    const codeCache = await import('./commonjs-code-cache.mjs');
    codeCache.installCodeCache();
    saveCodeCache = codeCache.saveCodeCache;
  }
  let main = await load('./main.js', 'cli/main.ts', 'cli', 'main');
  if (main === undefined) {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('./main.ts'));
  }
  const code = await main(argv);
  saveCodeCache();
  return code;
}

process.exitCode = (await searchFast()) ?? (await runCli());
