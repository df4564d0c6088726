// The CLI's TypeScript sources as one esbuild bundle (lazy chunks kept lazy), cached under
// node_modules/.cache/toolkit/ and checked on each start: by the size and modification time of every
// bundled source (no hashing, so `node:crypto` is not even loaded), and by their SHA-256 when those differ.
// Loading it skips tsx's loader thread and per-module round trips (about half a second of CPU per
// process). A stale or missing bundle is rebuilt; when that fails the caller falls back to tsx.
// Used in the repository only: the installed package runs its compiled JavaScript directly. Two
// bundles are kept: the whole CLI (`cli`) and the fast start of `toolkit search` (`search`).
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CREATE_REQUIRE_BANNER } from '../compiler/build/create-require-banner.mjs';

const toolkitRoot = resolve(import.meta.dirname, '..');
// node:crypto is loaded only when a source's size or time changed (it costs a start ~20 ms).
const sha256 = (text) =>
  createRequire(import.meta.url)('node:crypto')
    .createHash('sha256')
    .update(text)
    .digest('hex');
const esbuildPackage = join(toolkitRoot, 'node_modules', 'esbuild', 'package.json');
// A bundle also depends on the runtime that runs it, the bundler and the recipe (this file and its banner) that made
// it.
const runtimeKey = () =>
  `${process.version} esbuild ${JSON.parse(readFileSync(esbuildPackage, 'utf8')).version} ` +
  `${sha256(readFileSync(import.meta.filename) + CREATE_REQUIRE_BANNER).slice(0, 16)}`;

/** `size:mtime` of a file, or undefined when it is gone. */
function statKey(path) {
  try {
    const { size, mtimeMs } = statSync(path);
    return `${size}:${Math.trunc(mtimeMs)}`;
  } catch {
    return undefined;
  }
}

/**
 * Size and time of every input and of what makes the runtime key (this file, esbuild), with Node's version.
 * Taken before the files are read or hashed: a file edited in between then differs from its record, and
 * the next start hashes it instead of trusting a stamp that describes newer contents than the bundle has.
 */
function statsOf(root, inputs) {
  const files = [...Object.keys(inputs).map((file) => join(root, file)), ...recipeFiles()];
  return { node: process.version, files: Object.fromEntries(files.map((file) => [file, statKey(file)])) };
}

const recipeFiles = () => [import.meta.filename, esbuildPackage];

/**
 * True when nothing the bundle was made from changed size or time since (then no hash is needed).
 * The times are of files under `root`: a cache copied with node_modules from another checkout
 * names that checkout's files, so it is hashed against this one's.
 */
function unchangedSince(stats, root) {
  if (!stats || stats.node !== process.version) return false;
  if (
    !Object.keys(stats.files).every(
      (file) => file.startsWith(root + sep) || file === esbuildPackage || file === import.meta.filename,
    )
  )
    return false;
  return Object.entries(stats.files).every(([file, key]) => key !== undefined && statKey(file) === key);
}

const stampOf = (name) => `${name}-stamp.json`;

/** The cached bundle's entry if every source it was made from is unchanged, else undefined. */
function freshEntry({ cacheDir, root, name, output }) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(cacheDir, stampOf(name)), 'utf8'));
  } catch {
    return undefined;
  }
  if (unchangedSince(stamp.stats, root)) return join(cacheDir, stamp.dir, output);
  const stats = statsOf(root, stamp.inputs);
  if (stamp.runtime !== runtimeKey()) return undefined;
  for (const [file, hash] of Object.entries(stamp.inputs)) {
    try {
      if (sha256(readFileSync(join(root, file))) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  // Same contents with new times (a checkout, a touch): record the times so the next start need not hash.
  try {
    const temp = join(cacheDir, `${stampOf(name)}.${process.pid}`);
    writeFileSync(temp, JSON.stringify({ ...stamp, stats }));
    renameSync(temp, join(cacheDir, stampOf(name)));
  } catch {
    // a read-only cache just means hashing next time too
  }
  return join(cacheDir, stamp.dir, output);
}

/**
 * `import.meta.url|dirname|filename` keep naming the source file: each module gets its own
 * constants (esbuild renames them apart when modules share a chunk) and `define` points at them.
 */
function sourceMetaPlugin(root, inputs, stats, readSource) {
  return {
    name: 'source-import-meta',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
        stats[args.path] = statKey(args.path);
        const text = readSource(args.path);
        inputs[relative(root, args.path)] = sha256(text);
        const header =
          `var __toolkitMetaDirname = ${JSON.stringify(dirname(args.path))}, __toolkitMetaFilename = ` +
          `${JSON.stringify(args.path)}, __toolkitMetaUrl = ${JSON.stringify(pathToFileURL(args.path).href)};\n`;
        return { contents: header + text.toString('utf8'), loader: args.path.endsWith('ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * CommonJS packages the CLI imports: required, not imported, because an ESM import of a CommonJS file makes Node sniff
 * its syntax and lex it for export names (ts-morph alone is 1 MB).
 */
const COMMONJS_PACKAGES = /^(ts-morph|esbuild|clipanion|typanion)$/;

/**
 * A module that requires a CommonJS package once and exports its members as constants. Imported
 * names then are plain bindings: a CommonJS module bundled as such is reached through a getter per
 * read (`import_ts_morph.ts.isIdentifier(…)` calls one for every node the compiler looks at).
 */
function reexportModule(root, name) {
  const exported = createRequire(join(root, 'package.json'))(name);
  const names = Object.keys(exported).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
  const members = names.length > 0 ? `export const { ${names.join(', ')} } = __toolkitCommonJs;\n` : '';
  return `const __toolkitCommonJs = require(${JSON.stringify(name)});\nexport default __toolkitCommonJs;\n${members}`;
}

function requireCommonJs(root) {
  return {
    name: 'require-commonjs',
    setup(build) {
      build.onResolve({ filter: COMMONJS_PACKAGES }, (args) =>
        args.namespace === 'require-commonjs'
          ? { path: args.path, external: true }
          : { path: args.path, namespace: 'require-commonjs' },
      );
      // `require` is the banner's createRequire; the package's members are read once, when the bundle loads.
      build.onLoad({ filter: /.*/, namespace: 'require-commonjs' }, (args) => ({
        contents: reexportModule(root, args.path),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/** Bundles `entry` into a new cache directory and points the stamp at it; returns the bundle's entry file. */
async function rebuild({ root, cacheDir, entry, name, output, readSource }) {
  const { build } = await import('esbuild');
  const inputs = {};
  const stats = Object.fromEntries(recipeFiles().map((file) => [file, statKey(file)]));
  mkdirSync(cacheDir, { recursive: true });
  const temp = join(cacheDir, `.${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  try {
    await build({
      entryPoints: [join(root, entry)],
      absWorkingDir: root,
      outdir: temp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      define: {
        'import.meta.dirname': '__toolkitMetaDirname',
        'import.meta.filename': '__toolkitMetaFilename',
        'import.meta.url': '__toolkitMetaUrl',
      },
      banner: { js: CREATE_REQUIRE_BANNER },
      plugins: [requireCommonJs(root), sourceMetaPlugin(root, inputs, stats, readSource)],
      logLevel: 'silent',
    });
    const sorted = Object.fromEntries(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1)));
    const dir = `${name}-${sha256(runtimeKey() + JSON.stringify(sorted)).slice(0, 16)}`;
    try {
      renameSync(temp, join(cacheDir, dir));
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another process made the same bundle first
    }
    const stampTemp = join(cacheDir, `${stampOf(name)}.${process.pid}`);
    const files = Object.fromEntries(
      Object.keys(stats)
        .sort()
        .map((file) => [file, stats[file]]),
    );
    writeFileSync(
      stampTemp,
      JSON.stringify({ runtime: runtimeKey(), dir, inputs: sorted, stats: { node: process.version, files } }),
    );
    renameSync(stampTemp, join(cacheDir, stampOf(name)));
    removeOldBundles(cacheDir, name, dir);
    return join(cacheDir, dir, output);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Other bundles of this name untouched for an hour (a running process may still load lazy chunks from a recent one).
 */
function removeOldBundles(cacheDir, bundleName, keep) {
  const hourAgo = Date.now() - 3600_000;
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith(`${bundleName}-`) || name === keep || name === stampOf(bundleName)) continue;
    try {
      if (statSync(join(cacheDir, name)).mtimeMs < hourAgo)
        rmSync(join(cacheDir, name), { recursive: true, force: true });
    } catch {
      // removed by another process
    }
  }
}

/**
 * One export of a cached bundle of `entry` (rebuilt when stale), or undefined when no bundle can be
 * made. `name` tells bundles of different entries apart; `readSource` reads a source for the bundler.
 */
export async function bundledExport({
  root = toolkitRoot,
  cacheDir = join(root, 'node_modules', '.cache', 'toolkit'),
  entry,
  name,
  exportName,
  readSource = readFileSync,
}) {
  const output = `${entry.split('/').pop().replace(/\.ts$/, '')}.js`;
  try {
    const file =
      freshEntry({ cacheDir, root, name, output }) ??
      (await rebuild({ root, cacheDir, entry, name, output, readSource }));
    return (await import(pathToFileURL(file).href))[exportName];
  } catch {
    return undefined;
  }
}

/**
 * The CLI's `main` from the cached bundle (rebuilt when stale), or undefined when no bundle can be
 * made. `root` holds `cli/main.ts` (tests point it at a scratch tree).
 */
export function bundledMain(root = toolkitRoot, cacheDir = join(root, 'node_modules', '.cache', 'toolkit')) {
  return bundledExport({ root, cacheDir, entry: 'cli/main.ts', name: 'cli', exportName: 'main' });
}
