/**
 * `toolkit build`: schemas → analysed models (cached by source key) → one generated module per
 * schema → esbuild bundles (the catalog and each group) with `.d.mts` types → `manifest.json`,
 * all written into a temp directory that replaces the output directory only when complete.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { hashValue } from '../../runtime/hash.ts';
import { readProjectConfig, type GroupConfig } from '../../runtime/project-config.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { emitBundleDeclarations, emitBundleEntry, librariesOf, type BundleLibraries, type BundlePart } from '../emit/bundle-entry.ts';
import { bundlingGuestLibraries } from './guest-libraries/bundle-guest-library.ts';
import { analyseSchemas, type AnalysedSchema } from './analyse-schemas.ts';
import { createBundler, type Bundler } from './bundle.ts';
import { BuildError } from './build-error.ts';
import { leaveOutClashes } from './catalog-clashes.ts';
import { discoverSchemas, type Discovery } from './discover-schemas.ts';
import { selectGroup, type Selected } from './group-selection.ts';
import { readManifest, type Manifest, type ManifestBundle } from './manifest.ts';
import type { SchemaLoader } from './schema-loader.ts';
import { compilerFingerprint, keyInputs, runtimeFingerprint } from './source-key.ts';
import { bundleRecord, schemaRecord, sortFailures, writeOutput, type BundleOutput } from './write-output.ts';

const TOOLKIT_VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/** Name of the bundle with every schema. */
const CATALOG = 'catalog';

export interface BuildOptions {
  readonly schemasDir: string;
  readonly outDir: string;
  /** Directory holding `.toolkit/config.json` (groups, allowed libraries). */
  readonly projectDir: string;
  /** Build only this group's bundle (instead of the catalog and every group). */
  readonly group?: string;
  /** Ignore the cache and overwrite hand-edited generated modules. */
  readonly force?: boolean;
  /** Loader of one schema; default: the front end's `loadSchema`. */
  readonly loader?: SchemaLoader;
  /** Called once per stage with a short line (the CLI shows them on a TTY). */
  readonly progress?: (line: string) => void;
  /** Called at finer steps inside stages (`toolkit build --timings` shows them with timestamps). */
  readonly detail?: (line: string) => void;
  /** Keeps esbuild's context between builds (`toolkit build --watch`); the caller closes it. */
  readonly session?: BuildSession;
}

/**
 * What successive builds in one process share: one esbuild context per set of bundle names, so a
 * rebuild re-parses only the modules that changed (`toolkit build --watch`).
 */
export class BuildSession {
  #bundler: Bundler | undefined;
  #names = '';
  #remembered: Map<string, AnalysedSchema> | undefined;

  /** The schemas the last completed build of this session wrote, by key (undefined before the first). */
  get remembered(): ReadonlyMap<string, AnalysedSchema> | undefined {
    return this.#remembered;
  }

  /** Records what a build wrote, for the next build to take unchanged schemas from. */
  remember(built: readonly AnalysedSchema[]): void {
    this.#remembered = new Map(built.map((b) => [b.key, b]));
  }

  /** The bundler for these bundle names, created only when they change. */
  async bundlerFor(names: readonly string[]): Promise<Bundler> {
    const key = names.join('\n');
    if (this.#bundler && this.#names === key) return this.#bundler;
    await this.close();
    this.#bundler = await createBundler(names);
    this.#names = key;
    return this.#bundler;
  }

  async close(): Promise<void> {
    const bundler = this.#bundler;
    this.#bundler = undefined;
    await bundler?.dispose();
  }
}

export interface BuildReport {
  /** True when every schema built and nothing else went wrong. */
  readonly ok: boolean;
  readonly schemas: number;
  readonly tools: number;
  readonly rebuilt: number;
  readonly cached: number;
  /** Diagnostics of the schemas that failed, in file order (as `toolkit validate` reports them). */
  readonly diagnostics: readonly Diagnostic[];
  /** Count of warnings of the schemas analysed in this build that passed. */
  readonly warnings: number;
  /** Sources that failed and were left out. */
  readonly failed: readonly string[];
  /** Build-level problems (duplicate tools, group entries that match nothing), one line each. */
  readonly problems: readonly string[];
  readonly bundles: readonly ManifestBundle[];
}

/** Runs a whole build. Throws `BuildError` for what stops it before anything is written. */
export async function buildCatalog(options: BuildOptions): Promise<BuildReport> {
  const progress = options.progress ?? (() => {});
  const schemasDir = resolve(options.schemasDir);
  const outDir = resolve(options.outDir);
  if (!existsSync(schemasDir) || !statSync(schemasDir).isDirectory()) throw new BuildError(`schemas directory not found: ${options.schemasDir}`);
  const config = readProjectConfig(options.projectDir);
  const groups = selectedGroups(config.groups ?? {}, options.group);

  const discovery = discoverSchemas(schemasDir);
  const sources = discovery.sources;
  progress(`found ${sources.length} schemas in ${options.schemasDir}`);
  const names = [...(options.group === undefined ? [CATALOG] : []), ...groups.map(([name]) => name)];
  const session = options.session ?? new BuildSession();
  // esbuild's process starts while the schemas are analysed. No warm-up build of the runtime meanwhile:
  // measured, it only delayed the real build (esbuild links and prints the whole runtime once more, on
  // cores the front end needs).
  const bundler = session.bundlerFor(names);
  bundler.catch(() => undefined); // awaited below; an analysis error must not leave it unhandled
  try {
    return await buildWith(bundler, options, { discovery, groups, config, schemasDir, outDir, progress });
  } finally {
    if (options.session === undefined) {
      await bundler.catch(() => undefined);
      await session.close();
    }
  }
}

interface Prepared {
  readonly discovery: Discovery;
  readonly groups: [string, GroupConfig][];
  readonly config: ReturnType<typeof readProjectConfig>;
  readonly schemasDir: string;
  readonly outDir: string;
  readonly progress: (line: string) => void;
}

async function buildWith(bundlerReady: Promise<Bundler>, options: BuildOptions, { discovery, groups, config, schemasDir, outDir, progress }: Prepared): Promise<BuildReport> {
  const analysis = await analyseSchemas({
    sources: discovery.sources,
    keyInputs: keyInputs(schemasDir, config.security?.allowedLibraries ?? [], discovery),
    schemasDirAsGiven: options.schemasDir,
    projectDir: options.projectDir,
    outDir,
    previous: options.force || options.session?.remembered ? undefined : readManifest(outDir),
    ...(options.force || !options.session?.remembered ? {} : { remembered: options.session.remembered }),
    loader: options.loader,
    ...(options.detail ? { detail: options.detail } : {}),
  });
  const fresh = analysis.analysed.filter((item) => item.fresh).length;
  progress(`analysed and emitted ${fresh + analysis.failed.length} schemas (${analysis.analysed.length - fresh} cached, ${analysis.failed.length} failed)`);

  const libraries = await guestLibraries(analysis.analysed, [options.projectDir, schemasDir]);
  const { built, problems, failed: clashed, partsOf, entries, modules, external } = bundleInputs(analysis.analysed, groups, options.group, libraries.bundled);
  problems.push(...libraries.problems);
  const bundler = await bundlerReady;
  options.detail?.('esbuild ready');
  const results = await bundler.build(entries, modules, external);
  options.detail?.('esbuild finished');
  const outputs: BundleOutput[] = [...partsOf].map(([name, parts]) => ({ name, code: results.get(name)!.code, types: emitBundleDeclarations(name, parts), parts }));
  progress(`bundled ${outputs.map((o) => `${o.name}.mjs (${formatBytes(Buffer.byteLength(o.code))})`).join(', ') || 'nothing'}`);

  const skipped = discovery.skipped.map(({ file }) => ({ source: file, key: '' }));
  const failed = sortFailures([...analysis.failed, ...clashed, ...skipped]);
  const base = {
    format: 1 as const,
    compiler: compilerFingerprint(),
    runtime: runtimeFingerprint(),
    group: options.group ?? null,
    groupsHash: hashValue(config.groups ?? {}),
    schemas: built.map(schemaRecord),
    failed,
  };
  // Bundle sizes (gzip) are measured while the modules and bundles are written.
  const bundlesMeasured = Promise.all(outputs.map(bundleRecord));
  const manifest: Promise<Manifest> = bundlesMeasured.then((bundles) => ({ ...base, bundles }));
  manifest.catch(() => undefined); // a failed write reports its own error; this one is awaited below
  await writeOutput(outDir, built, outputs, manifest);
  options.session?.remember(built);
  const bundles = await bundlesMeasured;
  progress(`wrote ${options.outDir}`);

  return {
    ok: failed.length === 0 && problems.length === 0,
    schemas: built.length,
    tools: built.reduce((n, b) => n + b.model.tools.length, 0),
    rebuilt: built.filter((b) => b.fresh).length,
    cached: built.filter((b) => !b.fresh).length,
    diagnostics: [...discovery.skipped.map(({ diagnostic }) => diagnostic), ...analysis.diagnostics],
    warnings: analysis.warnings,
    failed: failed.map((f) => f.source),
    problems,
    bundles,
  };
}

/** What esbuild gets for these schemas: clashing ones left out, the parts of each bundle, their entries and modules. */
function bundleInputs(analysed: readonly AnalysedSchema[], groups: readonly [string, GroupConfig][], only: string | undefined, libraries: BundleLibraries) {
  const { built, problems, failed } = leaveOutClashes(analysed);
  const bundleSpecs: { name: string; selected: Selected[] }[] = [];
  if (only === undefined) bundleSpecs.push({ name: CATALOG, selected: built.map((_, index) => ({ index, tools: null })) });
  for (const [name, group] of groups) {
    const { selected, unmatched } = selectGroup(group, built.map((b) => b.model));
    for (const entry of unmatched) problems.push(`group "${name}": "${entry}" matches no built tool`);
    bundleSpecs.push({ name, selected });
  }
  const modules = new Map(built.map((b) => [b.emitted.path, b.emitted.text]));
  const partsOf = new Map(bundleSpecs.map((spec) => [spec.name, spec.selected.map(({ index, tools }): BundlePart => {
    const b = built[index]!;
    return { model: b.model, source: b.source.file, module: b.emitted.path, tools, declarations: b.emitted.declarations };
  })]));
  const entries = new Map([...partsOf].map(([name, parts]) => [name, emitBundleEntry(name, parts, TOOLKIT_VERSION, libraries)]));
  // Libraries are not imported by the bundle at all: their sandbox code is inside it, as data.
  const external: string[] = [];
  return { built, problems, failed, partsOf, entries, modules, external };
}

/**
 * The sandbox code of every library the schemas' handlers load, bundled now (cached on disk by
 * content). One that cannot be (not installed, or it needs I/O) is a build problem naming it and the
 * schemas that need it; the bundles still serve every other tool, and those schemas' tools answer
 * with the same message.
 */
async function guestLibraries(analysed: readonly AnalysedSchema[], resolveDirs: readonly string[]): Promise<{ bundled: BundleLibraries; problems: string[] }> {
  const needed = librariesOf(analysed.map((a) => a.model));
  const source = bundlingGuestLibraries({ resolveDirs });
  const bundled: Record<string, { code: string } | { error: string }> = {};
  const problems: string[] = [];
  await Promise.all(needed.map(async (name) => {
    try {
      bundled[name] = { code: (await source.load(name)).code };
    } catch (error) {
      const message = (error as Error).message;
      bundled[name] = { error: message };
      const users = analysed.filter((a) => librariesOf([a.model]).includes(name)).map((a) => a.source.file);
      problems.push(`${message} (needed by ${users.join(', ')}; their hooked tools will answer with this error)`);
    }
  }));
  return { bundled, problems: problems.sort() };
}

function selectedGroups(groups: Readonly<Record<string, GroupConfig>>, only: string | undefined): [string, GroupConfig][] {
  if (only !== undefined) {
    const group = groups[only];
    if (!group) {
      const known = Object.keys(groups).sort();
      throw new BuildError(`unknown group "${only}"${known.length ? ` (groups: ${known.join(', ')})` : ' (.toolkit/config.json declares no groups)'}`);
    }
    return [[only, group]];
  }
  if (CATALOG in groups) throw new BuildError(`a group cannot be named "${CATALOG}": that name is the bundle of every schema`);
  return Object.entries(groups).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** `812.3 KB`. */
export const formatBytes = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
