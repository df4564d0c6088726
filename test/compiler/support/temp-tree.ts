/** Writes a small file tree into a fresh temporary directory for one test file, and removes it after. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempTree {
  readonly root: string;
  /** Writes `files` (relative path → text) under the root; returns the root. */
  write(files: Readonly<Record<string, string>>): string;
  path(relative: string): string;
  remove(): void;
}

export function tempTree(prefix: string): TempTree {
  const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    root,
    write(files) {
      for (const [relative, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, relative)), { recursive: true });
        writeFileSync(join(root, relative), text);
      }
      return root;
    },
    path: (relative) => join(root, relative),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
