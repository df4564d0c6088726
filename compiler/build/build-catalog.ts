/**
 * `toolkit build`: schemas → analysed models (cached by source key) → one generated module per
 * schema → esbuild bundles (the catalog and each group) with `.d.mts` types → `manifest.json`,
 * all written into a temp directory that replaces the output directory only when complete.
 */
import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { hashValue } from '../../runtime/hash.ts';
import { readProjectConfig, type GroupConfig } from '../../runtime/project-config.ts';
import type { DiscoverySettings } from '../../runtime/discovery/discovery-documents.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { TOOLSET_THRESHOLD_BYTES } from '../../runtime/toolset/toolset-mode.ts';
import { TOOLKIT_VERSION } from '../../runtime/toolkit-version.ts';
import { listingPrices, overBudget, type ListingBudget, type ListingPrice } from './listing-prices.ts';
import { emitBundle, emitBundleDeclarations, type BundlePart } from '../emit/bundle-entry.ts';
import { emitSchemaModule } from '../emit/schema-module.ts';
import type { AgentCatalog } from '../agent/agent-plan.ts';
import { activeToolsText, selectServed, unmatchedActiveText, unmatchedGroupText } from './select-served.ts';
import { prepareGuestLibraries } from './guest-libraries/library-files.ts';
import { analyseSchemas, type AnalysedSchema } from './analyse-schemas.ts';
import { createBundler, type Bundler } from './bundle.ts';
import { engineNeeds, prepareEngine } from './carry-engine.ts';
import { runtimeNeeds } from './runtime-needs.ts';
import { BuildError } from './build-error.ts';
import { buildCatalogIndexes, CATALOG_INDEX_FILE, SEARCH_INDEX_FILE } from './catalog-index.ts';
import { leaveOutClashes } from './catalog-clashes.ts';
import { discoverSchemas, type Discovery } from './discover-schemas.ts';
import { readManifest, type Manifest, type ManifestBundle } from './manifest.ts';
import { assertOwnedOutput, assertWritableOutput } from './output-ownership.ts';
import type { SchemaLoader } from './schema-loader.ts';
import { compilerFingerprint, keyInputs, runtimeFingerprint } from './source-key.ts';
import { bundleRecord, schemaRecord, sortFailures, writeOutput, type BundleOutput } from './write-output.ts';
import { readDiscoverySettings } from './discovery-settings.ts';
import { loadSelections } from './selections.ts';
import { bundleDiscoverySettings, discoveryFiles } from './discovery-files.ts';
import { counted } from '../../runtime/counted.ts';

/** Name of the bundle with every schema. */
const CATALOG = 'catalog';

export interface BuildOptions {
  readonly schemasDir: string;
  readonly outDir: string;
  /** Directory holding `.toolkit/config.json` (groups, allowed libraries). */
  readonly projectDir: string;
  /** Build only this group's bundle (instead of the catalog and every group). */
  readonly group?: string;
  /** Build only the bundle of the agent in this directory (`agents/<name>/`), named after it. */
  readonly agentDir?: string;
  /**
   * The project's active tools (CLI names, `toolkit add`): when non-empty, the catalog bundle
   * serves only these. The indexes still cover the whole catalog.
   */
  readonly activeTools?: readonly string[];
  /** Leave schemas with errors out and write the rest (default: any error writes nothing). */
  readonly skipInvalid?: boolean;
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
  /** `--listing-budget`: a mode's first listing over its budget in tokens fails the build (nothing written). */
  readonly listingBudgets?: readonly ListingBudget[];
  /** Carry what code mode needs in engine/: the program checker (TypeScript, about 12 MB) and the sandbox. */
  readonly carryCodeMode?: boolean;
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
  /** Whether the output directory was replaced (a failed build leaves the previous output untouched). */
  readonly written: boolean;
  readonly schemas: number;
  readonly tools: number;
  readonly rebuilt: number;
  readonly cached: number;
  /**
   * Diagnostics of the schemas that failed, in file order (as `toolkit validate` reports them), then
   * the build's own warnings (LIB001/LIB002: a library that cannot be had, located at its entry).
   */
  readonly diagnostics: readonly Diagnostic[];
  /** Count of warnings of the schemas analysed in this build that passed. */
  readonly warnings: number;
  /** Sources that failed and were left out. */
  readonly failed: readonly string[];
  /** Build-level problems (duplicate tools, group entries that match nothing, empty bundles), one line each. */
  readonly problems: readonly string[];
  /**
   * Things worth saying that do not fail the build, one line each: active tools not in the catalog,
   * schemas skipped with --skip-invalid, a bundle's plain listing too large for clients.
   */
  readonly notes: readonly string[];
  readonly bundles: readonly ManifestBundle[];
  /** What each bundle needs at run time beyond its code and data, one line per such bundle (`runtime-needs.ts`). */
  readonly needs: readonly string[];
  /** Each bundle's first listing per mode, in bytes and tokens (`listing-prices.ts`). */
  readonly listings?: readonly { readonly bundle: string; readonly prices: readonly ListingPrice[] }[];
}

/** Runs a whole build. Throws `BuildError` for what stops it before anything is written. */
export async function buildCatalog(options: BuildOptions): Promise<BuildReport> {
  const progress = options.progress ?? (() => {});
  const schemasDir = resolve(options.schemasDir);
  const outDir = resolve(options.outDir);
  if (!existsSync(schemasDir) || !statSync(schemasDir).isDirectory())
    throw new BuildError(`schemas directory not found: ${options.schemasDir}`, 'usage');
  // A build replaces its output whole: it must own the directory (and be able to write there) before any work.
  assertOwnedOutput(outDir, { shown: options.outDir, projectDir: options.projectDir, schemasDir });
  assertWritableOutput(outDir, options.outDir);
  const config = readProjectConfig(options.projectDir);
  // Publishing facts are checked before anything is built: a registry would refuse them later.
  const discovery = readDiscoverySettings(options.projectDir);
  if (discovery.problems.length > 0)
    throw new BuildError(
      `the server's publishing facts in .toolkit/config.json would be refused by the MCP ` +
        `Registry:\n${discovery.problems.join('\n')}`,
      'failed',
    );
  if (options.group !== undefined && options.agentDir !== undefined)
    throw new BuildError('--group and --agent build different bundles: give one of them', 'usage');
  const groups = options.agentDir === undefined ? selectedGroups(config.groups ?? {}, options.group) : [];
  const agentName = options.agentDir === undefined ? undefined : resolve(options.agentDir).split(sep).pop()!;

  const found = discoverSchemas(schemasDir);
  const sources = found.sources;
  progress(`found ${sources.length} schemas in ${options.schemasDir}`);
  const names =
    agentName !== undefined
      ? [agentName]
      : [...(options.group === undefined ? [CATALOG] : []), ...groups.map(([name]) => name)];
  const session = options.session ?? new BuildSession();
  // esbuild's process starts while the schemas are analysed. No warm-up build of the runtime meanwhile:
  // measured, it only delayed the real build (esbuild links and prints the whole runtime once more, on
  // cores the front end needs).
  const bundler = session.bundlerFor(names);
  bundler.catch(() => undefined); // awaited below; an analysis error must not leave it unhandled
  try {
    return await buildWith(bundler, options, {
      discovery: found,
      groups,
      config,
      schemasDir,
      outDir,
      progress,
      settings: discovery.settings,
    });
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
  /** The project's publishing facts (`server` in `.toolkit/config.json`), already checked. */
  readonly settings: DiscoverySettings;
}

async function buildWith(
  bundlerReady: Promise<Bundler>,
  options: BuildOptions,
  { discovery, groups, config, schemasDir, outDir, progress, settings }: Prepared,
): Promise<BuildReport> {
  const analysis = await analyseSchemas({
    sources: discovery.sources,
    keyInputs: keyInputs(schemasDir, config.security?.allowedLibraries ?? [], discovery),
    schemasDirAsGiven: options.schemasDir,
    projectDir: options.projectDir,
    outDir,
    previous: options.force || options.session?.remembered ? undefined : readManifest(outDir),
    ...(options.force || !options.session?.remembered ? {} : { remembered: options.session.remembered }),
    loader: options.loader,
    ...(options.force ? { fresh: true } : {}),
    ...(options.detail ? { detail: options.detail } : {}),
  });
  const fresh = analysis.analysed.filter((item) => item.fresh).length;
  progress(
    `analysed and emitted ${fresh + analysis.failed.length} schemas (${analysis.analysed.length - fresh} cached, ` +
      `${analysis.failed.length} failed)`,
  );

  const { built, problems, failed: clashed, diagnostics: ownership } = leaveOutClashes(analysis.analysed);
  // A symbolic link that leads out of the tree was skipped (PAR007): it counts as a failed source.
  const skipped = discovery.skipped.map(({ file }) => ({ source: file, key: '' }));
  const failed = sortFailures([...analysis.failed, ...clashed, ...skipped]);
  const diagnostics = [...discovery.skipped.map(({ diagnostic }) => diagnostic), ...analysis.diagnostics, ...ownership];
  // Selections are checked against the catalog as built: a reference to nothing fails the build at its entry.
  const selections = loadSelections(
    schemasDir,
    built.map((b) => b.model),
    (path) => relative(process.cwd(), path) || path,
  );
  diagnostics.push(...selections.diagnostics.filter((d) => d.severity === 'error'));
  const selectionErrors = selections.diagnostics.filter((d) => d.severity === 'error').length;
  if (selectionErrors > 0)
    problems.push(`${counted(selectionErrors, 'error')} in selections/ (listed above): nothing was written`);
  const notes: string[] = [];
  const indexes = buildCatalogIndexes(
    built.map((b) => b.model),
    relative(outDir, schemasDir).split(sep).join('/') || '.',
  );
  const specs =
    options.agentDir !== undefined
      ? await agentSpecs(options.agentDir, built, indexes.catalog, diagnostics, problems)
      : bundleSpecs({ built, groups, only: options.group, active: options.activeTools ?? [], problems, notes });
  for (const spec of specs) {
    if (spec.parts.reduce((n, part) => n + servedCount(part), 0) === 0)
      problems.push(`bundle ${spec.name} would serve nothing (no tools, resources or prompts): nothing was written`);
  }
  // A failed build writes nothing: the previous output stays as it was (--skip-invalid writes the schemas that built).
  const skippable = options.skipInvalid === true && problems.length === 0 && built.length > 0;
  if (skippable && failed.length > 0)
    notes.push(
      `${counted(failed.length, 'schema')} with errors left out (--skip-invalid): ` +
        `${failed.map((f) => f.source).join(', ')}`,
    );
  if (problems.length > 0 || (failed.length > 0 && !skippable)) {
    return {
      ok: false,
      written: false,
      schemas: built.length,
      tools: 0,
      rebuilt: 0,
      cached: 0,
      diagnostics,
      warnings: analysis.warnings,
      failed: failed.map((f) => f.source),
      problems,
      notes,
      bundles: [],
      needs: [],
    };
  }

  // Libraries are files beside the bundles, read on first use; one that cannot be had is a located warning
  // (LIB001/LIB002). What the bundles need at run time besides Node travels beside them in engine/ (the hook sandbox,
  // SQLite).
  const needs = new Map(specs.map((spec) => [spec.name, engineNeeds(spec.parts, options.carryCodeMode)]));
  const [libraries, engine] = await Promise.all([
    prepareGuestLibraries(built, [options.projectDir, schemasDir], options.schemasDir),
    prepareEngine([...needs.values()]),
  ]);
  diagnostics.push(...libraries.diagnostics);
  notes.push(...engine.notes);
  const partsOf = new Map(specs.map((spec) => [spec.name, spec.parts]));
  const modules = new Map([
    ...built.map((b) => [b.emitted.path, b.emitted.text] as const),
    ...specs.flatMap((spec) => spec.extraModules),
  ]);
  const carriedBy = new Map([...needs].map(([name, need]) => [name, engine.indexFor(need)]));
  const groupConfigs = new Map(groups);
  const discoveryOf = (name: string) =>
    bundleDiscoverySettings(settings, name, name === CATALOG ? undefined : groupConfigs.get(name));
  const emitted = new Map(
    [...partsOf].map(([name, parts]) => [
      name,
      emitBundle(
        name,
        parts,
        TOOLKIT_VERSION,
        libraries.index,
        carriedBy.get(name),
        discoveryOf(name),
        selections.selections,
      ),
    ]),
  );
  const entries = new Map([...emitted].map(([name, bundle]) => [name, bundle.entry]));
  const launchers = new Map([...emitted].map(([name, bundle]) => [name, bundle.launcher]));
  notes.push(
    ...[...emitted]
      .filter(([, bundle]) => bundle.listingBytes > TOOLSET_THRESHOLD_BYTES)
      .map(([name, bundle]) => listingNotice(name, bundle)),
  );
  // The first listing of each mode, priced; a budget exceeded fails the build before anything is written.
  const listings = await Promise.all(
    [...emitted].map(async ([name, bundle]) => ({
      bundle: name,
      prices: await listingPrices(bundle.data.slice(0, bundle.data.indexOf('\n')), bundle.tools),
    })),
  );
  const overs = listings.flatMap(({ bundle, prices }) => overBudget(bundle, prices, options.listingBudgets ?? []));
  if (overs.length > 0) {
    return {
      ok: false,
      written: false,
      schemas: built.length,
      tools: 0,
      rebuilt: 0,
      cached: 0,
      diagnostics,
      warnings: analysis.warnings,
      failed: [],
      problems: overs,
      notes,
      bundles: [],
      needs: [],
      listings,
    };
  }
  // Libraries are not imported by the bundle at all: their sandbox code is in files beside it.
  const external: string[] = [];
  const bundler = await bundlerReady;
  options.detail?.('esbuild ready');
  const results = await bundler.build(entries, modules, external, launchers);
  options.detail?.('esbuild finished');
  const outputs: BundleOutput[] = [...partsOf].map(([name, parts]) => ({
    name,
    code: results.get(name)!.code,
    launcher: results.get(name)!.launcher,
    data: emitted.get(name)!.data,
    types: emitBundleDeclarations(name, parts),
    parts,
  }));
  progress(
    `bundled ${
      outputs
        .map((o) => `${o.name}.mjs ` + `(${formatBytes(Buffer.byteLength(o.code) + Buffer.byteLength(o.launcher))})`)
        .join(', ') || 'nothing'
    }`,
  );

  const base = {
    format: 1 as const,
    compiler: compilerFingerprint(),
    runtime: runtimeFingerprint(),
    group: options.agentDir !== undefined ? `agent:${specs[0]!.name}` : (options.group ?? null),
    groupsHash: hashValue(config.groups ?? {}),
    schemas: built.map(schemaRecord),
    failed,
  };
  // Bundle sizes (gzip) are measured while the modules and bundles are written.
  const bundlesMeasured = Promise.all(outputs.map(bundleRecord));
  const manifest: Promise<Manifest> = bundlesMeasured.then((bundles) => ({ ...base, bundles }));
  manifest.catch(() => undefined); // a failed write reports its own error; this one is awaited below
  const extra = new Map<string, string | Buffer>([
    ...specs.flatMap((spec) => spec.extraModules),
    [CATALOG_INDEX_FILE, `${JSON.stringify(indexes.catalog)}\n`],
    [SEARCH_INDEX_FILE, `${JSON.stringify(indexes.search)}\n`],
    ...libraries.files,
    ...engine.files,
    ...[...emitted].flatMap(([name, bundle]) => discoveryFiles(name, bundle.documents)),
  ]);
  await writeOutput(outDir, built, outputs, manifest, extra, () =>
    assertOwnedOutput(outDir, { shown: options.outDir, projectDir: options.projectDir, schemasDir }),
  );
  options.session?.remember(built);
  const bundles = await bundlesMeasured;
  progress(`wrote ${options.outDir}`);

  return {
    ok: failed.length === 0 && problems.length === 0,
    written: true,
    schemas: built.length,
    tools: built.reduce((n, b) => n + b.model.tools.length, 0),
    rebuilt: built.filter((b) => b.fresh).length,
    cached: built.filter((b) => !b.fresh).length,
    diagnostics,
    warnings: analysis.warnings,
    failed: failed.map((f) => f.source),
    problems,
    notes,
    bundles,
    needs: [...partsOf].flatMap(
      ([name, parts]) => runtimeNeeds(name, parts, carriedBy.get(name)!, engine, libraries.index) ?? [],
    ),
    listings,
  };
}

/** One bundle to make: its parts, and generated modules only it needs (an agent's narrowed schemas). */
interface BundleSpec {
  readonly name: string;
  readonly parts: BundlePart[];
  readonly extraModules: (readonly [string, string])[];
}

/** What a part serves: its selected tools, or (whole) every tool, resource, prompt and skill of its schema. */
const servedCount = (part: BundlePart): number =>
  part.tools !== null
    ? part.tools.length
    : part.model.tools.length +
      part.model.resources.length +
      (part.model.documents?.length ?? 0) +
      part.model.prompts.length +
      part.model.skills.length;

const partOf = (b: AnalysedSchema, tools: readonly string[] | null): BundlePart => ({
  model: b.model,
  source: b.source.file,
  module: b.emitted.path,
  tools,
  declarations: b.emitted.declarations,
});

/** The catalog bundle (the project's active tools when it has any) and each group's. */
interface BundleSelection {
  readonly built: readonly AnalysedSchema[];
  readonly groups: readonly [string, GroupConfig][];
  /** `--group`: that group's bundle alone. */
  readonly only: string | undefined;
  /** The project's active tools (empty: the whole catalog). */
  readonly active: readonly string[];
  /** Where what stops the build goes. */
  readonly problems: string[];
  /** Where what the build tells the user goes. */
  readonly notes: string[];
}

function bundleSpecs({ built, groups, only, active, problems, notes }: BundleSelection): BundleSpec[] {
  const specs: BundleSpec[] = [];
  if (only === undefined) {
    const { selected, unmatched, activeCount } = selectServed(
      built.map((b) => b.model),
      { active },
    );
    for (const name of unmatched) notes.push(unmatchedActiveText(name));
    if (activeCount !== undefined)
      notes.push(
        `${CATALOG}.mjs serves the ${activeToolsText(activeCount)} of this project (\`toolkit list\`); the indexes ` +
          `cover the whole catalog`,
      );
    specs.push({
      name: CATALOG,
      parts: selected.map(({ index, tools }) => partOf(built[index]!, tools)),
      extraModules: [],
    });
  }
  for (const [name, group] of groups) {
    const { selected, unmatched } = selectServed(
      built.map((b) => b.model),
      { group: name, config: group },
    );
    for (const entry of unmatched) problems.push(unmatchedGroupText(name, entry, 'built tool'));
    specs.push({ name, parts: selected.map(({ index, tools }) => partOf(built[index]!, tools)), extraModules: [] });
  }
  return specs;
}

/** The bundle of one agent: its manifest checked against the built catalog, then its narrowed models. */
async function agentSpecs(
  agentDir: string,
  built: readonly AnalysedSchema[],
  catalog: AgentCatalog,
  diagnostics: Diagnostic[],
  problems: string[],
): Promise<BundleSpec[]> {
  // The agent's files are read with the front end (ts-morph), loaded only for an agent build.
  const { validateAgent } = await import('../agent/validate-agent.ts');
  const { agentModels } = await import('../agent/agent-models.ts');
  const name = resolve(agentDir).split(sep).pop()!;
  const result = validateAgent(agentDir, catalog);
  diagnostics.push(...result.diagnostics.filter((d) => d.severity === 'error'));
  if (!result.plan || hasErrors(result.diagnostics)) {
    problems.push(`agent ${name}: the manifest has errors (\`toolkit validate-agent ${name}\` lists them)`);
    return [{ name, parts: [], extraModules: [] }];
  }
  if (result.plan.inlineTools.length > 0) {
    problems.push(
      `agent ${name}: inline tools (${result.plan.inlineTools.join(', ')}) cannot be bundled yet: define them in a ` +
        `provider schema and reference them as <namespace>/tool/<name>`,
    );
  }
  const parts: BundlePart[] = [];
  const extraModules: (readonly [string, string])[] = [];
  for (const { model, source } of agentModels(
    result.plan,
    built.map((b) => b.model),
  )) {
    const emitted = emitSchemaModule(model, source);
    extraModules.push([emitted.path, emitted.text]);
    parts.push({ model, source, module: emitted.path, tools: null, declarations: emitted.declarations });
  }
  return [{ name, parts, extraModules }];
}

/** The warning for a bundle whose plain `tools/list` answer is larger than clients take. */
function listingNotice(name: string, bundle: { readonly listingBytes: number; readonly tools: number }): string {
  return (
    `warning: ${name}.mjs lists ${bundle.tools} tools in ${formatBytes(bundle.listingBytes)}, more than MCP ` +
    `clients take (they drop or cut lists past about ${TOOLSET_THRESHOLD_BYTES / 1024} KB); it serves them through ` +
    `search_tools, describe_tool and call_tool unless started with --no-toolset (a group in .toolkit/config.json ` +
    `makes a smaller bundle)`
  );
}

function selectedGroups(
  groups: Readonly<Record<string, GroupConfig>>,
  only: string | undefined,
): [string, GroupConfig][] {
  if (only !== undefined) {
    const group = groups[only];
    if (!group) {
      const known = Object.keys(groups).sort();
      throw new BuildError(
        `unknown group ` +
          `"${only}"${known.length ? ` (groups: ${known.join(', ')})` : ' (.toolkit/config.json declares no groups)'}`,
        'usage',
      );
    }
    return [[only, group]];
  }
  if (CATALOG in groups)
    throw new BuildError(`a group cannot be named "${CATALOG}": that name is the bundle of every schema`, 'usage');
  return Object.entries(groups).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** `812.3 KB`. */
export const formatBytes = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
