/**
 * Finds the schema files of a catalog by the same rule as `toolkit validate` on a directory
 * (`compiler/load/find-schema-files.ts`) and reads them.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { findSchemaFiles, skippedLink } from '../load/find-schema-files.ts';

export interface SchemaSource {
  /** Path relative to the schemas directory, with `/` separators (stable across machines). */
  readonly file: string;
  /** Absolute path. */
  readonly path: string;
  readonly text: string;
}

/** What one discovery found: the schemas, and the directory listing it walked to find them. */
export interface Discovery {
  readonly sources: SchemaSource[];
  /**
   * Whether a path is a directory, answered from this discovery's listing where it says no (finding
   * each schema's nearest `_lists/` would otherwise cost a few `stat`s per schema, a third of a
   * 500-schema incremental build on a busy disk), else from the disk, once per path.
   */
  readonly isDirectory: (path: string) => boolean;
  /** Symbolic links the walk did not follow (PAR007), by path relative to the schemas directory. */
  readonly skipped: readonly { readonly file: string; readonly diagnostic: Diagnostic }[];
}

/** Schema files under `schemasDir`, sorted by relative path so every build sees the same order. */
export function discoverSchemas(schemasDir: string): Discovery {
  const listed = new Map<string, ReadonlySet<string>>();
  const skipped: { file: string; diagnostic: Diagnostic }[] = [];
  const onSkipped = (path: string, reason: string) =>
    skipped.push({ file: relative(schemasDir, path).split(sep).join('/'), diagnostic: skippedLink(path, reason) });
  const found = findSchemaFiles(schemasDir, (dir, names) => listed.set(dir, new Set(names)), onSkipped).map((path) => ({
    file: relative(schemasDir, path).split(sep).join('/'),
    path,
    text: readFileSync(path, 'utf8'),
  }));
  const probed = new Map<string, boolean>();
  const isDirectory = (path: string): boolean => {
    if (listed.get(dirname(path))?.has(basename(path)) === false) return false;
    let found = probed.get(path);
    if (found === undefined) {
      try {
        found = statSync(path).isDirectory();
      } catch {
        found = false;
      }
      probed.set(path, found);
    }
    return found;
  };
  return { sources: found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)), isDirectory, skipped };
}
