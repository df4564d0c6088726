/**
 * The analysis stage of a build: each schema is either taken from the cache (its source key and
 * cache line unchanged) or loaded by the front end and emitted. Failing schemas keep their
 * diagnostics; they are left out of the output but never stop the others.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel } from '../../runtime/model.ts';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { emitSchemaModule, type EmittedModule } from '../emit/schema-module.ts';
import { AnalysisCache, cacheLine } from './analysis-cache.ts';
import { BuildError } from './build-error.ts';
import type { SchemaSource } from './discover-schemas.ts';
import type { Manifest } from './manifest.ts';
import type { LoadOutcome, SchemaLoader } from './schema-loader.ts';
import { sourceKey, type KeyInputs } from './source-key.ts';

/** A schema that passed, with what was emitted from it. */
export interface AnalysedSchema {
  readonly source: SchemaSource;
  readonly key: string;
  readonly model: SchemaModel;
  /** Analysed in this build (false: taken from the cache). */
  readonly fresh: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly emitted: EmittedModule;
  /** sha256 of `emitted.text` (computed once, when it was emitted; the manifest records it). */
  readonly moduleSha256: string;
  /** Its line in the analysis cache. */
  readonly cacheLine: string;
  /** The previous output holds this module with exactly these bytes (checked): the write can link it instead. */
  readonly unchangedOnDisk: boolean;
}

export interface FailedSchema {
  readonly source: string;
  readonly key: string;
}

export interface AnalysisInputs {
  readonly sources: readonly SchemaSource[];
  readonly keyInputs: KeyInputs;
  /** The schemas directory as the user gave it (diagnostics name files as `toolkit validate` does). */
  readonly schemasDirAsGiven: string;
  readonly projectDir: string;
  readonly outDir: string;
  /** The previous build's manifest; undefined for a clean (or `--force`) build. */
  readonly previous: Manifest | undefined;
  /**
   * The schemas of the previous build in this process by key (`toolkit build --watch`): used instead
   * of reading `previous` and the cache file back from disk; they hold the same entries.
   */
  readonly remembered?: ReadonlyMap<string, AnalysedSchema>;
  readonly loader: SchemaLoader | undefined;
  /** Told when the front end has been loaded (for `--timings`). */
  readonly detail?: (line: string) => void;
  /**
   * Every schema the build's caches do not answer is analysed anew (`--force`): the front end's result cache is not
   * read either.
   */
  readonly fresh?: boolean;
}

export interface Analysis {
  readonly analysed: AnalysedSchema[];
  readonly failed: FailedSchema[];
  /** Diagnostics of the failed schemas, in file order. */
  readonly diagnostics: Diagnostic[];
  /** Warnings of the schemas analysed now that passed. */
  readonly warnings: number;
}

/** Analyses (or takes from the cache) every schema, in file order. */
export async function analyseSchemas(inputs: AnalysisInputs): Promise<Analysis> {
  const previousEntries = new Map((inputs.previous?.schemas ?? []).map((schema) => [schema.key, schema]));
  const cache = inputs.previous && !inputs.remembered ? AnalysisCache.read(inputs.outDir) : new AnalysisCache();
  // First what the build's own caches answer; the rest is loaded by the front end, all at once.
  const plan = inputs.sources.map((source) => {
    const key = sourceKey(source, inputs.keyInputs);
    return { source, key, taken: takenFromCache(source, key, inputs, previousEntries, cache) };
  });
  const pending = plan.filter((item) => item.taken === undefined);
  const outcomes = await loadPending(
    pending.map((item) => join(inputs.schemasDirAsGiven, item.source.file)),
    inputs,
  );
  const analysis: Analysis & { warnings: number } = { analysed: [], failed: [], diagnostics: [], warnings: 0 };
  let next = 0;
  for (const { source, key, taken } of plan) {
    if (taken) {
      analysis.analysed.push(taken);
      continue;
    }
    const outcome = outcomes[next++]!;
    if (!outcome.status || !outcome.model || hasErrors(outcome.diagnostics)) {
      analysis.diagnostics.push(...outcome.diagnostics);
      analysis.failed.push({ source: source.file, key });
      continue;
    }
    analysis.warnings += outcome.diagnostics.length;
    // `file` relative to the schemas directory: the output must not depend on where the catalog lives.
    const model: SchemaModel = { ...outcome.model, file: source.file };
    const emitted = emitSchemaModule(model, source.file);
    const line = cacheLine({ key, model, diagnostics: outcome.diagnostics, emitted });
    analysis.analysed.push({
      source,
      key,
      model,
      fresh: true,
      diagnostics: outcome.diagnostics,
      emitted,
      moduleSha256: sha256(emitted.text),
      cacheLine: line,
      unchangedOnDisk: false,
    });
  }
  return analysis;
}

/** The schema as a previous build (in this process, or its manifest and cache) left it, if its key is unchanged. */
function takenFromCache(
  source: SchemaSource,
  key: string,
  inputs: AnalysisInputs,
  previousEntries: ReadonlyMap<string, Manifest['schemas'][number]>,
  cache: AnalysisCache,
): AnalysedSchema | undefined {
  const known = inputs.remembered?.get(key);
  if (known) {
    // Its module on disk must still have the bytes that build wrote; when it is gone, it is written again.
    const onDisk = verifiedModule(inputs.outDir, known.emitted.path, known.moduleSha256, source.file) !== undefined;
    return { ...known, source, fresh: false, unchangedOnDisk: onDisk };
  }
  const previous = previousEntries.get(key);
  const cached = cache.get(key, previous?.cacheSha256);
  // A hit needs the generated module too (its text is not in the cache line); without it, analyse again.
  const text =
    cached && verifiedModule(inputs.outDir, cached.entry.emitted.path, previous!.moduleSha256, previous!.source);
  if (!cached || text === undefined) return undefined;
  const {
    model,
    diagnostics,
    emitted: { path, integrity, declarations },
  } = cached.entry;
  const emitted: EmittedModule = { path, text, integrity, declarations };
  return {
    source,
    key,
    model,
    fresh: false,
    diagnostics,
    emitted,
    moduleSha256: previous!.moduleSha256,
    cacheLine: cached.line,
    unchangedOnDisk: true,
  };
}

/**
 * Loads the schemas no build cache answered, in order: with the loader given (tests), one by one;
 * else with the front end's batch loader, which takes unchanged schemas from the project's cache
 * (`.toolkit/cache` of a project that has `.toolkit/`, shared with `toolkit validate`; not read by `--force`) and loads
 * the others on the idle cores.
 */
async function loadPending(paths: readonly string[], inputs: AnalysisInputs): Promise<LoadOutcome[]> {
  if (paths.length === 0) return [];
  const options = {
    allowedLibraries: inputs.keyInputs.allowedLibraries,
    cwd: inputs.projectDir,
    treeRoot: inputs.schemasDirAsGiven,
  };
  if (inputs.loader) {
    const outcomes: LoadOutcome[] = [];
    for (const path of paths) outcomes.push(await inputs.loader(path, options));
    return outcomes;
  }
  const { loadSchemaFiles } = await import('../load/batch/load-schema-files.ts');
  const { idleThreads } = await import('../load/batch/idle-threads.ts');
  const { projectCacheDir } = await import('../load/batch/project-cache-dir.ts');
  const cacheDir = inputs.fresh ? undefined : projectCacheDir(inputs.projectDir);
  const outcomes = await loadSchemaFiles(
    paths.map((file) => ({ file, root: inputs.schemasDirAsGiven })),
    { allowedLibraries: options.allowedLibraries, cwd: options.cwd },
    {
      ...(cacheDir !== undefined ? { cacheDir } : {}),
      threads: idleThreads(),
    },
  );
  inputs.detail?.('loaded the front end');
  return outcomes;
}

/**
 * A module the previous build wrote (`expectedSha256`: its recorded hash): its text, undefined when
 * it is gone, a `BuildError` when it was edited by hand since.
 */
function verifiedModule(
  outDir: string,
  modulePath: string,
  expectedSha256: string,
  source: string,
): string | undefined {
  const path = join(outDir, modulePath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  if (sha256(text) !== expectedSha256) {
    throw new BuildError(
      `${relative(process.cwd(), path) || path} was changed after the last build (it no longer matches ` +
        `manifest.json); run \`toolkit build --force\` to regenerate it from ${source}`,
    );
  }
  return text;
}
