/**
 * `ServedResources` over a set of schemas: the listing (computed here or taken from a build), and
 * `read`, which finds the URI's resource or query, runs it and answers the rows as JSON. A read of
 * an unknown URI throws `ResourceNotFoundError`; bad arguments `InvalidArgumentsError`; a known
 * resource that cannot answer (its database missing, a cap reached) a `ResourceReadError` whose
 * message names the cause (for a missing database, the path it was looked for at).
 */
import { now, schemasNow, type LazySchemas, type Later } from './lazy-schemas.ts';
import {
  ResourceNotFoundError,
  type ReadResult,
  type ResourceContents,
  type ResourceEntry,
  type ResourceTemplateEntry,
  type ServedResources,
} from '../served-primitives.ts';
import { missingDatabaseNotes, primitiveFactsOf } from './primitive-facts.ts';
import type { QueryAnswer } from './query-lane.ts';
import { QueryRunner } from './query-runner.ts';
import {
  describeResource,
  JSON_MIME,
  listResources,
  resourceCatalog,
  type CatalogQuery,
  type CatalogResource,
  type ResourceCatalog,
} from './resource-catalog.ts';
import { parseResourceUri } from './resource-uri.ts';

/** How long a client may reuse a read: inline databases ship with the schema; others may be replaced at any time. */
const INLINE_TTL_MS = 60_000;

/** A `resources/read` result that always carries the 2026-07-28 cache hints. */
export interface CachedReadResult extends ReadResult {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

export interface ServedResourcesHandle extends ServedResources {
  readonly catalog: ResourceCatalog;
  readonly runner: QueryRunner;
  /** One line per resource whose database file is not there now (the rest is served). */
  missingDatabases(): string[];
  read(uri: string, extra?: { signal?: AbortSignal }): Promise<CachedReadResult>;
  close(): void;
}

/** The note added after the rows when some were left out. */
export function truncationNote(answer: QueryAnswer, maxBytes: number): string | undefined {
  if (answer.truncated === 'rows')
    return (
      `Only the first ${answer.rows} rows are shown (row cap reached). Narrow the query (WHERE, LIMIT) or page ` +
      `with OFFSET to see the rest.`
    );
  if (answer.truncated === 'bytes')
    return (
      `Only the first ${answer.rows} rows are shown: the rest would pass the ${maxBytes}-byte result cap. ` +
      `Select fewer columns or rows.`
    );
  return undefined;
}

/**
 * The resources of `schemas` (read on first need). `listing` is the answer a build computed ahead (it must be
 * `listResources(resourceCatalog(schemas))`); the catalog itself is computed on first read.
 */
export function createServedResources(
  schemas: LazySchemas,
  runner: QueryRunner,
  listing?: Later<{ resources: readonly ResourceEntry[]; templates: readonly ResourceTemplateEntry[] }>,
): ServedResourcesHandle {
  let catalog: ResourceCatalog | undefined;
  let listed: { resources: readonly ResourceEntry[]; templates: readonly ResourceTemplateEntry[] } | undefined;
  let targets: Map<string, CatalogResource | CatalogQuery> | undefined;
  const catalogOf = (): ResourceCatalog => (catalog ??= resourceCatalog(schemasNow(schemas)));
  const listedOf = () => (listed ??= listing === undefined ? listResources(catalogOf()) : now(listing));
  const targetOf = (base: string): CatalogResource | CatalogQuery | undefined => {
    targets ??= new Map<string, CatalogResource | CatalogQuery>([
      ...catalogOf().resources.map((r): [string, CatalogResource] => [r.uri, r]),
      ...catalogOf().queries.map((q): [string, CatalogQuery] => [q.uri, q]),
    ]);
    return targets.get(base);
  };

  return {
    get resources() {
      return listedOf().resources;
    },
    get templates() {
      return listedOf().templates;
    },
    get catalog() {
      return catalogOf();
    },
    runner,
    missingDatabases() {
      // An http resource's download is made on its first read.
      return missingDatabaseNotes(primitiveFactsOf(schemasNow(schemas)).databases, runner.places);
    },
    async read(uri) {
      const { base, parameters } = parseResourceUri(uri);
      const target = targetOf(base);
      if (!target) throw new ResourceNotFoundError(uri);
      if (!('queryName' in target)) {
        if (parameters.size > 0) throw new ResourceNotFoundError(uri);
        return {
          contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(describeResource(catalogOf(), target)) }],
          ttlMs: INLINE_TTL_MS,
          cacheScope: 'public',
        };
      }
      const ttlMs = target.owner.resource.origin === 'inline' ? INLINE_TTL_MS : 0;
      const answer = await runner.run(target, parameters, 'text');
      const contents: ResourceContents[] = [{ uri, mimeType: JSON_MIME, text: answer.json }];
      const note = truncationNote(answer, runner.limits.maxBytes);
      if (note) contents.push({ uri, mimeType: 'text/plain', text: note });
      return { contents, ttlMs, cacheScope: 'public' };
    },
    close: () => runner.close(),
  };
}
