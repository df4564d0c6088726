/**
 * Every query also as a tool, for MCP clients that only call tools: same queries, same checks, same
 * caps, with a real input schema (the query's parameters, typed; freeQuery's `sql` and `limit`).
 * Served only when switched on (`TOOLKIT_QUERY_TOOLS=1`, or the runtime option `queryTools`). Tool
 * names are `snake(<query>_<resource>)_<namespace>`, never taking a name a schema tool already has.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { RuntimeTool } from '../runtime-tool.ts';
import { InvalidArgumentsError } from '../served-primitives.ts';
import { assignWireNames, MAX_WIRE_NAME } from '../wire-name.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';
import { MAX_FREE_SQL_LENGTH } from './free-query-guard.ts';
import { FREE_QUERY_MAX_LIMIT, type CatalogQuery, type ResourceCatalog } from './resource-catalog.ts';
import { truncationNote, type ServedResourcesHandle } from './served-resources.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

/** The JSON Schema of a query's arguments. */
function inputSchemaOf(query: CatalogQuery): Tool['inputSchema'] {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const p of query.parameters) {
    const schema: Record<string, unknown> = { type: p.type };
    if (p.description) schema.description = p.description;
    if (p.default !== undefined) schema.default = p.default;
    properties[p.name] = schema;
  }
  if (query.query === undefined) {
    Object.assign(properties.sql!, { minLength: 1, maxLength: MAX_FREE_SQL_LENGTH });
    Object.assign(properties.limit!, { type: 'integer', minimum: 1, maximum: FREE_QUERY_MAX_LIMIT });
  }
  const required = query.parameters.filter((p) => p.required).map((p) => p.name);
  return {
    type: 'object',
    properties: properties as Tool['inputSchema']['properties'],
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** The `tools/list` entries of every query, named clear of `takenNames` (the schemas' own tools). */
export function listQueryTools(catalog: ResourceCatalog, takenNames: readonly string[]): Tool[] {
  const names = assignWireNames(
    catalog.queries.map((q) => ({
      namespace: q.owner.schema.namespace,
      toolName: `${q.queryName}_${q.owner.resource.name}`,
      source: q.owner.schema.file,
    })),
  );
  const taken = new Set(takenNames);
  return catalog.queries.map((query, index) => {
    let name = names[index]!;
    if (taken.has(name)) {
      const suffix = crypto()
        .createHash('sha256')
        .update(`query:${query.name}@${query.owner.schema.file}`)
        .digest('hex')
        .slice(0, 6);
      name = `${name.slice(0, MAX_WIRE_NAME - suffix.length - 1)}_${suffix}`;
    }
    taken.add(name);
    return {
      name,
      description:
        `[${query.owner.schema.namespace}/${query.owner.resource.name} ${query.queryName}] ` + `${query.description}`,
      inputSchema: inputSchemaOf(query),
    };
  });
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** The query tools of a served resources handle, for a listing made by `listQueryTools` over the same catalog. */
export function createQueryTools(
  handle: ServedResourcesHandle,
  listing: readonly Tool[],
): { readonly listing: readonly Tool[]; tool(name: string): RuntimeTool | undefined } {
  let byName: Map<string, RuntimeTool> | undefined;
  const build = (): Map<string, RuntimeTool> => {
    const queries = handle.catalog.queries;
    if (queries.length !== listing.length)
      throw new Error(
        `the query tool listing names ${listing.length} tools but the schemas have ${queries.length} queries`,
      );
    return new Map(listing.map((entry, index) => [entry.name, queryTool(handle, queries[index]!, entry)]));
  };
  return {
    listing,
    tool: (name) => (byName ??= build()).get(name),
  };
}

function queryTool(handle: ServedResourcesHandle, query: CatalogQuery, entry: Tool): RuntimeTool {
  return {
    name: entry.name,
    description: entry.description ?? '',
    inputSchema: entry.inputSchema as RuntimeTool['inputSchema'],
    async call(args) {
      if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
        return errorResult(`invalid arguments for ${entry.name}: expected an object`);
      try {
        const answer = await handle.runner.run(query, new Map(Object.entries(args ?? {})), 'json');
        const note = truncationNote(answer, handle.runner.limits.maxBytes);
        return {
          content: [{ type: 'text', text: answer.json }, ...(note ? [{ type: 'text' as const, text: note }] : [])],
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return errorResult(
          error instanceof InvalidArgumentsError ? `invalid arguments for ${entry.name}: ${message}` : message,
        );
      }
    },
  };
}
