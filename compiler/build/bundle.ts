/**
 * Bundling with esbuild (JS API, platform node). Generated modules and entries are served from
 * memory under `toolkit-generated:` and every path is relative to the toolkit root, so the output
 * does not depend on where the build writes or on the clock: same inputs, same bytes.
 *
 * The build's bundles are two files each: the code (`<name>.code.cjs`, CommonJS, `import.meta.url`
 * standing for the launcher's) and the launcher (`<name>.mjs`, an ES module that compiles the code
 * with V8's code cache, `runtime/code-cache.ts`). `bundle()` (benches, budget tests) makes one ES module.
 *
 * A `Bundler` keeps one esbuild context for all bundles of a build; kept across builds
 * (`toolkit build --watch`), each rebuild re-parses only the modules whose text changed.
 */
import { build, context, type BuildOptions, type Message, type Metafile, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { codeFileOf } from '../emit/bundle-entry.ts';
import { builtinsThroughRequire } from './builtins-through-require.ts';
import { CREATE_REQUIRE_BANNER } from './create-require-banner.mjs';
import { TOOLKIT_VERSION } from '../../runtime/toolkit-version.ts';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');
/**
 * A toolkit source as the bundler reads it: the TypeScript in the repository, the compiled JavaScript in the installed
 * package.
 */
const sourceOrCompiled = (path: string): string => (existsSync(path) ? path : path.replace(/\.ts$/, '.js'));
const shimsStandIn = sourceOrCompiled(resolve(toolkitRoot, 'templates', 'sdk-shims.ts'));
const NAMESPACE = 'toolkit-generated';

/** Packages never bundled: native code, and what the entry imports at run time on purpose. */
const ALWAYS_EXTERNAL = ['better-sqlite3'];

export interface BundleResult {
  readonly code: string;
  readonly metafile: Metafile;
}

/** A bundle as the build writes it: its code and the launcher that runs it. */
export interface BuiltBundle extends BundleResult {
  readonly launcher: string;
}

/** What the launcher and the code agree `import.meta.url` is called in the code. */
const BUNDLE_URL = '__toolkitBundleUrl';

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
      build.onResolve({ filter: /^toolkit-generated:/ }, (args) => ({
        path: args.path.slice(`${NAMESPACE}:`.length),
        namespace: NAMESPACE,
      }));
      // The runtime and templates the entries import (`./runtime/index.ts`) ship compiled in the package.
      build.onResolve({ filter: /^\.\.?\/.*\.ts$/ }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        return existsSync(path) ? undefined : { path: sourceOrCompiled(path) };
      });
      // Libraries named in `requiredLibraries` stay run-time imports (decided per build, hence here).
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        isExternal(args.path, sources.external) ? { path: args.path, external: true } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = args.path.startsWith('entries/')
          ? sources.entries.get(args.path.slice('entries/'.length))
          : sources.modules.get(args.path);
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

type Format = 'esm' | 'code';

/** The version a bundle announces, baked in (`runtime/toolkit-version.ts`): the same for every build of one toolkit. */
const BUILT_VERSION = { TOOLKIT_BUILT_VERSION: JSON.stringify(TOOLKIT_VERSION) };

function options(names: readonly string[], sources: Sources, minify: boolean, format: Format): BuildOptions {
  return {
    entryPoints: names.map((name) => ({ in: `${NAMESPACE}:entries/${name}`, out: name })),
    absWorkingDir: toolkitRoot,
    bundle: true,
    platform: 'node',
    target: 'node20',
    write: false,
    metafile: true,
    outdir: 'out',
    external: ALWAYS_EXTERNAL,
    ...(format === 'esm'
      ? { format: 'esm', outExtension: { '.js': '.mjs' }, banner: { js: CREATE_REQUIRE_BANNER }, define: BUILT_VERSION }
      : // The code is a function body the launcher calls with `require` and its own URL.
        {
          format: 'cjs',
          outExtension: { '.js': '.code.cjs' },
          define: { 'import.meta.url': BUNDLE_URL, ...BUILT_VERSION },
        }),
    legalComments: 'none',
    // ASCII source (other characters escaped): node decodes and V8 scans one-byte text much faster.
    charset: 'ascii',
    minifyWhitespace: minify,
    minifySyntax: minify,
    logLevel: 'silent',
    plugins: [generatedSources(sources), builtinsThroughRequire()],
  };
}

/** Splits esbuild's outputs by bundle name (`suffix`: the output file's extension). */
function byName(
  names: readonly string[],
  outputFiles: { path: string; text: string }[],
  metafile: Metafile,
  suffix: string,
): Map<string, BundleResult> {
  const results = new Map<string, BundleResult>();
  for (const name of names) {
    const file = outputFiles.find((f) => f.path.endsWith(`/out/${name}${suffix}`));
    if (!file) throw new Error(`esbuild produced no bundle for ${name}`);
    results.set(name, { code: file.text, metafile });
  }
  return results;
}

/**
 * The `//` lines an entry starts with: esbuild drops comments, so a launcher's header (what the file is, what travels
 * with it) goes in as a banner.
 */
function leadingComment(entry: string): string {
  const lines: string[] = [];
  for (const line of entry.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line);
  }
  return lines.join('\n');
}

/**
 * The code must not need what only an ES module has: a dynamic `import()` (a script compiled by the
 * launcher has no loader for it) or an `import.meta` field other than `url` (esbuild empties those).
 */
function checkCode(name: string, metafile: Metafile, warnings: readonly Message[]): void {
  const output = metafile.outputs[`out/${codeFileOf(name)}`];
  const dynamic = output?.imports.find((entry) => entry.kind === 'dynamic-import');
  if (dynamic)
    throw new Error(
      `the code of bundle ${name} imports ${dynamic.path} dynamically, which its launcher cannot run; load it ` +
        `with require`,
    );
  const meta = warnings.find((warning) => warning.id === 'empty-import-meta');
  if (meta)
    throw new Error(
      `the code of bundle ${name} reads import.meta beyond its url (${meta.location?.file ?? 'unknown file'}:` +
        `${meta.location?.line ?? 0}), which its launcher cannot give`,
    );
}

export interface Bundler {
  /**
   * Bundles every entry with these texts and modules, and each entry's launcher; throws esbuild's
   * BuildFailure (with `errors[]`).
   */
  build(
    entries: ReadonlyMap<string, string>,
    modules: ReadonlyMap<string, string>,
    external: readonly string[],
    launchers: ReadonlyMap<string, string>,
  ): Promise<Map<string, BuiltBundle>>;
  dispose(): Promise<void>;
}

/** A bundler for the bundles `names` of one build (one esbuild context for the code, rebuilt incrementally). */
export async function createBundler(names: readonly string[], minify = true): Promise<Bundler> {
  const sources: Sources = { entries: new Map(), modules: new Map(), external: new Set() };
  const ctx = await context(options(names, sources, minify, 'code'));
  /** Launchers by their entry text: the same text always bundles to the same launcher. */
  const launcherCache = new Map<string, string>();
  const launcherOf = async (name: string, entry: string): Promise<string> => {
    const cached = launcherCache.get(entry);
    if (cached !== undefined) return cached;
    const launcherSources: Sources = { entries: new Map([[name, entry]]), modules: new Map(), external: new Set() };
    const result = await build({
      ...options([name], launcherSources, minify, 'esm'),
      banner: { js: `${leadingComment(entry)}\n${CREATE_REQUIRE_BANNER}` },
    });
    const text = byName([name], result.outputFiles ?? [], result.metafile!, '.mjs').get(name)!.code;
    launcherCache.set(entry, text);
    return text;
  };
  return {
    async build(entries, modules, external, launchers) {
      Object.assign(sources, { entries, modules, external: new Set(external) });
      const [result, launcherTexts] = await Promise.all([
        ctx.rebuild(),
        Promise.all(names.map(async (name) => [name, await launcherOf(name, launchers.get(name) ?? '')] as const)),
      ]);
      const codes = byName(names, result.outputFiles ?? [], result.metafile!, '.code.cjs');
      const launcherByName = new Map(launcherTexts);
      return new Map(
        names.map((name) => {
          const { code, metafile } = codes.get(name)!;
          checkCode(name, metafile, result.warnings);
          return [name, { code, metafile, launcher: launcherByName.get(name)! }];
        }),
      );
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
  const sources: Sources = {
    entries: new Map([['bundle', request.entry]]),
    modules: request.modules,
    external: new Set(request.external ?? []),
  };
  const result = await build(options(['bundle'], sources, request.minify ?? false, 'esm'));
  return byName(['bundle'], result.outputFiles ?? [], result.metafile!, '.mjs').get('bundle')!;
}
