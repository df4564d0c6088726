/**
 * A bundle carries the inline SQLite databases of its schemas: each `data/<database>` beside a
 * schema file is copied to `<out>/data/<schema dir>/<database>` (the schema dir relative to the
 * schemas directory), where the bundle's runtime looks for it (`dataDir`). A database that is not
 * there is skipped: the front end already warned (RES020), and the served resource says where it
 * was looked for.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { carriedDatabasePath } from '../../runtime/resources/database-location.ts';
import type { AnalysedSchema } from './analyse-schemas.ts';

/** Directory of a build's output holding the carried databases. */
export const DATA_DIR = 'data';

/** Copies the inline databases of `built` under `<outDir>/data/`; returns the copied paths relative to it. */
export function carryInlineDatabases(outDir: string, built: readonly AnalysedSchema[]): string[] {
  const copied: string[] = [];
  for (const { source, model } of built) {
    for (const resource of model.resources) {
      if (resource.origin !== 'inline') continue;
      const from = join(dirname(source.path), 'data', resource.database);
      if (!existsSync(from)) continue;
      const relative = carriedDatabasePath(source.file, resource.database);
      const to = join(outDir, DATA_DIR, relative);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
      copied.push(relative);
    }
  }
  return copied;
}
