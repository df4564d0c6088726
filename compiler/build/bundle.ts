/**
 * Bundling with esbuild (JS API, platform node, ESM). Generated modules and entries are served from
 * memory under `toolkit-generated:` and every path is relative to the toolkit root, so the output
 * does not depend on where the build writes or on the clock: same inputs, same bytes.
 *
 * A `Bundler` keeps one esbuild context for all bundles of a build; kept across builds
 * (`toolkit build --watch`), each rebuild re-parses only the modules whose text changed.
 */
import { build, context, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { builtinsThroughRequire } from './builtins-through-require.ts';
import { CREATE_REQUIRE_BANNER } from './create-require-banner.mjs';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');
/** A toolkit source as the bundler reads it: the TypeScript in the repository, the compiled JavaScript in the installed package. */
const sourceOrCompiled = (path: string): string => (existsSync(path) ? path : path.replace(/\.ts$/, '.js'));
const shimsStandIn = sourceOrCompiled(resolve(toolkitRoot, 'templates', 'sdk-shims.ts'));
const NAMESPACE = 'toolkit-generated';

/** Packages never bundled: native code, and what the entry imports at run time on purpose. */
const ALWAYS_EXTERNAL = ['better-sqlite3'];

export interface BundleResult {
  readonly code: string;
  readonly metafile: Metafile;
}

/** What the plugin serves; mutable so that one context can be rebuilt with new contents. */
interface Sources {
  entries: ReadonlyMap<string, string>;
  modules: ReadonlyMap<string, string>;
  external: ReadonlySet<string>;
}

function generatedSources(sources: Sources): Plugin {
  return {
    name: 'toolkit-generated',
    setup(build) {
      // The SDK's Server takes Ajv from its shims only for elicitation; a stand-in keeps Ajv out (see the file).
      build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: shimsStandIn }));
      build.onResolve({ filter: /^toolkit-generated:/ }, (args) => ({ path: args.path.slice(`${NAMESPACE}:`.length), namespace: NAMESPACE }));
      // The runtime and templates the entries import (`./runtime/index.ts`) ship compiled in the package.
      build.onResolve({ filter: /^\.\.?\/.*\.ts$/ }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        return existsSync(path) ? undefined : { path: sourceOrCompiled(path) };
      });
      // Libraries named in `requiredLibraries` stay run-time imports (decided per build, hence here).
      build.onResolve({ filter: /^[^./]/ }, (args) => (isExternal(args.path, sources.external) ? { path: args.path, external: true } : undefined));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = args.path.startsWith('entries/') ? sources.entries.get(args.path.slice('entries/'.length)) : sources.modules.get(args.path);
        if (contents === undefined) return { errors: [{ text: `generated module ${args.path} is missing` }] };
        // Imports inside generated code (zod, ./runtime/…) resolve from the toolkit root.
        return { contents, loader: 'ts', resolveDir: toolkitRoot };
      });
    },
  };
}

/** True for a package in `external` or one of its subpaths (`pkg/sub.js`). */
const isExternal = (path: string, external: ReadonlySet<string>): boolean =>
  [...external].some((name) => path === name || path.startsWith(`${name}/`));

function options(names: readonly string[], sources: Sources, minify: boolean): BuildOptions {
  return {
    entryPoints: names.map((name) => ({ in: `${NAMESPACE}:entries/${name}`, out: name })),
    absWorkingDir: toolkitRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    external: ALWAYS_EXTERNAL,
    banner: { js: CREATE_REQUIRE_BANNER },
    legalComments: 'none',
    // ASCII source (other characters escaped): node decodes and V8 scans one-byte text much faster.
    charset: 'ascii',
    minifyWhitespace: minify,
    minifySyntax: minify,
    logLevel: 'silent',
    plugins: [generatedSources(sources), builtinsThroughRequire()],
  };
}

/** Splits esbuild's outputs by bundle name. */
function byName(names: readonly string[], outputFiles: { path: string; text: string }[], metafile: Metafile): Map<string, BundleResult> {
  const results = new Map<string, BundleResult>();
  for (const name of names) {
    const file = outputFiles.find((f) => f.path.endsWith(`/out/${name}.mjs`));
    if (!file) throw new Error(`esbuild produced no bundle for ${name}`);
    results.set(name, { code: file.text, metafile });
  }
  return results;
}

export interface Bundler {
  /** Bundles every entry with these texts and modules; throws esbuild's BuildFailure (with `errors[]`). */
  build(entries: ReadonlyMap<string, string>, modules: ReadonlyMap<string, string>, external: readonly string[]): Promise<Map<string, BundleResult>>;
  dispose(): Promise<void>;
}

/** A bundler for the bundles `names` of one build (one esbuild context, rebuilt incrementally). */
export async function createBundler(names: readonly string[], minify = true): Promise<Bundler> {
  const sources: Sources = { entries: new Map(), modules: new Map(), external: new Set() };
  const ctx = await context(options(names, sources, minify));
  return {
    async build(entries, modules, external) {
      Object.assign(sources, { entries, modules, external: new Set(external) });
      const result = await ctx.rebuild();
      return byName(names, result.outputFiles ?? [], result.metafile!);
    },
    dispose: () => ctx.dispose(),
  };
}

export interface BundleRequest {
  /** Entry module text (TypeScript). */
  readonly entry: string;
  /** Generated modules by path relative to the output directory. */
  readonly modules: ReadonlyMap<string, string>;
  /** Extra packages left as run-time imports (the schemas' `requiredLibraries`). */
  readonly external?: readonly string[];
  /** Minify whitespace and syntax; identifiers stay as written so stack traces remain readable. */
  readonly minify?: boolean;
}

/** One bundle in one esbuild run (benches and budget tests); its metafile's output is `out/bundle.mjs`. */
export async function bundle(request: BundleRequest): Promise<BundleResult> {
  const sources: Sources = { entries: new Map([['bundle', request.entry]]), modules: request.modules, external: new Set(request.external ?? []) };
  const result = await build(options(['bundle'], sources, request.minify ?? false));
  return byName(['bundle'], result.outputFiles ?? [], result.metafile!).get('bundle')!;
}
