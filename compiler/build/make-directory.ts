/**
 * `mkdir -p` that always ends. Node's own recursive `mkdirSync` loops for ever where the kernel
 * answers a creation with ENOENT although the parent exists (under `/proc`, for one): here each
 * missing level is made on its own, so such a path fails at once with the system's error.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let dir = resolve(path); statSync(dir, { throwIfNoEntry: false }) === undefined; dir = dirname(dir)) {
    missing.push(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
