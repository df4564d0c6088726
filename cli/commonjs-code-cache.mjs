// A V8 code cache for the front end's big CommonJS files (TypeScript inside ts-morph: 13 MB of
// JavaScript that V8 otherwise parses and compiles on every start, ~40% of loading the front end).
// Caches live in node_modules/.cache/toolkit/v8/, keyed by file, size, mtime and V8 version; V8 itself
// rejects a cache that does not fit, and a rejected or missing one is written again after the run. The
// cache of a file that was all ASCII is named so (`….ascii.bin`): the next start decodes that file as
// Latin-1 without looking at its 9 MB again.
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';

const cacheDir = join(resolve(import.meta.dirname, '..'), 'node_modules', '.cache', 'toolkit', 'v8');
const CACHED_FILES = new RegExp(
  '[\\\\/]node_modules[\\\\/](ts-morph[\\\\/]dist[\\\\/]ts-morph|@ts-morph[\\\\/]common[\\\\/]dist[\\\\/](ts-morph-' +
    'common|typescript))\\.js$',
);

/** Scripts compiled without a usable cache, to serialise once the run has compiled what it needs. */
const pending = [];

/** `<name>-<size>-<mtime>-<v8>[.ascii].bin` → its name part, e.g. `ts-morph` (undefined for other files). */
const cachedName = (file) => /^(.+?)-\d+-\d+-.+\.bin$/.exec(file)?.[1];

/**
 * Removes the other caches of the same file (an older version of the package, or of V8): they would
 * never be read again. `ts-morph-…` and `ts-morph-common-…` are different files.
 */
export function removeOtherCaches(file) {
  const dir = dirname(file);
  const keep = basename(file);
  const name = cachedName(keep);
  for (const entry of readdirSync(dir)) {
    if (entry === keep || cachedName(entry) !== name) continue;
    try {
      rmSync(join(dir, entry), { force: true });
    } catch {
      // removed by another process
    }
  }
}

/** The cache of `filename` as it is now, named for a source that is ASCII or not. */
function cacheFile(filename, ascii) {
  const { size, mtimeMs } = statSync(filename);
  const kind = ascii ? '.ascii' : '';
  return join(
    cacheDir,
    `${basename(filename, '.js')}-${size}-${Math.trunc(mtimeMs)}-${process.versions.v8}${kind}.bin`,
  );
}

const readIfThere = (file) => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

/**
 * A file's text as `require()` reads it, faster for an ASCII file (TypeScript is one): decoded as
 * Latin-1, which for ASCII is the same text, where decoding 9 MB as UTF-8 costs more than compiling it
 * from the code cache.
 */
export function readSource(filename) {
  return readSourceOf(filename).text;
}

function readSourceOf(filename) {
  const bytes = readFileSync(filename);
  const ascii = isAscii(bytes);
  return { text: ascii ? bytes.toString('latin1') : bytes.toString('utf8'), ascii };
}

/** What the next compile of a cached file uses: its code cache and whether the source was ASCII. */
let loaded;

/** Makes `require()` of the cached files compile from (and later record) the code cache. */
export function installCodeCache() {
  const loadJs = Module._extensions['.js'];
  Module._extensions['.js'] = function loadCachedFile(module, filename) {
    if (!CACHED_FILES.test(filename)) return loadJs.call(this, module, filename);
    // A cache made from this file when it was ASCII: the file is read as Latin-1 without looking.
    const asciiFile = cacheFile(filename, true);
    const asciiCache = readIfThere(asciiFile);
    if (asciiCache !== undefined) {
      loaded = { filename, cachedData: asciiCache, file: asciiFile };
      return module._compile(readFileSync(filename, 'latin1'), filename);
    }
    const { text, ascii } = readSourceOf(filename);
    const plainFile = cacheFile(filename, false);
    // A cache under the plain name still serves; it is written again under the ASCII name after the run.
    loaded = { filename, cachedData: readIfThere(plainFile), file: cacheFile(filename, ascii), rewrite: ascii };
    return module._compile(text, filename);
  };
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (!CACHED_FILES.test(filename)) return compile.call(this, content, filename, ...rest);
    const known = loaded?.filename === filename ? loaded : undefined;
    loaded = undefined;
    const file = known?.file ?? cacheFile(filename, false);
    const cachedData = known ? known.cachedData : readIfThere(file);
    const script = new Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected || known?.rewrite) pending.push({ script, file });
    const module = this;
    const require = (id) => module.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
    require.cache = Module._cache;
    require.main = process.mainModule;
    return script.runInThisContext().call(module.exports, module.exports, require, module, filename, dirname(filename));
  };
}

/** Writes the caches that were missing or rejected (after the work, so the functions it compiled are in them). */
export function saveCodeCache() {
  for (const { script, file } of pending.splice(0)) {
    try {
      mkdirSync(cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}`;
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, file);
      removeOtherCaches(file);
    } catch {
      // a cache is an optimisation: a read-only node_modules just means no cache
    }
  }
}
