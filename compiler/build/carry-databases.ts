/**
 * A bundle carries the inline SQLite databases of its schemas: each `data/<database>` beside a
 * schema file is copied to `<out>/data/<schema dir>/<database>` (the schema dir relative to the
 * schemas directory), where the bundle's runtime looks for it (`dataDir`). A database that is not
 * there is skipped: the front end already warned (RES020), and the served resource says where it
 * was looked for. So is a link that leads outside the schema's directory (RES007 at load; checked
 * again here, as copying would turn the file it leads to into one of the bundle's own).
 */
import { copyFileSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from '../load/find-schema-files.ts';
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
      if (!ownFile(from, dirname(source.path))) continue;
      const relative = carriedDatabasePath(source.file, resource.database);
      const to = join(outDir, DATA_DIR, relative);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
      copied.push(relative);
    }
  }
  return copied;
}

/** True when `path` exists and, links resolved, lies inside `schemaDir`. */
function ownFile(path: string, schemaDir: string): boolean {
  try {
    return isInside(realpathSync.native(schemaDir), realpathSync.native(path));
  } catch {
    return false;
  }
}
