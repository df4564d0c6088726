/**
 * Cold start of a real-sized catalog: spawn → the first `tools/list` answer over stdio for a
 * generated wild catalog of 350 schemas (about 1,400 tools, formats 2 and 3, `bench/corpus/`) built
 * with `toolkit build`, with handlers on a fifth of the schemas and a dozen real libraries
 * (`ethers`, `moment`, `indicatorts`, `@erc725/erc725.js`, `dayjs` and the Node built-ins' sandbox
 * equivalents), beside the very same catalog without handlers and libraries, and beside the
 * runtime alone fed the same models as JSON (the synthetic floor: what the generated bundle adds is
 * the difference). Both protocol openings (2026-07-28: one enveloped `tools/list`; 2025:
 * `initialize`, `initialized`, `tools/list`), the plain listing (`--no-toolset`) and the default
 * (the toolset, since 1,400 tools list in more than 50 KB). Then a second `tools/list` on the same
 * process (warm). Libraries are files beside the bundle, read on the first call that needs them
 * (`test/wild-catalog/` calls such tools), so the columns with and without them should match.
 * Both use the V8 code cache a bundle's first start saves (`runtime/code-cache.ts`); a column beside
 * them is the very first start of the bundle with handlers (cache off).
 *
 * Spawns are interleaved so a busy machine slows every column alike; medians; wall ms and the
 * child's CPU ms (all threads, from /proc: less sensitive to neighbours than wall time).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCatalog } from '../compiler/build/build-catalog.ts';
import { bundle } from '../compiler/build/bundle.ts';
import { corpusProjectConfig, writeWildCatalog, type WildCatalog } from './corpus/wild-catalog.ts';
import { cachedIn, FIRST_START, warmCodeCache } from './support/code-cache.ts';
import { nodeStart, nodeStartLine } from './support/node-start.ts';
import { spawnToList, type Run } from './support/spawn-to-list.ts';

const root = resolve(import.meta.dirname, '..');
const SCHEMAS = Number(process.env.CATALOG_START_SCHEMAS ?? 350);
const SPAWNS = Number(process.env.CATALOG_START_SPAWNS ?? 9);
const work = join(root, '.bench-tmp', 'catalog-start');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const out = (text: string) => process.stdout.write(text);

/** Writes and builds one corpus; returns the bundle path and what was generated. */
async function built(
  name: string,
  handlerShare: number,
): Promise<{ bundle: string; outDir: string; catalog: WildCatalog; buildMs: number }> {
  const dir = join(work, name);
  // Calls go nowhere in this bench: the root only has to be a valid https origin.
  const catalog = writeWildCatalog(join(dir, 'schemas'), {
    schemas: SCHEMAS,
    root: 'https://api.wild-catalog.example',
    handlerShare,
  });
  mkdirSync(join(dir, '.toolkit'), { recursive: true });
  writeFileSync(join(dir, '.toolkit', 'config.json'), corpusProjectConfig(catalog));
  const started = performance.now();
  const report = await buildCatalog({ schemasDir: join(dir, 'schemas'), outDir: join(dir, 'out'), projectDir: dir });
  if (!report.written)
    throw new Error(
      `the ${name} corpus did not build: ` +
        `${[...report.problems, ...report.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule} ` + `${d.message}`)]
          .slice(0, 5)
          .join('; ')}`,
    );
  return {
    bundle: join(dir, 'out', 'catalog.mjs'),
    outDir: join(dir, 'out'),
    catalog,
    buildMs: performance.now() - started,
  };
}

/** The runtime alone (no generated code), bundled as builds bundle, serving models from a JSON file. */
async function runtimeAlone(file: string): Promise<void> {
  const entry = `import { readFileSync } from 'node:fs';
import { runServerMain } from './runtime/index.ts';
const schemas = JSON.parse(readFileSync(process.argv[2], 'utf8'));
await runServerMain({ schemas, argv: process.argv.slice(3), info: { name: 'toolkit-catalog', version: '0' } });
`;
  writeFileSync(file, (await bundle({ entry, modules: new Map(), minify: true })).code);
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const dirBytes = (dir: string): number => readdirSync(dir).reduce((n, name) => n + statSync(join(dir, name)).size, 0);

const withLibraries = await built('with-handlers', 0.2);
const plain = await built('without-handlers', 0);
const alone = join(work, 'runtime-alone.mjs');
await runtimeAlone(alone);
const models = join(work, 'models.json');
writeFileSync(
  models,
  JSON.stringify(
    ((await import(pathToFileURL(withLibraries.bundle).href)) as { loadSchemas(): unknown[] }).loadSchemas(),
  ),
);

const libraryFiles = readdirSync(join(withLibraries.outDir, 'libraries'));
out(
  `\nGenerated wild catalog: ${withLibraries.catalog.files.length} schemas, ${withLibraries.catalog.tools} tools ` +
    `(formats 3 and 2.0.0); ${withLibraries.catalog.libraryTools.length} schemas with handlers that use one of ` +
    `${libraryFiles.length} libraries, ${Math.round(SCHEMAS * 0.2) - withLibraries.catalog.libraryTools.length} more ` +
    `with handlers without one\n`,
);
out(
  `build: with handlers ${(withLibraries.buildMs / 1000).toFixed(1)} s, without ${(plain.buildMs / 1000).toFixed(1)} ` +
    `s (first build, libraries bundled or taken from the guest-library cache)\n`,
);
const codeKb = (outDir: string): string => (statSync(join(outDir, 'catalog.code.cjs')).size / 1024).toFixed(0);
out(
  `bundle code: with ${codeKb(withLibraries.outDir)} KB + library files ` +
    `${(dirBytes(join(withLibraries.outDir, 'libraries')) / 1024).toFixed(0)} KB beside it (read on first use), ` +
    `without ${codeKb(plain.outDir)} KB\n`,
);

// Later starts use the code cache the first one saved (runtime/code-cache.ts); the first start is measured with it off.
const codeCache = join(work, 'code-cache');
await warmCodeCache([withLibraries.bundle], codeCache);
await warmCodeCache([plain.bundle], codeCache);

out(nodeStartLine(await nodeStart(SPAWNS)));

const columns: { label: string; args: string[]; env: Readonly<Record<string, string>> }[] = [
  { label: 'with handlers + libraries', args: [withLibraries.bundle], env: cachedIn(codeCache) },
  { label: 'without handlers', args: [plain.bundle], env: cachedIn(codeCache) },
  { label: 'with handlers, first start', args: [withLibraries.bundle], env: FIRST_START },
  { label: 'runtime alone, same models', args: [alone, models], env: {} },
];
out(
  `\nSpawn → first tools/list over stdio, median of ${SPAWNS} interleaved spawns: wall ms [child CPU ms]; then a ` +
    `second tools/list on the same process (warm, ms)\n`,
);
out(
  `| opening         | listing           | ${columns.map((c) => c.label.padEnd(38)).join(' | ')} | with ÷ without |\n`,
);
out(`|-----------------|-------------------|${columns.map(() => '-'.repeat(40)).join('|')}|----------------|\n`);
for (const opening of ['modern', 'legacy'] as const) {
  for (const toolset of [false, true]) {
    const runs = columns.map(() => [] as Run[]);
    for (let i = 0; i < SPAWNS; i++) {
      for (const [index, column] of columns.entries())
        runs[index]!.push(
          await spawnToList([...column.args, ...(toolset ? [] : ['--no-toolset'])], opening, column.env),
        );
    }
    const ms = runs.map((r) => median(r.map((x) => x.ms)));
    const cells = runs.map((r, index) =>
      (
        `${ms[index]!.toFixed(0)} [${median(r.map((x) => x.cpuMs)).toFixed(0)}], warm ` +
        `${median(r.map((x) => x.warmMs)).toFixed(1)}, ${r[0]!.tools} tools`
      ).padEnd(38),
    );
    out(
      `| ${(opening === 'modern' ? '2026-07-28' : '2025 initialize').padEnd(15)} | ` +
        `${(toolset ? 'default (toolset)' : `plain (all ${withLibraries.catalog.tools})`).padEnd(17)} | ` +
        `${cells.join(' | ')} | ${(ms[0]! / ms[1]!).toFixed(2).padStart(14)} |\n`,
    );
  }
}

out(
  `(bar: spawn → first tools/list ≤ 300 ms for this catalog on a quiet machine, near the runtime-alone figure; ` +
    `figures on a shared machine vary with its load.\n The first two columns are starts after the first, which use ` +
    `the V8 code cache the first start saved; "first start" is a bundle's very first start, or any start with ` +
    `TOOLKIT_CODE_CACHE=off)\n`,
);
