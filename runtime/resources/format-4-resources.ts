/**
 * Format 4's markdown and http resources beside the SQLite ones, behind the one `ServedResources`
 * the server knows: documents answer their own URIs (`documents/served-documents.ts`); an http
 * resource is a SQLite resource whose database is downloaded before a query runs
 * (`http-resource-cache.ts`), for reads and for the query tools alike (`DownloadingQueryRunner`).
 */
import type { SchemaModel } from '../model.ts';
import { now, schemasNow, type LazySchemas, type Later } from './lazy-schemas.ts';
import type { ResourceEntry, ResourceTemplateEntry } from '../served-primitives.ts';
import type { UpstreamHttpClient } from '../upstream/upstream-http.ts';
import type { DatabasePlaces } from './database-location.ts';
import {
  createServedDocuments,
  listDocuments,
  documentCatalog,
  type ServedDocuments,
} from './documents/served-documents.ts';
import { HttpResourceCache } from './http-resource-cache.ts';
import type { QueryAnswer, QueryLimits } from './query-lane.ts';
import { QueryRunner } from './query-runner.ts';
import { listResources, resourceCatalog, type CatalogQuery } from './resource-catalog.ts';
import type { ServedResourcesHandle } from './served-resources.ts';

/** How an http resource's database is fetched: the runtime's upstream client and its deadline. */
export interface RemoteAccess {
  readonly http: UpstreamHttpClient;
  readonly timeoutMs: number;
  readonly closing?: AbortSignal;
  readonly log?: (line: string) => void;
}

/** A query runner that first makes sure an http resource's database is downloaded and fresh. */
export class DownloadingQueryRunner extends QueryRunner {
  constructor(
    places: DatabasePlaces,
    limits: QueryLimits,
    private readonly cache: HttpResourceCache,
  ) {
    super(places, limits);
  }

  override async run(
    target: CatalogQuery,
    given: ReadonlyMap<string, unknown>,
    source: 'text' | 'json',
  ): Promise<QueryAnswer> {
    await this.cache.ensure(target.owner.schema, target.owner.resource);
    return super.run(target, given, source);
  }
}

/** The query runner of schemas: downloading when one of them has an http resource (and remote access is given). */
export function queryRunnerFor(
  hasRemote: boolean,
  places: DatabasePlaces,
  limits: QueryLimits,
  remote: RemoteAccess | undefined,
): QueryRunner {
  if (!hasRemote || !remote) return new QueryRunner(places, limits);
  const cache = new HttpResourceCache({
    http: remote.http,
    places,
    timeoutMs: remote.timeoutMs,
    ...(remote.closing ? { closing: remote.closing } : {}),
    ...(remote.log ? { log: remote.log } : {}),
  });
  return new DownloadingQueryRunner(places, limits, cache);
}

export const hasDocuments = (schemas: readonly SchemaModel[]): boolean =>
  schemas.some((s) => (s.documents?.length ?? 0) > 0);

/** The SQLite URIs of `schemas`, which documents keep clear of. */
const sqliteUris = (schemas: readonly SchemaModel[]): Set<string> =>
  new Set(resourceCatalog(schemas).resources.map((r) => r.uri));

/** The resource listing of `schemas`: SQLite resources and queries, then documents (what a build embeds). */
export function listAllResources(schemas: readonly SchemaModel[]): {
  resources: ResourceEntry[];
  templates: ResourceTemplateEntry[];
} {
  const sqlite = listResources(resourceCatalog(schemas));
  if (!hasDocuments(schemas)) return sqlite;
  const documents = listDocuments(documentCatalog(schemas, sqliteUris(schemas)));
  return {
    resources: [...sqlite.resources, ...documents.resources],
    templates: [...sqlite.templates, ...documents.templates],
  };
}

/**
 * `sqlite` (the SQLite resources' handle) with the documents of `schemas` added; `listing` is the
 * combined listing a build computed (`listAllResources`), served as it is.
 */
export function withDocuments(
  sqlite: ServedResourcesHandle,
  schemas: LazySchemas,
  places: DatabasePlaces,
  listing?: Later<{ resources: readonly ResourceEntry[]; templates: readonly ResourceTemplateEntry[] }>,
): ServedResourcesHandle & { readonly documents: ServedDocuments } {
  let documents: ServedDocuments | undefined;
  const documentsNow = (): ServedDocuments =>
    (documents ??= createServedDocuments(
      schemasNow(schemas),
      places,
      new Set(sqlite.catalog.resources.map((r) => r.uri)),
    ));
  let listed: { resources: readonly ResourceEntry[]; templates: readonly ResourceTemplateEntry[] } | undefined;
  const listedNow = () =>
    (listed ??= (() => {
      if (listing !== undefined) return now(listing);
      const own = listDocuments(documentsNow().catalog);
      return { resources: [...sqlite.resources, ...own.resources], templates: [...sqlite.templates, ...own.templates] };
    })());
  return {
    get catalog() {
      return sqlite.catalog;
    },
    runner: sqlite.runner,
    get resources() {
      return listedNow().resources;
    },
    get templates() {
      return listedNow().templates;
    },
    get documents() {
      return documentsNow();
    },
    missingDatabases: () => sqlite.missingDatabases(),
    read: (uri, extra) => (documentsNow().owns(uri) ? documentsNow().read(uri) : sqlite.read(uri, extra)),
    close: () => sqlite.close(),
  };
}
