/**
 * Bundles one entry with esbuild (JS API, platform node, ESM). Generated modules are served from
 * memory under `toolkit-generated:` and every path is relative to the toolkit root, so the output
 * does not depend on where the build writes or on the clock: same inputs, same bytes.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { resolve } from 'node:path';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');
const validatorStandIn = resolve(toolkitRoot, 'templates', 'sdk-json-schema-validator.ts');
const NAMESPACE = 'toolkit-generated';

/** Packages never bundled: native code, and what the entry imports at run time on purpose. */
export const ALWAYS_EXTERNAL = ['better-sqlite3'];

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

export interface BundleResult {
  readonly code: string;
  readonly metafile: Metafile;
}

function generatedModules(request: BundleRequest): Plugin {
  return {
    name: 'toolkit-generated',
    setup(build) {
      // The SDK's Server imports ajv only for elicitation; a stand-in keeps ajv out (see the file).
      build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
        args.importer.includes('@modelcontextprotocol/sdk') ? { path: validatorStandIn } : undefined,
      );
      build.onResolve({ filter: /^toolkit-generated:/ }, (args) => ({ path: args.path.slice(`${NAMESPACE}:`.length), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = args.path === '<entry>' ? request.entry : request.modules.get(args.path);
        if (contents === undefined) return { errors: [{ text: `generated module ${args.path} is missing` }] };
        // Imports inside generated code (zod, ./runtime/…) resolve from the toolkit root.
        return { contents, loader: 'ts', resolveDir: toolkitRoot };
      });
    },
  };
}

// CommonJS dependencies bundled into ESM still call `require` for Node built-ins.
const BANNER = "import { createRequire as __toolkitCreateRequire } from 'node:module';\nconst require = __toolkitCreateRequire(import.meta.url);";

/** Runs esbuild in memory; throws esbuild's BuildFailure (with `errors[]`) when the bundle cannot be built. */
export async function bundle(request: BundleRequest): Promise<BundleResult> {
  const result = await build({
    entryPoints: [`${NAMESPACE}:<entry>`],
    absWorkingDir: toolkitRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    outfile: 'bundle.mjs',
    external: [...ALWAYS_EXTERNAL, ...(request.external ?? [])],
    banner: { js: BANNER },
    legalComments: 'none',
    charset: 'utf8',
    minifyWhitespace: request.minify ?? false,
    minifySyntax: request.minify ?? false,
    logLevel: 'silent',
    plugins: [generatedModules(request)],
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
  if (!output) throw new Error('esbuild produced no bundle');
  return { code: output.text, metafile: result.metafile };
}
