/**
 * Which files under a directory are schemas: every `.mjs` file, skipping dot-entries and the content
 * folders (`_lists`, `prompts`, `skills`, format 4's `selections`, `data`, `node_modules`). One rule for `toolkit
 * validate`,
 * `toolkit server` and `toolkit build`; this module loads nothing heavy, so listing never starts the
 * TypeScript compiler.
 *
 * Symbolic links are followed only while they stay inside the tree (checked on their real path); a
 * link that leads outside it, nowhere, or back into a directory already walked is skipped and told
 * to `onSkipped`, so callers report it (PAR007) instead of losing the file silently.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

const CONTENT_DIRS = new Set(['_lists', 'prompts', 'skills', 'selections', 'data', 'node_modules']);

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** True when `path` (a real path) is `root` or inside it. */
export const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The PAR007 diagnostic for a skipped link. */
export const skippedLink = (file: string, reason: string): Diagnostic => ({
  rule: 'PAR007',
  severity: 'error',
  message: `symbolic link skipped: it ${reason}; only links that stay inside the schema tree are followed`,
  file,
  line: 0,
  column: 0,
});

/**
 * Schema files under `dir`, in a stable order. `onDirectory` sees the entry names of every directory
 * walked (the build uses it to find each schema's `_lists/` without more file-system calls).
 */
export function findSchemaFiles(
  dir: string,
  onDirectory?: (dir: string, names: readonly string[]) => void,
  onSkipped?: (path: string, reason: string) => void,
): string[] {
  const out: string[] = [];
  const root = realpathSync(dir);
  const walked = new Set<string>([root]);
  // `real` is `current`'s real path: a directory that is no link is at its parent's real path plus its name.
  const walk = (current: string, real: string): void => {
    const entries = readdirSync(current, { withFileTypes: true }).sort(byName);
    onDirectory?.(
      current,
      entries.map((entry) => entry.name),
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) {
        let target: string;
        let isDir: boolean;
        try {
          target = realpathSync(path);
          isDir = statSync(target).isDirectory();
        } catch {
          if (entry.name.endsWith('.mjs')) onSkipped?.(path, 'leads nowhere (its target does not exist)');
          continue;
        }
        if (isDir ? CONTENT_DIRS.has(entry.name) : !entry.name.endsWith('.mjs')) continue;
        if (!isInside(root, target)) onSkipped?.(path, `leads outside the schema tree (to ${target})`);
        else if (!isDir) out.push(path);
        else if (walked.has(target)) onSkipped?.(path, 'leads back into a directory already walked (a loop)');
        else {
          walked.add(target);
          walk(path, target);
        }
        continue;
      }
      if (entry.isDirectory()) {
        if (!CONTENT_DIRS.has(entry.name)) {
          const inner = join(real, entry.name);
          walked.add(inner);
          walk(path, inner);
        }
      } else if (entry.isFile() && entry.name.endsWith('.mjs')) {
        out.push(path);
      }
    }
  };
  walk(dir, root);
  return out;
}
