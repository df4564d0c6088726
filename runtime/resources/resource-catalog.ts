/**
 * What a set of schemas serves as MCP resources, as plain data computed from the models alone (no
 * file is opened): every SQLite resource gets a URI `toolkit://<namespace>/<resource>` (readable: its
 * queries, described), each query without parameters a resource `…/<query>`, each query with
 * parameters a resource template `…/<query>{?a,b}` (RFC 6570 form-style query), and every resource an
 * injected `…/freeQuery{?sql,limit}` template. The same function feeds the runtime and the listing a
 * build embeds, so both say the same thing.
 */
import { lazyBuiltin } from '../lazy-builtin.ts';
import type { ResourceModel, ResourceQueryModel, ResourceQueryParameterModel, SchemaModel } from '../model.ts';
import type { ResourceEntry, ResourceTemplateEntry } from '../served-primitives.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

export const URI_SCHEME = 'toolkit';
export const JSON_MIME = 'application/json';
/** The injected query's name. */
export const FREE_QUERY = 'freeQuery';
/** freeQuery rows: `limit` defaults to this and may not exceed `FREE_QUERY_MAX_LIMIT`. */
export const FREE_QUERY_DEFAULT_LIMIT = 100;
export const FREE_QUERY_MAX_LIMIT = 1000;

/** freeQuery's parameters, as a query's are declared. */
export const FREE_QUERY_PARAMETERS: readonly ResourceQueryParameterModel[] = [
  {
    name: 'sql',
    type: 'string',
    required: true,
    description: 'one read-only SELECT (or WITH … SELECT) statement, values written inline',
  },
  {
    name: 'limit',
    type: 'number',
    required: false,
    default: FREE_QUERY_DEFAULT_LIMIT,
    description: `rows returned at most (1 to ${FREE_QUERY_MAX_LIMIT})`,
  },
];

/** One served resource: its schema and model, and the URI everything about it hangs from. */
export interface CatalogResource {
  readonly schema: SchemaModel;
  readonly resource: ResourceModel;
  /** `toolkit://<namespace>/<segment>`. */
  readonly uri: string;
  /** Dotted name prefix, `<namespace>.<segment>`. */
  readonly name: string;
}

/** One served query (freeQuery included, with `query` undefined). */
export interface CatalogQuery {
  readonly owner: CatalogResource;
  /** The query's name (`freeQuery` for the injected one). */
  readonly queryName: string;
  readonly query: ResourceQueryModel | undefined;
  readonly parameters: readonly ResourceQueryParameterModel[];
  /** The URI without its query string. */
  readonly uri: string;
  readonly name: string;
  readonly description: string;
}

export interface ResourceCatalog {
  readonly resources: readonly CatalogResource[];
  readonly queries: readonly CatalogQuery[];
}

const shortHash = (text: string): string => crypto().createHash('sha256').update(text).digest('hex').slice(0, 6);

/** A parameter in a description: `country (string, required): ISO code`. */
function describeParameter(p: ResourceQueryParameterModel): string {
  const facts = [
    p.type,
    p.required ? 'required' : p.default !== undefined ? `default ${JSON.stringify(p.default)}` : 'optional',
  ];
  return `${p.name} (${facts.join(', ')})${p.description ? `: ${p.description}` : ''}`;
}

function queryDescription(
  query: ResourceQueryModel | undefined,
  owner: CatalogResource,
  parameters: readonly ResourceQueryParameterModel[],
): string {
  const text = query
    ? query.description
    : `Runs one read-only SELECT (or WITH … SELECT) of your own against ${owner.resource.database} and returns the ` +
      `rows (read getSchema first for the tables).`;
  const columns = query?.columns?.length ? ` Columns: ${query.columns.join(', ')}.` : '';
  const params = parameters.length ? ` Parameters: ${parameters.map(describeParameter).join('; ')}.` : '';
  return `${text}${columns}${params} Returns rows as a JSON array of objects.`;
}

/** The served resources and queries of these schemas, in schema, resource, query order. */
export function resourceCatalog(schemas: readonly SchemaModel[]): ResourceCatalog {
  const counts = new Map<string, number>();
  for (const schema of schemas)
    for (const resource of schema.resources)
      counts.set(`${schema.namespace}/${resource.name}`, (counts.get(`${schema.namespace}/${resource.name}`) ?? 0) + 1);
  const resources: CatalogResource[] = [];
  const queries: CatalogQuery[] = [];
  for (const schema of schemas) {
    for (const resource of schema.resources) {
      const key = `${schema.namespace}/${resource.name}`;
      // Two schema files with the same namespace and resource name: each segment carries its file's hash.
      const segment = counts.get(key) === 1 ? resource.name : `${resource.name}~${shortHash(`${key}@${schema.file}`)}`;
      const owner: CatalogResource = {
        schema,
        resource,
        uri: `${URI_SCHEME}://${schema.namespace}/${segment}`,
        name: `${schema.namespace}.${segment}`,
      };
      resources.push(owner);
      const entries: [string, ResourceQueryModel | undefined][] = [
        ...resource.queries.map((q): [string, ResourceQueryModel] => [q.name, q]),
        [FREE_QUERY, undefined],
      ];
      for (const [queryName, query] of entries) {
        const parameters = query ? query.parameters : FREE_QUERY_PARAMETERS;
        queries.push({
          owner,
          queryName,
          query,
          parameters,
          uri: `${owner.uri}/${queryName}`,
          name: `${owner.name}.${queryName}`,
          description: queryDescription(query, owner, parameters),
        });
      }
    }
  }
  return { resources, queries };
}

/** The `resources/list` and `resources/templates/list` answers for a catalog. */
export function listResources(catalog: ResourceCatalog): {
  resources: ResourceEntry[];
  templates: ResourceTemplateEntry[];
} {
  const resources: ResourceEntry[] = [];
  const templates: ResourceTemplateEntry[] = [];
  for (const owner of catalog.resources) {
    resources.push({
      uri: owner.uri,
      name: owner.name,
      description: `${owner.resource.description} Read this resource for its queries (URIs, parameters, columns).`,
      mimeType: JSON_MIME,
    });
    for (const query of catalog.queries) {
      if (query.owner !== owner) continue;
      if (query.parameters.length === 0)
        resources.push({ uri: query.uri, name: query.name, description: query.description, mimeType: JSON_MIME });
      else
        templates.push({
          uriTemplate: `${query.uri}{?${query.parameters.map((p) => p.name).join(',')}}`,
          name: query.name,
          description: query.description,
          mimeType: JSON_MIME,
        });
    }
  }
  return { resources, templates };
}

/** What reading a resource's own URI returns: the resource and its queries, for a model to pick from. */
export function describeResource(catalog: ResourceCatalog, owner: CatalogResource): unknown {
  return {
    resource: owner.resource.name,
    namespace: owner.schema.namespace,
    description: owner.resource.description,
    database: owner.resource.database,
    origin: owner.resource.origin,
    queries: catalog.queries
      .filter((q) => q.owner === owner)
      .map((q) => ({
        name: q.queryName,
        description: q.query?.description ?? q.description,
        ...(q.parameters.length === 0
          ? { uri: q.uri }
          : { uriTemplate: `${q.uri}{?${q.parameters.map((p) => p.name).join(',')}}` }),
        parameters: Object.fromEntries(
          q.parameters.map((p) => [
            p.name,
            {
              type: p.type,
              required: p.required,
              ...(p.default !== undefined ? { default: p.default } : {}),
              ...(p.description ? { description: p.description } : {}),
            },
          ]),
        ),
        ...(q.query?.columns ? { columns: q.query.columns } : {}),
      })),
  };
}
