/**
 * How the build gets a `SchemaModel` from a schema file: the front end's `loadSchema`, imported
 * lazily so `toolkit build --check` and cached rebuilds never start the TypeScript compiler.
 * Tests inject their own loader.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SchemaModel } from '../../runtime/model.ts';

/** What loading one schema gives: its diagnostics, and a model when it passed. */
export interface LoadOutcome {
  readonly status: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly model?: SchemaModel;
}

export interface LoadOptions {
  /** Libraries allowed on top of the default allowlist (from `.toolkit/config.json`). */
  readonly allowedLibraries: readonly string[];
  /** Project directory (where `origin: 'project'` databases live). */
  readonly cwd: string;
  /** The schemas directory: a schema file that is a link leading outside it is not loaded. */
  readonly treeRoot?: string;
}

/** Loads one schema file (path as it should appear in diagnostics). */
export type SchemaLoader = (path: string, options: LoadOptions) => Promise<LoadOutcome>;

/** The front end's loader, with the same allowlist as `toolkit validate` (default list plus the project's). */
export async function frontEndLoader(): Promise<SchemaLoader> {
  const { loadSchema } = await import('../index.ts');
  return (path, options) =>
    loadSchema(path, {
      allowedLibraries: options.allowedLibraries,
      cwd: options.cwd,
      ...(options.treeRoot !== undefined ? { treeRoot: options.treeRoot } : {}),
    });
}
