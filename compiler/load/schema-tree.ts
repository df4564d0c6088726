/**
 * Finds and loads every schema under a directory. Content folders (`_lists`, `prompts`, `skills`,
 * `data`) are not schemas and are skipped; a broken schema never stops the walk.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemaFile, type LoadSchemaOptions, type LoadSchemaResult } from './load-schema.ts';

const CONTENT_DIRS = new Set(['_lists', 'prompts', 'skills', 'data', 'node_modules']);

/** Schema files under `dir` (`.mjs`, content folders skipped), sorted for stable output. */
export function findSchemaFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    const entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (!CONTENT_DIRS.has(entry.name)) walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.mjs')) {
        out.push(path);
      }
    }
  };
  walk(dir);
  return out;
}

export interface TreeEntry extends LoadSchemaResult {
  readonly file: string;
}

/** Loads every schema under `dir`; each gets its own result. */
export function loadSchemaTreeSync(dir: string, options: LoadSchemaOptions = {}): TreeEntry[] {
  return findSchemaFiles(dir).map((file) => ({ file, ...loadSchemaFile(file, options) }));
}
