/**
 * What a runtime must know of its schemas' resources, prompts and skills to start serving them
 * without reading the schemas: which kinds there are (the capabilities a server declares, the
 * providers it makes) and where each local database should be (the start-up note about missing
 * ones). A build records them beside the listings (`compiler/emit/primitives-listing.ts`); without
 * a build they are computed from the schemas.
 */
import { existsSync } from 'node:fs';
import type { SchemaModel } from '../model.ts';
import { servableAsExtensionSkill } from '../skills/servable.ts';
import { databasePath, shownPath, type DatabasePlaces } from './database-location.ts';

/** A resource whose database is a file on this machine (not an http download), as the start-up note names it. */
export interface LocalDatabase {
  readonly namespace: string;
  /** The schema file (relative to the schemas directory): where an inline database is. */
  readonly file: string;
  readonly resource: string;
  readonly database: string;
  readonly origin: 'global' | 'project' | 'inline';
}

export interface PrimitiveFacts {
  /** Some schema has a SQLite or http resource. */
  readonly resources: boolean;
  /** Some schema has a markdown document (format 4). */
  readonly documents: boolean;
  /** Some schema has an http resource. */
  readonly remote: boolean;
  /** Some schema has a prompt or a skill (both are served as prompts). */
  readonly prompts: boolean;
  /** Some schema has a skill (served as a prompt, and completed). */
  readonly skills: boolean;
  /** Some skill is served through the skills extension. */
  readonly extensionSkills: boolean;
  /** The local databases, in schema then resource order. */
  readonly databases: readonly LocalDatabase[];
}

/** What a build records: the facts, and how many entries each list answers (the capabilities a server declares). */
export interface BuildPrimitiveFacts extends PrimitiveFacts {
  /** `resources/list` and `resources/templates/list` entries together. */
  readonly resourceEntries: number;
  /** `prompts/list` entries. */
  readonly promptEntries: number;
  /** Whether the listing has selections' groups (then it is read at start: the server registers them). */
  readonly groups: boolean;
}

/** The facts of `schemas`. */
export function primitiveFactsOf(schemas: readonly SchemaModel[]): PrimitiveFacts {
  return {
    resources: schemas.some((s) => s.resources.length > 0),
    documents: schemas.some((s) => (s.documents?.length ?? 0) > 0),
    remote: schemas.some((s) => s.resources.some((r) => r.remote !== undefined)),
    prompts: schemas.some((s) => s.prompts.length > 0 || s.skills.length > 0),
    skills: schemas.some((s) => s.skills.length > 0),
    extensionSkills: schemas.some((s) => s.skills.some(servableAsExtensionSkill)),
    databases: schemas.flatMap((schema) =>
      schema.resources
        .filter((resource) => resource.remote === undefined)
        .map((resource) => ({
          namespace: schema.namespace,
          file: schema.file,
          resource: resource.name,
          database: resource.database,
          origin: resource.origin,
        })),
    ),
  };
}

/** One line per database not there now (its queries fail until it is). */
export function missingDatabaseNotes(databases: readonly LocalDatabase[], places: DatabasePlaces): string[] {
  return databases.flatMap((entry) => {
    const path = databasePath(entry, entry, places);
    return existsSync(path)
      ? []
      : [
          `resource ${entry.namespace}/${entry.resource}: database ${entry.database} (origin ${entry.origin}) ` +
            `not found at ${shownPath(path, places.home)}; its queries will fail until it is there`,
        ];
  });
}
