/** Finds the `_lists/` directory a schema uses when none is given: the nearest one walking up (≤ 10 levels). */
import { dirname, join, resolve } from 'node:path';
import type { FileSystem } from './file-system.ts';

export function nearestListsDir(schemaFile: string, fs: FileSystem): string | undefined {
  let dir = dirname(resolve(schemaFile));
  for (let level = 0; level <= 10; level += 1) {
    const candidate = join(dir, '_lists');
    if (fs.isDirectory(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}
