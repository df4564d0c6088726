/**
 * Turns a package named in `requiredLibraries` into code that runs inside the handler sandbox
 * (QuickJS, no Node): esbuild bundles it as one IIFE for the browser platform, with the Node
 * built-ins on the default allowlist replaced by pure-JavaScript equivalents (see `shims/` and
 * `NODE_EQUIVALENTS`), `process` and `Buffer` globals replaced by harmless stand-ins, and every other
 * Node built-in refused: a library that needs files, sockets or processes cannot work without I/O,
 * and is rejected with an error naming what it needs.
 *
 * Results are cached on disk by a hash of everything they are made from (library name, the
 * resolved package's `package.json`, the shims, esbuild's version), so `toolkit server` bundles a
 * library once, on the first call of a tool that needs it.
 */
import { build, stop, version as esbuildVersion, type Plugin } from 'esbuild';
import { readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sha256 } from '../../../runtime/hash.ts';
import {
  GuestLibraryError,
  type GuestLibrary,
  type GuestLibrarySource,
} from '../../../runtime/isolation/guest-libraries.ts';
import { canTrustCaches, readTrustedFile, seal, unseal, writeTrustedFile } from '../../../runtime/trusted-cache.ts';

const toolkitRoot = resolve(import.meta.dirname, '..', '..', '..');
const toolkitRequire = createRequire(join(toolkitRoot, 'package.json'));
const shim = (name: string) => join(import.meta.dirname, 'shims', name);

/**
 * The Node built-ins handlers may declare, and what they get instead (documented in ARCHITECTURE.md):
 * `path` → path-browserify (POSIX), `buffer` → buffer, `url` → url (legacy parse/format/resolve),
 * `querystring` → querystring-es3, `util` → util (format, inspect, inherits, promisify, types…),
 * `crypto` → hashes, HMAC, PBKDF2, HKDF, scrypt over @noble/hashes, `zlib` → gzip/deflate over fflate.
 */
export const NODE_EQUIVALENTS: Readonly<Record<string, () => string>> = {
  crypto: () => shim('crypto.js'),
  zlib: () => shim('zlib.js'),
  buffer: () => toolkitRequire.resolve('buffer/'),
  path: () => toolkitRequire.resolve('path-browserify'),
  url: () => toolkitRequire.resolve('url/'),
  querystring: () => toolkitRequire.resolve('querystring-es3'),
  util: () => toolkitRequire.resolve('util/'),
};

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Version of this recipe: bump when the way libraries are bundled changes (it is part of the cache key). */
const RECIPE = 1;

const equivalentOf = (specifier: string): string | undefined => {
  const bare = specifier.replace(/^node:/, '').replace(/\/$/, '');
  return NODE_EQUIVALENTS[bare]?.();
};

/**
 * Node built-ins map to their equivalents; one that is also a browser package installed here
 * (`punycode`, `events`, …) is taken from there; any other makes the library unusable in handlers.
 */
function nodeBuiltins(library: string): Plugin {
  return {
    name: 'toolkit-guest-builtins',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (!BUILTINS.has(args.path)) return undefined;
        const target = equivalentOf(args.path);
        if (target) return { path: target };
        const bare = args.path.replace(/^node:/, '');
        try {
          return { path: toolkitRequire.resolve(`${bare}/`) };
        } catch {
          return {
            errors: [
              {
                text:
                  `library "${library}" needs Node's "${bare}" module, which handlers cannot use: they have no ` +
                  `file, network or process access`,
              },
            ],
          };
        }
      });
    },
  };
}

/** Bundles one library for the sandbox; `resolveDirs` are searched in order for the package. */
export async function bundleGuestLibrary(name: string, resolveDirs: readonly string[]): Promise<string> {
  const entry =
    `import * as library from ${JSON.stringify(name)};\nexport default (library.default !== undefined ? ` +
    `library.default : library);\n`;
  try {
    const result = await build({
      stdin: {
        contents: entry,
        resolveDir: resolveDirs[0] ?? toolkitRoot,
        loader: 'js',
        sourcefile: `toolkit-guest-${name}.js`,
      },
      nodePaths: [...resolveDirs.slice(1), toolkitRoot].map((dir) => join(dir, 'node_modules')),
      bundle: true,
      write: false,
      format: 'iife',
      globalName: '__toolkitGuestLibrary',
      platform: 'browser',
      target: 'es2020',
      mainFields: ['browser', 'module', 'main'],
      conditions: ['browser', 'import', 'default'],
      inject: [shim('process.js')],
      define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      plugins: [nodeBuiltins(name)],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    const failures = (error as { errors?: { text: string }[] }).errors ?? [];
    const first = failures.find((f) => /needs Node's/.test(f.text)) ?? failures[0];
    const text = first?.text ?? (error as Error).message;
    if (/Could not resolve/.test(text) && !/needs Node's/.test(text)) {
      throw new GuestLibraryError(
        name,
        `library "${name}" is not installed (${text.replace(/^Could not resolve /, 'cannot resolve ')}); install it ` +
          `with \`npm install ${name}\``,
      );
    }
    throw new GuestLibraryError(
      name,
      /needs Node's/.test(text) ? text : `library "${name}" cannot be bundled for the handler sandbox: ${text}`,
    );
  }
}

/**
 * A fingerprint of what a library's bundle is made from, or undefined when it cannot be told (then it is not cached).
 */
function fingerprint(name: string, resolveDirs: readonly string[]): string | undefined {
  const shims = ['crypto.js', 'zlib.js', 'process.js'].map((file) => readFileSync(shim(file), 'utf8')).join('\n');
  const base = { recipe: RECIPE, esbuild: esbuildVersion, name, shims: sha256(shims) };
  if (equivalentOf(name))
    return sha256(
      JSON.stringify({ ...base, toolkit: readFileSync(join(toolkitRoot, 'package-lock.json'), 'utf8').length }),
    );
  for (const dir of [...resolveDirs, toolkitRoot]) {
    const manifest = findPackageJson(name, dir);
    if (manifest) {
      const stat = statSync(manifest);
      return sha256(JSON.stringify({ ...base, manifest, text: readFileSync(manifest, 'utf8'), mtime: stat.mtimeMs }));
    }
  }
  return undefined;
}

function findPackageJson(name: string, from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; one level up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Where bundles are cached: `$XDG_CACHE_HOME/toolkit/guest-libraries` (default `~/.cache/…`), made
 * mode 0700; a file is `<fingerprint>.js`, mode 0600, sealed with the hash of its code.
 */
export function defaultGuestCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolkit', 'guest-libraries');
}

export interface BundlingSourceOptions {
  /** Directories whose `node_modules` hold the project's libraries, searched in order (then the toolkit's own). */
  readonly resolveDirs: readonly string[];
  /** On-disk cache; `false` turns it off. Default: `defaultGuestCacheDir()`. */
  readonly cacheDir?: string | false;
}

/**
 * The library source of `toolkit server` and of tests: bundles each library on first use, cached in memory and on disk.
 */
export function bundlingGuestLibraries(options: BundlingSourceOptions): GuestLibrarySource {
  const loaded = new Map<string, Promise<GuestLibrary>>();
  const cacheDir = options.cacheDir === undefined ? defaultGuestCacheDir() : options.cacheDir;
  const make = async (name: string): Promise<GuestLibrary> => {
    const key = cacheDir && canTrustCaches() ? fingerprint(name, options.resolveDirs) : undefined;
    const file = cacheDir && key ? join(cacheDir, `${key.replace(/^sha256:/, '')}.js`) : undefined;
    // Code from the cache runs in the sandbox: used only when this user wrote it (owner, mode) and it
    // still hashes to what its first line says, for this library and recipe (trusted-cache.ts).
    const label = `// toolkit guest library ${name} ${key}`;
    if (cacheDir && file) {
      const bytes = readTrustedFile(cacheDir, file);
      const code = bytes === undefined ? undefined : unseal(bytes, label)?.toString('utf8');
      if (code !== undefined) return { name, key: sha256(code), code };
    }
    const code = await bundleGuestLibrary(name, options.resolveDirs);
    if (cacheDir && file) {
      try {
        writeTrustedFile(cacheDir, file, seal(label, Buffer.from(code, 'utf8')));
      } catch {
        // an unwritable cache only costs a bundling next time
      }
    }
    return { name, key: sha256(code), code };
  };
  return {
    load(name) {
      let found = loaded.get(name);
      if (!found) {
        found = make(name);
        loaded.set(name, found);
        // A failure is not kept: installing the package fixes the next call without a restart.
        found.catch(() => loaded.delete(name));
      }
      return found;
    },
  };
}

/** Stops esbuild's service process (it starts again on the next build). */
export function stopBundler(): Promise<void> {
  return Promise.resolve(stop());
}
