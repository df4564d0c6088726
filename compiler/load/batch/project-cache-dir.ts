/**
 * Where a project keeps the results cache of `toolkit validate` and `toolkit build`:
 * `<project>/.toolkit/cache`, only in a directory that is already a project (it has `.toolkit/`).
 * Validating or building somewhere else caches nothing rather than turn the directory into a project.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** The cache directory of the project at `projectDir`, or undefined when it has no `.toolkit/`. */
export function projectCacheDir(projectDir: string): string | undefined {
  try {
    return statSync(join(projectDir, '.toolkit')).isDirectory() ? join(projectDir, '.toolkit', 'cache') : undefined;
  } catch {
    return undefined;
  }
}
