/**
 * The compiler's public API (package root): validate, scan and load schemas without running them.
 * Every function returns `{ status, messages, diagnostics }`: `status` is true when there is no
 * error, `messages` are the human lines, `diagnostics` the same findings as data.
 */
import type { SchemaModel } from '../runtime/model.ts';
import { analysisFailure } from './parse/analysis-failure.ts';
import { forget, parseModule } from './parse/source-file.ts';
import { readSchemaSource } from './parse/read-schema.ts';
import { LocationIndex } from './parse/location-index.ts';
import { finishLoad, loadSchemaFile, type LoadSchemaOptions, type LoadSchemaResult } from './load/load-schema.ts';
import { loadSchemaTreeSync, type TreeEntry } from './load/schema-tree.ts';
import { toResult, type ValidationResult } from './load/result.ts';
import { Reporter } from './validate/reporter.ts';
import { validateMainValue } from './validate/validate-main.ts';

// Results and data
export type { Diagnostic, Severity } from './diagnostics/diagnostic.ts';
export type { ValidationResult } from './load/result.ts';
export type { LoadSchemaOptions, LoadSchemaResult } from './load/load-schema.ts';
export type { TreeEntry } from './load/schema-tree.ts';
export type { SchemaModel } from '../runtime/model.ts';

// Formatting and the rule manifest
export { formatDiagnostic, formatDiagnostics, formatJson, formatSummary } from './diagnostics/format.ts';
export { allRules, frontEndRules } from './diagnostics/rules.ts';

// Security scan (owned by compiler/scan)
export { scanSecurity, defaultAllowedLibraries } from './scan/index.ts';

/**
 * Validates a schema given as **source text** (the contents of a `.mjs` file), without touching the
 * disk: static read of `main`, `handlers` and every rule that needs only them. Shared lists,
 * prompt and skill files and the security scan are `loadSchema`'s job. `file` names it in messages.
 */
export async function validateSchema({
  schema,
  file = '<schema>',
}: {
  schema: string;
  file?: string;
}): Promise<ValidationResult> {
  let source: ReturnType<typeof parseModule> | undefined;
  try {
    source = parseModule(file, schema);
    const { status, messages, diagnostics } = finishLoad({ path: file, read: readSchemaSource(source), earlier: [] });
    return { status, messages, diagnostics };
  } catch (error) {
    return toResult([analysisFailure(file, schema, error)]);
  } finally {
    if (source) forget(source);
  }
}

/** Validates a `main` that is already a plain object (no positions: line and column are 0). */
export async function validateMain({
  main,
  file = '<main>',
}: {
  main: unknown;
  file?: string;
}): Promise<ValidationResult> {
  const r = new Reporter(file, new LocationIndex());
  validateMainValue(main, r);
  return toResult(r.diagnostics);
}

/**
 * Loads a schema file the way every entry point must: security scan first, then static read,
 * shared lists (from `listsDir`, else the nearest `_lists/`), validation, prompt and skill files,
 * and normalization. `model` is present exactly when `status` is true.
 */
export async function loadSchema(
  path: string,
  options: LoadSchemaOptions = {},
): Promise<LoadSchemaResult & { model?: SchemaModel }> {
  return loadSchemaFile(path, options);
}

/** Loads every schema under `dir` (skipping `_lists`, `prompts`, `skills`, `data`); never stops at a broken one. */
export async function loadSchemaTree(dir: string, options: LoadSchemaOptions = {}): Promise<TreeEntry[]> {
  return loadSchemaTreeSync(dir, options);
}
