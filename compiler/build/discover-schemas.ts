/**
 * Finds the schema files of a catalog by the same rule as `toolkit validate` on a directory
 * (`compiler/load/find-schema-files.ts`) and reads them.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { findSchemaFiles } from '../load/find-schema-files.ts';

export interface SchemaSource {
  /** Path relative to the schemas directory, with `/` separators (stable across machines). */
  readonly file: string;
  /** Absolute path. */
  readonly path: string;
  readonly text: string;
}

/**
 * Directories listed by the last discovery → whether they hold an entry named `_lists`. Finding each
 * schema's nearest `_lists/` would otherwise cost a few `stat`s per schema (a third of a 500-schema
 * incremental build on a busy disk); the listing is already in hand.
 */
export const listedDirectories = new Map<string, boolean>();

/** Schema files under `schemasDir`, sorted by relative path so every build sees the same order. */
export function discoverSchemas(schemasDir: string): SchemaSource[] {
  listedDirectories.clear();
  const found = findSchemaFiles(schemasDir, (dir, names) => listedDirectories.set(dir, names.includes('_lists'))).map((path) => ({
    file: relative(schemasDir, path).split(sep).join('/'),
    path,
    text: readFileSync(path, 'utf8'),
  }));
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
