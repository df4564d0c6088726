/**
 * Finds the schema files of a catalog by the same rule as `toolkit validate` on a directory: every
 * `.mjs` file, skipping dot-entries and the content folders `_lists`, `prompts`, `skills`, `data`.
 * Mirrored here (not imported) so that listing files never loads the TypeScript compiler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const CONTENT_DIRS = new Set(['_lists', 'prompts', 'skills', 'data', 'node_modules']);

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
  const found: SchemaSource[] = [];
  listedDirectories.clear();
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    listedDirectories.set(dir, entries.some((entry) => entry.name === '_lists'));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!CONTENT_DIRS.has(entry.name)) walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.mjs')) {
        found.push({ file: relative(schemasDir, path).split(sep).join('/'), path, text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(schemasDir);
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
