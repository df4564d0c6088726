/**
 * What a bundle needs at run time besides Node, written beside it in `engine/` so that the output
 * directory copied anywhere serves every tool: the handler sandbox's engine (quickjs-emscripten-core
 * and its WebAssembly variant, each bundled by esbuild into one CommonJS file, and the WebAssembly
 * itself), the guest scripts of the web standards handlers may name, and better-sqlite3 (its
 * JavaScript as one file that loads the native binding from beside it, and that binding, built for
 * this machine's Node). Each bundle records the files it uses with their SHA-256
 * (`runtime/carried/carried-files.ts`); the same packages give the same bytes, so builds stay
 * deterministic. Only what some bundle of the build needs is written.
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { CarriedFile, CarriedIndex, NodeTarget } from '../../runtime/carried/carried-files.ts';
import { sha256 } from '../../runtime/hash.ts';
import { packagedStandardScripts } from '../../runtime/isolation/guest-standard-library.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import type { BundlePart } from '../emit/bundle-entry.ts';
import { narrowModel } from '../../templates/narrow-model.ts';

/** Directory of the carried files, relative to the output directory. */
export const ENGINE_DIR = 'engine';

const toolkitRoot = resolve(import.meta.dirname, '..', '..');
const VARIANT = '@jitl/quickjs-wasmfile-release-sync';
/** The name the variant's loader looks for beside itself (`__dirname`) when it compiles the WebAssembly on its own. */
const WASM_FILE = 'emscripten-module.wasm';
const BINDING_FILE = 'better_sqlite3.node';
const CHECKER_FILE = 'program-checker.cjs';

export interface EngineNeeds {
  readonly quickjs: boolean;
  readonly sqlite: boolean;
  /** The program checker of code mode (`toolkit build --carry-code-mode`; the sandbox comes with it). */
  readonly checker?: boolean;
}

/**
 * Whether a bundle of these parts runs hooks (the sandbox) or serves SQLite resources; and, when code
 * mode is to run from the copied bundle (asked for, and it has tools a program could call), the
 * program checker and the sandbox programs run in.
 */
export function engineNeeds(parts: readonly BundlePart[], carryCodeMode = false): EngineNeeds {
  const served = parts.map(({ model, tools }): SchemaModel => narrowModel(model, tools));
  const codeMode = carryCodeMode && served.some((model) => model.tools.length > 0);
  return {
    quickjs: codeMode || served.some((model) => model.handlersSource !== undefined && model.tools.length > 0),
    sqlite: served.some((model) =>
      model.resources.some(
        (resource) => (resource as { source?: string }).source === undefined || resource.source === 'sqlite',
      ),
    ),
    checker: codeMode,
  };
}

export interface PreparedEngine {
  /** Files to write, by path relative to the output directory. */
  readonly files: ReadonlyMap<string, Buffer>;
  /** What a bundle with these needs records (only the parts it uses). */
  indexFor(needs: EngineNeeds): CarriedIndex;
  /** Things worth saying: a SQLite binding that cannot be carried, and why. */
  readonly notes: readonly string[];
}

const carried = (files: Map<string, Buffer>, name: string, bytes: Buffer): CarriedFile => {
  const file = `${ENGINE_DIR}/${name}`;
  files.set(file, bytes);
  return { file, sha256: sha256(bytes) };
};

/** One package entry bundled into one CommonJS file (deterministic: no paths or times in it). */
async function bundleCommonJs(entry: string, plugins: Plugin[] = []): Promise<Buffer> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: toolkitRoot,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    legalComments: 'inline',
    charset: 'ascii',
    logLevel: 'silent',
    plugins,
  });
  return Buffer.from(result.outputFiles[0]!.contents);
}

/**
 * The variant's dynamic import of its own Emscripten module, pointed at the CommonJS build (it finds its WebAssembly
 * through `__dirname`).
 */
const emscriptenModule = (variantDir: string): Plugin => ({
  name: 'quickjs-emscripten-module',
  setup(build) {
    build.onResolve({ filter: /^@jitl\/quickjs-wasmfile-release-sync\/emscripten-module$/ }, () => ({
      path: join(variantDir, 'emscripten-module.cjs'),
    }));
  },
});

/** better-sqlite3's `bindings` lookup replaced by a require of the binding beside the carried file. */
const bindingBeside: Plugin = {
  name: 'better-sqlite3-binding-beside',
  setup(build) {
    build.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'binding-beside' }));
    build.onLoad({ filter: /.*/, namespace: 'binding-beside' }, () => ({
      contents: 'module.exports = (name) => require(require("node:path").join(__dirname, name));',
      loader: 'js',
    }));
  },
};

async function quickjsFiles(files: Map<string, Buffer>): Promise<Pick<CarriedIndex, 'quickjs' | 'standards'>> {
  const require = createRequire(join(toolkitRoot, 'package.json'));
  const variantEntry = require.resolve(VARIANT);
  const [core, variant] = await Promise.all([
    bundleCommonJs(require.resolve('quickjs-emscripten-core')),
    bundleCommonJs(variantEntry, [emscriptenModule(dirname(variantEntry))]),
  ]);
  const quickjs = {
    core: carried(files, 'quickjs-core.cjs', core),
    variant: carried(files, 'quickjs-variant.cjs', variant),
    wasm: carried(files, WASM_FILE, readFileSync(join(dirname(variantEntry), WASM_FILE))),
  };
  const standards: Record<string, CarriedFile> = {};
  for (const [name, script] of packagedStandardScripts())
    standards[name] = carried(
      files,
      `guest-${name.replace(/^@/, '').replace(/[^A-Za-z0-9._-]+/g, '-')}.js`,
      Buffer.from(script),
    );
  return { quickjs, standards };
}

/** better-sqlite3 and its binding, when the binding loads in this Node (which is then what it is built for). */
async function sqliteFiles(files: Map<string, Buffer>, notes: string[]): Promise<CarriedIndex['sqlite']> {
  const require = createRequire(join(toolkitRoot, 'package.json'));
  let entry: string;
  let binding: string;
  try {
    entry = require.resolve('better-sqlite3');
    binding = join(dirname(entry), '..', 'build', 'Release', BINDING_FILE);
    require(binding);
  } catch (error) {
    const reason = String((error as Error).message).split('\n')[0];
    notes.push(
      `the SQLite engine (better-sqlite3) cannot be carried beside the bundles: it does not load in this Node ` +
        `(${reason}); their resources answer with an error until \`npm rebuild better-sqlite3\` and a new build`,
    );
    return undefined;
  }
  const builtFor: NodeTarget = {
    abi: process.versions.modules,
    platform: process.platform,
    arch: process.arch,
    node: process.versions.node,
  };
  return {
    module: carried(files, 'better-sqlite3.cjs', await bundleCommonJs(entry, [bindingBeside])),
    binding: carried(files, BINDING_FILE, readFileSync(binding)),
    builtFor,
  };
}

/** The compiler code mode type-checks programs with (`runtime/code-mode/program-check.ts`), as one CommonJS file. */
async function checkerFiles(files: Map<string, Buffer>): Promise<CarriedFile> {
  const require = createRequire(join(toolkitRoot, 'package.json'));
  return carried(files, CHECKER_FILE, await bundleCommonJs(require.resolve('@ts-morph/common')));
}

interface Part<T> {
  readonly files: ReadonlyMap<string, Buffer>;
  readonly notes: readonly string[];
  readonly index: T;
}

/** Made once per process: the packages do not change under a running build (`--watch`). */
let quickjsPart: Promise<Part<Pick<CarriedIndex, 'quickjs' | 'standards'>>> | undefined;
let sqlitePart: Promise<Part<CarriedIndex['sqlite']>> | undefined;
let checkerPart: Promise<Part<CarriedFile>> | undefined;

const partOf = async <T>(make: (files: Map<string, Buffer>, notes: string[]) => Promise<T>): Promise<Part<T>> => {
  const files = new Map<string, Buffer>();
  const notes: string[] = [];
  return { index: await make(files, notes), files, notes };
};

/** Prepares the files the bundles with these needs use (none when none needs an engine). */
export async function prepareEngine(needs: readonly EngineNeeds[]): Promise<PreparedEngine> {
  const [quickjsMade, sqliteMade, checkerMade] = await Promise.all([
    needs.some((n) => n.quickjs) ? (quickjsPart ??= partOf((files) => quickjsFiles(files))) : undefined,
    needs.some((n) => n.sqlite) ? (sqlitePart ??= partOf(sqliteFiles)) : undefined,
    needs.some((n) => n.checker) ? (checkerPart ??= partOf((files) => checkerFiles(files))) : undefined,
  ]);
  const quickjs = quickjsMade?.index;
  const sqlite = sqliteMade?.index;
  const checker = checkerMade?.index;
  const notes = [...(quickjsMade?.notes ?? []), ...(sqliteMade?.notes ?? [])];
  const files = [...(quickjsMade?.files ?? []), ...(sqliteMade?.files ?? []), ...(checkerMade?.files ?? [])];
  const sorted = new Map(files.sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    files: sorted,
    notes,
    indexFor: (need) => ({
      ...(need.quickjs && quickjs ? quickjs : {}),
      ...(need.sqlite && sqlite ? { sqlite } : {}),
      ...(need.checker && checker ? { checker } : {}),
    }),
  };
}

/** The bytes of the carried files a bundle with these needs uses. */
export function carriedBytes(engine: PreparedEngine, index: CarriedIndex): number {
  const entries = [
    ...Object.values(index.quickjs ?? {}),
    ...Object.values(index.standards ?? {}),
    ...(index.sqlite ? [index.sqlite.module, index.sqlite.binding] : []),
    ...(index.checker ? [index.checker] : []),
  ];
  return entries.reduce((n, entry) => n + (engine.files.get(entry.file)?.length ?? 0), 0);
}
