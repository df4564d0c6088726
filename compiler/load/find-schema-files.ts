/**
 * Which files under a directory are schemas: every `.mjs` file, skipping dot-entries and the content
 * folders (`_lists`, `prompts`, `skills`, `data`, `node_modules`). One rule for `toolkit validate`,
 * `toolkit server` and `toolkit build`; this module loads nothing heavy, so listing never starts the
 * TypeScript compiler.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const CONTENT_DIRS = new Set(['_lists', 'prompts', 'skills', 'data', 'node_modules']);

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Schema files under `dir`, in a stable order. `onDirectory` sees the entry names of every directory
 * walked (the build uses it to find each schema's `_lists/` without more file-system calls).
 */
export function findSchemaFiles(dir: string, onDirectory?: (dir: string, names: readonly string[]) => void): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    const entries = readdirSync(current, { withFileTypes: true }).sort(byName);
    onDirectory?.(current, entries.map((entry) => entry.name));
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
