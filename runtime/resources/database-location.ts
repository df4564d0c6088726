/**
 * Where a resource's database file is, by its `origin`: `global` =
 * `~/.toolkit/data/<namespace>/<database>`, `project` = `<project>/.toolkit/data/<namespace>/<database>`,
 * `inline` = `data/<database>` beside the schema file. A `global` or `project` database belongs to
 * the namespace that declares it: another schema naming the same file name opens a file of its own
 * namespace's directory, never this one. A built bundle carries its inline databases in `data/`
 * beside itself (`toolkit build` copies them there, under the schema's directory relative to the
 * schemas directory) and passes that directory as `dataDir`.
 */
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { ResourceModel, SchemaModel } from '../model.ts';

export interface DatabasePlaces {
  /** Home directory for `global` databases and http downloads (the entries give the user's home; none is assumed). */
  readonly home?: string;
  /** Project directory for `project` databases (default: the working directory). */
  readonly projectDir?: string;
  /**
   * Where a built bundle keeps its inline databases: `<dataDir>/<schema dir>/<database>`, the schema
   * dir being `dirname(schema.file)` (relative to the schemas directory). Without it, inline databases
   * are read from `data/` beside the schema file itself.
   */
  readonly dataDir?: string;
}

/**
 * One path segment for a name: the compiler allows only plain names (RES006, RES007, VAL011); a
 * model that skipped it still cannot climb out of its directory (`..`, `a/b` become plain names).
 */
const segment = (name: string): string => {
  const plain = basename(name.replace(/\\/g, '/'));
  return plain === '' || plain === '.' || plain === '..' ? '_' : plain;
};

/** The home directory the caller gave; a `global` or http database without one is an error naming it. */
function homeOf(places: DatabasePlaces, database: string): string {
  if (places.home !== undefined) return places.home;
  throw new Error(`database ${database} is in the home directory, and none was given (places.home)`);
}

/**
 * The absolute path of the resource's database file (an http resource's: its download in
 * `~/.toolkit/cache/resources/<namespace>/`, so that no schema reads or replaces another's copy).
 */
export function databasePath(
  schema: Pick<SchemaModel, 'file' | 'namespace'>,
  resource: Pick<ResourceModel, 'origin' | 'database'> & { readonly remote?: unknown },
  places: DatabasePlaces = {},
): string {
  if (resource.remote !== undefined)
    return resolve(
      homeOf(places, resource.database),
      '.toolkit',
      'cache',
      'resources',
      segment(schema.namespace),
      segment(resource.database),
    );
  switch (resource.origin) {
    case 'global':
      return resolve(
        homeOf(places, resource.database),
        '.toolkit',
        'data',
        segment(schema.namespace),
        segment(resource.database),
      );
    case 'project':
      return resolve(
        places.projectDir ?? process.cwd(),
        '.toolkit',
        'data',
        segment(schema.namespace),
        segment(resource.database),
      );
    case 'inline':
      return places.dataDir !== undefined
        ? resolve(places.dataDir, dirname(schema.file), resource.database)
        : resolve(places.projectDir ?? process.cwd(), dirname(schema.file), 'data', resource.database);
  }
}

/**
 * The directory an `inline` database must lie in once links are resolved: the schema's own
 * directory (or, for a bundle, the schema's directory under `dataDir`). A schema's files come with
 * the schema, so a link among them to a file elsewhere (another program's database in the user's
 * home) would let a schema read it. Undefined for `global` and `project` databases: those
 * directories are the user's, and a link there is the user's choice.
 */
export function databaseRoot(
  schema: Pick<SchemaModel, 'file'>,
  resource: Pick<ResourceModel, 'origin'>,
  places: DatabasePlaces = {},
): string | undefined {
  if (resource.origin !== 'inline') return undefined;
  return places.dataDir !== undefined
    ? resolve(places.dataDir, dirname(schema.file))
    : resolve(places.projectDir ?? process.cwd(), dirname(schema.file));
}

/** Where a build puts an inline database, relative to its output's `data/` directory (`/`-separated). */
export const carriedDatabasePath = (schemaFile: string, database: string): string =>
  join(dirname(schemaFile), database).split(sep).join('/');

/** A path as shown in messages: the home directory (when known) written `~`. */
export function shownPath(path: string, home?: string): string {
  return home && (path === home || path.startsWith(home + sep)) ? `~${path.slice(home.length)}` : path;
}
