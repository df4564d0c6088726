/**
 * A bundle's code, compiled with V8's code cache. A built bundle is a small ES module (the launcher,
 * `<name>.mjs`) and its code (`<name>.code.cjs`, one function body), which the launcher compiles
 * here with `vm.Script`. Node 20 compiles an ES module from nothing on every start (its own compile
 * cache, `module.enableCompileCache`, came with node 22), and compiling is a good part of a server's
 * start. The first start runs as before and, a moment later, saves what V8 has compiled by then
 * (`createCachedData`: the functions start-up and the first requests ran); later starts give it back
 * to V8, which checks its own version and flags and uses it instead of compiling.
 *
 * Trust: the cache is bytecode that V8 runs, so only a file this user wrote is used. The directory
 * (default `~/.cache/toolkit/code`, made mode 0700) and the file must belong to the user and be
 * writable by no one else. A file is named for one code file path and node version, and starts with
 * a key line that must match: node's version and the code file's identity (device, inode, size, and
 * modification and change times in nanoseconds), so a rebuilt or edited code file never runs on the
 * old one's cache (V8 itself compares only the length of the source; any write changes the change
 * time, which no one can set). Nothing is hashed: a start that needs no hash does not load
 * node:crypto. `TOOLKIT_CODE_CACHE=off` turns it off; `TOOLKIT_CODE_CACHE=<dir>` puts it elsewhere.
 * Failing to read or write the cache only loses the saving: the server starts either way.
 *
 * Node 22's own compile cache (`module.enableCompileCache`) keeps what V8 compiled before the code
 * first ran (for a bundle's code, one function of its thousands); this cache is saved after the first
 * requests, so it is used on every node line (`bench/bundle-start.bench.ts` compares them).
 */
import { closeSync, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BigIntStats } from 'node:fs';
import { Script } from 'node:vm';
import { startedAsScript } from './started-as-script.ts';
import { readTrustedFile, writeTrustedFile } from './trusted-cache.ts';

/** How long after start the cache is saved: by then the first requests have usually been answered. */
export const SAVE_AFTER_MS = 1000;

/** The parameters the code file's body is compiled with (CommonJS's, and the launcher's URL for `import.meta.url`). */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', '__toolkitBundleUrl'] as const;

/** The cache directory, or undefined when the cache is off (or ownership cannot be checked, as on Windows). */
export function codeCacheDir(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const setting = env.TOOLKIT_CODE_CACHE;
  if (setting === 'off' || setting === '0' || setting === 'false') return undefined;
  if (typeof process.getuid !== 'function') return undefined;
  if (setting) return resolve(setting);
  try {
    return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolkit', 'code');
  } catch {
    return undefined;
  }
}

/** The key a cache file must start with to be used for this code in this node: the code file's identity. */
const cacheKey = (stats: BigIntStats): string => {
  const identity = [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs].join(':');
  return `toolkit code cache 2 ${process.version} ${process.arch} file ${identity}`;
};

/** FNV-1a over UTF-16 code units from `seed`: a file name, not a check (the key line is the check). */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The cache file of a code file (one per path and node version). */
const cacheFileOf = (dir: string, codePath: string): string => {
  const name = `${realpathSync(codePath)}\0${process.version}\0${process.arch}`;
  return join(dir, `${fnv1a(name, 0x811c9dc5)}${fnv1a(name, 0x9747b28c)}${fnv1a(name, 0x2f6b1c3d)}.v8`);
};

/**
 * The cached data in `file` when its key is `key` and it is this user's own (trusted-cache.ts); otherwise undefined.
 */
function readCache(dir: string, file: string, key: string): Buffer | undefined {
  const bytes = readTrustedFile(dir, file);
  if (bytes === undefined) return undefined;
  const end = bytes.indexOf(10);
  return end > 0 && bytes.toString('latin1', 0, end) === key ? bytes.subarray(end + 1) : undefined;
}

/**
 * Writes the cache, keyed, through a temporary file renamed into place: a reader sees the old file or the whole new
 * one.
 */
function writeCache(dir: string, file: string, key: string, data: Buffer): void {
  writeTrustedFile(dir, file, Buffer.concat([Buffer.from(`${key}\n`, 'latin1'), data]));
}

/**
 * Compiles and runs the code file `codeFile` beside the launcher at `bundleUrl` (its `import.meta.url`)
 * and returns its exports. Throws when the code file cannot be read, naming it.
 */
export function loadBundleCode(bundleUrl: string, codeFile: string): Record<string, unknown> {
  const codePath = join(dirname(fileURLToPath(bundleUrl)), codeFile);
  let bytes: Buffer;
  let stats: BigIntStats;
  try {
    // The identity the cache is keyed by is the file read: both from one descriptor.
    const fd = openSync(codePath, 'r');
    try {
      stats = fstatSync(fd, { bigint: true });
      bytes = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new Error(
      `${codeFile} cannot be read beside the bundle ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): it is the bundle's code; copy it ` +
        `with the bundle, or rebuild with \`toolkit build\`.`,
    );
  }
  // esbuild writes the code as ASCII (`charset: 'ascii'`), so the one-byte decoding is exact.
  const source = bytes.toString('latin1');
  const dir = codeCacheDir();
  let key = '';
  let file: string | undefined;
  let cachedData: Buffer | undefined;
  if (dir !== undefined) {
    try {
      key = cacheKey(stats);
      file = cacheFileOf(dir, codePath);
      cachedData = readCache(dir, file, key);
    } catch {
      file = undefined;
    }
  }
  // On the code's first line, so that line and column numbers in stack traces are the file's own.
  const script = new Script(`(function (${PARAMETERS.join(', ')}) {${source}\n})`, { filename: codePath, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(bundleUrl),
    module,
    codePath,
    dirname(codePath),
    bundleUrl,
  );
  if (dir !== undefined && file !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    const cacheFile = file;
    setTimeout(() => {
      try {
        writeCache(dir, cacheFile, key, script.createCachedData());
      } catch (error) {
        // Said only when the directory was chosen (TOOLKIT_CODE_CACHE): the default one failing costs only the saving.
        if (process.env.TOOLKIT_CODE_CACHE)
          process.stderr.write(`toolkit: the code cache cannot be saved in ${dir}: ${(error as Error).message}\n`);
      }
    }, SAVE_AFTER_MS).unref();
  }
  return module.exports;
}

/**
 * What a bundle's launcher runs: its code's exports. A code file that cannot be read stops a started
 * server with one line naming it (exit code 1); an importer gets the error.
 */
export function launchBundle(bundleUrl: string, codeFile: string): Record<string, unknown> {
  try {
    return loadBundleCode(bundleUrl, codeFile);
  } catch (error) {
    if (!startedAsScript(bundleUrl)) throw error;
    process.stderr.write(`${fileURLToPath(bundleUrl)}: refusing to start: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return {};
  }
}
