/**
 * A scratch project under the repository's ignored `tmp/` (so bundles resolve better-sqlite3 and the
 * SDK from node_modules as in a project), holding copies of catalog providers, each with a fresh copy
 * of its SQLite file, or schema files and databases written by the test. Removed after the test.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openSqliteFile } from '../../../scripts/sqlite-file.ts';
import { repoRoot } from './servers.ts';

export interface Workspace {
  readonly dir: string;
  readonly schemasDir: string;
  /** A scratch home directory (`~/.toolkit/data` for global databases). */
  readonly home: string;
  path(...parts: string[]): string;
  write(relativePath: string, text: string): string;
  /**
   * Copies `schemas/providers/<namespace>` of the repository into the workspace's schemas (and the shared lists beside
   * them).
   */
  copyProvider(namespace: string): void;
  /** Creates an SQLite file at `relativePath` from `sql`. */
  database(relativePath: string, sql: string): string;
  remove(): void;
}

export function createWorkspace(prefix: string): Workspace {
  mkdirSync(join(repoRoot, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, 'tmp', `${prefix}-`));
  const schemasDir = join(dir, 'schemas');
  const home = join(dir, 'home');
  mkdirSync(schemasDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const path = (...parts: string[]) => join(dir, ...parts);
  return {
    dir,
    schemasDir,
    home,
    path,
    write(relativePath, text) {
      const file = path(relativePath);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    copyProvider(namespace) {
      cpSync(join(repoRoot, 'schemas', 'providers', namespace), join(schemasDir, 'providers', namespace), {
        recursive: true,
      });
      cpSync(join(repoRoot, 'schemas', '_lists'), join(schemasDir, '_lists'), { recursive: true });
    },
    database(relativePath, sql) {
      const file = path(relativePath);
      mkdirSync(dirname(file), { recursive: true });
      rmSync(file, { force: true });
      const db = openSqliteFile(file);
      db.exec(sql);
      db.close();
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
