/**
 * The tool search index: one entry per served tool, built at build time (and by `toolkit server`
 * from the same models) and read by `toolkit search` and the toolset mode's `search_tools`.
 * Plain JSON data, in serving order, so the same schemas give the same bytes.
 */

export interface SearchEntry {
  /** The MCP wire name (what a client calls). */
  readonly name: string;
  readonly namespace: string;
  /** The tool name as written in the schema (camelCase). */
  readonly tool: string;
  readonly description: string;
  /** The schema's tags. */
  readonly tags: readonly string[];
  /** Extra words a searcher may use: aliases, search hints, the schema's name. */
  readonly hints: readonly string[];
}

export interface SearchIndex {
  readonly version: 1;
  readonly entries: readonly SearchEntry[];
}

export function buildSearchIndex(entries: Iterable<SearchEntry>): SearchIndex {
  return {
    version: 1,
    entries: [...entries].map((entry) => ({
      name: entry.name,
      namespace: entry.namespace,
      tool: entry.tool,
      description: entry.description,
      tags: [...entry.tags],
      hints: [...entry.hints],
    })),
  };
}

/** Reads an index from parsed JSON, naming what is wrong when it is not one. */
export function readSearchIndex(data: unknown): SearchIndex {
  const index = data as Partial<SearchIndex> | null;
  if (index === null || typeof index !== 'object' || index.version !== 1 || !Array.isArray(index.entries)) {
    throw new Error('not a toolkit search index (expected { version: 1, entries: [...] })');
  }
  for (const [position, entry] of index.entries.entries()) {
    const ok =
      entry !== null &&
      typeof entry === 'object' &&
      typeof entry.name === 'string' &&
      typeof entry.namespace === 'string' &&
      typeof entry.tool === 'string' &&
      typeof entry.description === 'string' &&
      Array.isArray(entry.tags) &&
      Array.isArray(entry.hints);
    if (!ok) throw new Error(`search index entry ${position} is malformed`);
  }
  return index as SearchIndex;
}
