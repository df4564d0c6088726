/**
 * `toolkit build`: schemas → analysed models (cached by source key) → one generated module per
 * schema → esbuild bundles (the catalog and each group) with `.d.mts` types → `manifest.json`,
 * all written into a temp directory that replaces the output directory only when complete.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { readProjectConfig, type GroupConfig } from '../../runtime/project-config.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { emitBundleDeclarations, emitBundleEntry, type BundlePart } from '../emit/bundle-entry.ts';
import { emitSchemaModule, type EmittedModule } from '../emit/schema-module.ts';
import { AnalysisCache, cacheLine, writeCache } from './analysis-cache.ts';
import { replaceDirectory } from './atomic-output.ts';
import { bundle } from './bundle.ts';
import { BuildError } from './build-error.ts';
import { discoverSchemas, type SchemaSource } from './discover-schemas.ts';
import { selectGroup, type Selected } from './group-selection.ts';
import { MANIFEST_FILE, manifestText, readManifest, type Manifest, type ManifestBundle, type ManifestSchema } from './manifest.ts';
import { frontEndLoader, type SchemaLoader } from './schema-loader.ts';
import { compilerFingerprint, resetListFingerprints, sourceKey } from './source-key.ts';

const TOOLKIT_VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/** Name of the bundle with every schema. */
export const CATALOG = 'catalog';

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

interface Item {
  readonly source: SchemaSource;
  readonly key: string;
  readonly model: SchemaModel;
  /** Analysed in this build (false: taken from the cache). */
  readonly fresh: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly emitted: EmittedModule;
  /** Its line in the analysis cache. */
  readonly cacheLine: string;
}

/** Runs a whole build. Throws `BuildError` for what stops it before anything is written. */
export async function buildCatalog(options: BuildOptions): Promise<BuildReport> {
  const progress = options.progress ?? (() => {});
  const schemasDir = resolve(options.schemasDir);
  const outDir = resolve(options.outDir);
  if (!existsSync(schemasDir) || !statSync(schemasDir).isDirectory()) throw new BuildError(`schemas directory not found: ${options.schemasDir}`);
  const config = readProjectConfig(options.projectDir);
  const groups = selectedGroups(config.groups ?? {}, options.group);
  const allowedLibraries = config.security?.allowedLibraries ?? [];
  resetListFingerprints();

  const sources = discoverSchemas(schemasDir);
  progress(`found ${sources.length} schemas in ${options.schemasDir}`);
  const keyInputs = { schemasDir, allowedLibraries };
  let warnings = 0;
  const previous = options.force ? undefined : readManifest(outDir);

  let loader = options.loader;
  const diagnostics: Diagnostic[] = [];
  const failed: { source: string; key: string }[] = [];
  const items: Item[] = [];
  const previousEntries = new Map((previous?.schemas ?? []).map((schema) => [schema.key, schema]));
  const cache = previous ? AnalysisCache.read(outDir) : new AnalysisCache();
  for (const source of sources) {
    const key = sourceKey(source, keyInputs);
    const cached = cache.get(key, previousEntries.get(key)?.cacheSha256);
    if (cached) {
      const { entry, line } = cached;
      refuseHandEdits(outDir, previousEntries.get(key)!, entry.emitted);
      items.push({ source, key, model: entry.model, fresh: false, diagnostics: entry.diagnostics, emitted: entry.emitted, cacheLine: line });
      continue;
    }
    loader ??= await frontEndLoader();
    // The path as `toolkit validate <schemas dir>` names it, so diagnostics read the same.
    const outcome = await loader(join(options.schemasDir, source.file), { allowedLibraries, cwd: options.projectDir });
    if (!outcome.status || !outcome.model || hasErrors(outcome.diagnostics)) {
      diagnostics.push(...outcome.diagnostics);
      failed.push({ source: source.file, key });
    } else {
      warnings += outcome.diagnostics.length;
      // `file` relative to the schemas directory: the output must not depend on where the catalog lives.
      const model: SchemaModel = { ...outcome.model, file: source.file };
      const emitted = emitSchemaModule(model, source.file);
      items.push({ source, key, model, fresh: true, diagnostics: outcome.diagnostics, emitted, cacheLine: cacheLine({ key, model, diagnostics: outcome.diagnostics, emitted }) });
    }
  }
  const rebuilt = items.filter((item) => item.fresh).length;
  progress(`analysed and emitted ${rebuilt + failed.length} schemas (${items.length - rebuilt} cached, ${failed.length} failed)`);

  const problems: string[] = [];
  const built: Item[] = [];
  const owners = new Map<string, string>();
  for (const item of items) {
    const clash = item.model.tools.map((tool) => `${item.model.namespace}/${tool.name}`).find((id) => owners.has(id));
    if (clash) {
      problems.push(`${item.source.file}: tool ${clash} is already defined by ${owners.get(clash)}; this schema is left out`);
      failed.push({ source: item.source.file, key: item.key });
      continue;
    }
    for (const tool of item.model.tools) owners.set(`${item.model.namespace}/${tool.name}`, item.source.file);
    built.push(item);
  }

  const modules = new Map(built.map((b) => [b.emitted.path, b.emitted.text]));
  const bundleSpecs: { name: string; selected: Selected[] }[] = [];
  if (options.group === undefined) bundleSpecs.push({ name: CATALOG, selected: built.map((_, index) => ({ index, tools: null })) });
  for (const [name, group] of groups) {
    const { selected, unmatched } = selectGroup(group, built.map((b) => b.model));
    for (const entry of unmatched) problems.push(`group "${name}": "${entry}" matches no built tool`);
    bundleSpecs.push({ name, selected });
  }

  const outputs: { name: string; code: string; types: string; parts: BundlePart[] }[] = [];
  for (const spec of bundleSpecs) {
    const parts: BundlePart[] = spec.selected.map(({ index, tools }) => {
      const b = built[index]!;
      return { model: b.model, source: b.source.file, module: b.emitted.path, tools, declarations: b.emitted.declarations };
    });
    const external = [...new Set(parts.flatMap((part) => part.model.requiredLibraries))].sort();
    const result = await bundle({ entry: emitBundleEntry(spec.name, parts, TOOLKIT_VERSION), modules, external, minify: true });
    outputs.push({ name: spec.name, code: result.code, types: emitBundleDeclarations(spec.name, parts), parts });
    progress(`bundled ${spec.name}.mjs (${formatBytes(Buffer.byteLength(result.code))})`);
  }

  const bundles: ManifestBundle[] = outputs.map((output) => {
    const bytes = Buffer.from(output.code);
    return {
      name: output.name,
      file: `${output.name}.mjs`,
      types: `${output.name}.d.mts`,
      sha256: sha256(output.code),
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      schemas: output.parts.length,
      tools: output.parts.reduce((n, part) => n + (part.tools?.length ?? part.model.tools.length), 0),
    };
  });
  const manifest: Manifest = {
    format: 1,
    compiler: compilerFingerprint(),
    schemas: built.map((b): ManifestSchema => ({
      source: b.source.file,
      key: b.key,
      namespace: b.model.namespace,
      name: b.model.name,
      tools: b.model.tools.map((tool) => tool.name),
      integrity: b.emitted.integrity,
      moduleSha256: sha256(b.emitted.text),
      cacheSha256: sha256(b.cacheLine),
    })),
    failed: failed.sort((a, b) => (a.source < b.source ? -1 : 1)),
    bundles,
  };

  await replaceDirectory(outDir, async (temp) => {
    const made = new Set<string>();
    for (const b of built) {
      const path = join(temp, b.emitted.path);
      if (!made.has(dirname(path))) mkdirSync(dirname(path), { recursive: true });
      made.add(dirname(path));
      writeFileSync(path, b.emitted.text);
    }
    writeCache(temp, built.map((b) => b.cacheLine));
    for (const output of outputs) {
      writeFileSync(join(temp, `${output.name}.mjs`), output.code);
      writeFileSync(join(temp, `${output.name}.d.mts`), output.types);
    }
    writeFileSync(join(temp, MANIFEST_FILE), manifestText(manifest));
  });
  progress(`wrote ${options.outDir}`);

  return {
    ok: failed.length === 0 && problems.length === 0,
    schemas: built.length,
    tools: built.reduce((n, b) => n + b.model.tools.length, 0),
    rebuilt: built.filter((b) => b.fresh).length,
    cached: built.filter((b) => !b.fresh).length,
    diagnostics,
    warnings,
    failed: manifest.failed.map((f) => f.source),
    problems,
    bundles,
  };
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

/** An unchanged schema whose generated module no longer has the bytes recorded at build time was edited by hand: stop. */
function refuseHandEdits(outDir: string, entry: ManifestSchema, emitted: EmittedModule): void {
  const path = join(outDir, emitted.path);
  if (!existsSync(path)) return;
  if (sha256(readFileSync(path, 'utf8')) !== entry.moduleSha256) {
    throw new BuildError(`${relative(process.cwd(), path) || path} was changed after the last build (it no longer matches manifest.json); run \`toolkit build --force\` to regenerate it from ${entry.source}`);
  }
}

/** `812.3 KB`. */
export const formatBytes = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
