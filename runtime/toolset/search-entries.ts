/**
 * The search index of a set of schemas under their wire names: one entry per served tool, in
 * serving order. One function for the toolset mode and for whatever else searches served tools, so
 * the same schemas always give the same index.
 */
import type { SchemaModel, ToolModel } from '../model.ts';
import { buildSearchIndex, type SearchIndex } from '../search/index.ts';

/**
 * Entries for every tool of `schemas` (schema order, then tool order), named by `names` (the listing's wire names, same
 * order).
 */
export function searchIndexOf(schemas: readonly SchemaModel[], names: readonly string[]): SearchIndex {
  const entries = schemas.flatMap((schema) => schema.tools.map((tool) => ({ schema, tool })));
  if (entries.length !== names.length)
    throw new Error(`the search index needs one name per tool: ${names.length} names for ${entries.length} tools`);
  return buildSearchIndex(
    entries.map(({ schema, tool }, index) => ({
      name: names[index]!,
      namespace: schema.namespace,
      tool: tool.name,
      description: tool.description,
      tags: schema.tags,
      hints: [...(schema.name ? [schema.name] : []), ...metaHints(tool)],
    })),
  );
}

/** Format 4's search words of a tool: its `meta.aliases` and `meta.searchHint`. */
export const metaHints = (tool: Pick<ToolModel, 'meta'>): string[] =>
  tool.meta ? [...tool.meta.aliases, tool.meta.searchHint] : [];
