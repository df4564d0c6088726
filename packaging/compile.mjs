#!/usr/bin/env node
// The package's compile step (`prepack`): compiles the TypeScript sources to JavaScript and `.d.ts`
// beside them (so every path the code computes from its own location holds in the package too),
// and indexes the shipped catalog for `toolkit search` (`catalog-index/`). `--clean` (`postpack`)
// removes what it made, leaving the repository as it was. The package ships no TypeScript source:
// it runs the compiled files, and `toolkit build` bundles the compiled runtime.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const COMPILED_DIRS = ['cli', 'compiler', 'runtime', 'templates', 'validator-service'];
const INDEX_DIR = join(root, 'catalog-index');

/** Every `.ts` source (not `.d.ts`) under the compiled directories. */
function sources() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of COMPILED_DIRS) walk(join(root, dir));
  return out;
}

/** Removes the `.js` and `.d.ts` made from each source, and the catalog index. */
function clean() {
  let removed = 0;
  for (const source of sources()) {
    for (const made of [source.replace(/\.ts$/, '.js'), source.replace(/\.ts$/, '.d.ts')]) {
      if (existsSync(made)) {
        rmSync(made);
        removed++;
      }
    }
  }
  rmSync(INDEX_DIR, { recursive: true, force: true });
  return removed;
}

async function compile() {
  clean();
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.package.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    clean();
    throw new Error(`tsc failed (exit ${run.status}): nothing was compiled`);
  }
  // Declarations name their neighbours as `.js` (the package has no `.ts` to resolve them to).
  for (const source of sources()) {
    const declaration = source.replace(/\.ts$/, '.d.ts');
    if (!existsSync(declaration)) continue;
    const text = readFileSync(declaration, 'utf8');
    const rewritten = text.replace(/(['"])(\.\.?\/[^'"\n]+)\.ts\1/g, '$1$2.js$1');
    if (rewritten !== text) writeFileSync(declaration, rewritten);
  }
  // The declarations (and the MCP SDK's they import) name Node's types: the package depends on
  // @types/node and its entry points reference it, so a project checks them without installing it.
  for (const entry of ['compiler/index.d.ts', 'runtime/index.d.ts']) {
    const file = join(root, entry);
    writeFileSync(file, `/// <reference types="node" />\n${readFileSync(file, 'utf8')}`);
  }
  // The shipped catalog's index, made by the compiled front end itself.
  const { loadSchemaTree } = await import(pathToFileURL(join(root, 'compiler', 'index.js')).href);
  const { buildCatalogIndexes, CATALOG_INDEX_FILE, SEARCH_INDEX_FILE } = await import(
    pathToFileURL(join(root, 'compiler', 'build', 'catalog-index.js')).href
  );
  const schemasDir = join(root, 'schemas');
  const entries = await loadSchemaTree(schemasDir, { cwd: root });
  const models = entries
    .filter((e) => e.model)
    .map((e) => ({ ...e.model, file: relative(schemasDir, e.file).split(sep).join('/') }));
  const { catalog, search } = buildCatalogIndexes(models, relative(INDEX_DIR, schemasDir).split(sep).join('/'));
  mkdirSync(INDEX_DIR, { recursive: true });
  writeFileSync(join(INDEX_DIR, CATALOG_INDEX_FILE), `${JSON.stringify(catalog)}\n`);
  writeFileSync(join(INDEX_DIR, SEARCH_INDEX_FILE), `${JSON.stringify(search)}\n`);
  const skipped = entries.length - models.length;
  process.stdout.write(
    `compiled ${sources().length} sources; indexed ${models.length} schemas, ${catalog.tools.length} ` +
      `tools${skipped ? ` (${skipped} schemas did not load and are not indexed)` : ''}\n`,
  );
}

if (process.argv.includes('--clean')) process.stdout.write(`removed ${clean()} compiled files\n`);
else await compile();
