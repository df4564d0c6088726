/**
 * Scratch space for build tests: a directory under the repository's ignored `tmp/` (so generated
 * code resolves `zod` and the bundles resolve their external packages from node_modules, as they
 * would in a project), removed after the test. Never the real `generated/`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface Workspace {
  readonly dir: string;
  readonly schemasDir: string;
  path(...parts: string[]): string;
  write(relativePath: string, text: string): string;
  remove(): void;
}

/** A fresh directory `tmp/<prefix>-XXXX/` with an empty `schemas/` inside. */
export function createWorkspace(prefix = 'build'): Workspace {
  mkdirSync(join(repoRoot, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'tmp', `${prefix}-`));
  const schemasDir = join(dir, 'schemas');
  mkdirSync(schemasDir);
  return {
    dir,
    schemasDir,
    path: (...parts) => join(dir, ...parts),
    write(relativePath, text) {
      const path = join(dir, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
