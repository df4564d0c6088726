/** Finds the `_lists/` directory a schema uses when none is given: the nearest one walking up (≤ 10 levels). */
import { dirname, join, resolve } from 'node:path';
import type { FileSystem } from './file-system.ts';

/** Walks up from the schema's folder; a relative schema path gives a relative lists path (for messages). */
export function nearestListsDir(schemaFile: string, fs: Pick<FileSystem, 'isDirectory'>): string | undefined {
  let dir = dirname(schemaFile);
  for (let level = 0; level <= 10; level += 1) {
    const candidate = join(dir, '_lists');
    if (fs.isDirectory(candidate)) return candidate;
    const parent = join(dir, '..');
    if (resolve(parent) === resolve(dir)) return undefined;
    dir = parent;
  }
  return undefined;
}
