/**
 * `toolkit search`: ranks the catalog's search index (runtime/search, the same ranking the toolset
 * mode uses) and prints at most 10 tools, each with its name, description and the command that adds
 * it. Shared by the command and by the fast start (fast-search.ts), so both print the same bytes.
 */
import { DEFAULT_SEARCH_LIMIT, searchTools } from '../runtime/search/rank.ts';
import type { SearchEntry, SearchIndex } from '../runtime/search/search-index.ts';
import { cliName } from '../runtime/wire-name.ts';

/** The spec's cap on search results. */
export const MAX_RESULTS = DEFAULT_SEARCH_LIMIT;

export interface SearchResult {
  /** The CLI name (what `toolkit add` takes). */
  readonly name: string;
  /** The MCP name a server of the whole catalog lists it under. */
  readonly wireName: string;
  readonly namespace: string;
  readonly tool: string;
  readonly description: string;
  readonly add: string;
  readonly score: number;
}

/**
 * The CLI name of an entry: its wire name for a 3.x tool (`<tool_name>_<namespace>`, collision
 * suffix included); for a 2.0.0 route (wire name `<namespace>__<route>`) the index also carries
 * the CLI name as a hint.
 */
function cliNameOf(entry: SearchEntry): string {
  const base = cliName(entry.namespace, entry.tool);
  const isBase = (name: string): boolean => {
    if (name === base) return true;
    const cut = /^(.+)_[0-9a-f]{6,}$/.exec(name)?.[1];
    return cut !== undefined && base.startsWith(cut);
  };
  if (isBase(entry.name)) return entry.name;
  return entry.hints.find(isBase) ?? base;
}

export function searchCatalog(index: SearchIndex, query: string, limit: number = MAX_RESULTS): { total: number; results: SearchResult[] } {
  const hits = searchTools(index, query, Number.MAX_SAFE_INTEGER);
  const results = hits.slice(0, Math.min(limit, MAX_RESULTS)).map(({ entry, score }) => {
    const name = cliNameOf(entry);
    return { name, wireName: entry.name, namespace: entry.namespace, tool: entry.tool, description: entry.description, add: `toolkit add ${name}`, score: Math.round(score * 1000) / 1000 };
  });
  return { total: hits.length, results };
}

const oneLine = (text: string, max = 110): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The text `toolkit search` prints (or its JSON with `--json`). */
export function renderSearch(query: string, found: { total: number; results: readonly SearchResult[] }, json: boolean): string {
  if (json) return `${JSON.stringify({ query, total: found.total, results: found.results }, null, 2)}\n`;
  if (found.results.length === 0) return `No tool matches ${JSON.stringify(query)}. Try other words (names, namespaces, tags or words of the description).\n`;
  const blocks = found.results.map((r) => `${r.name}\n  ${oneLine(r.description)}\n  ${r.add}`);
  const shown = found.results.length;
  const summary = shown < found.total ? `${shown} of ${found.total} matching tools shown (the best ${shown}); more words narrow the search.` : `${shown} tool${shown === 1 ? '' : 's'} match ${JSON.stringify(query)}.`;
  return `${blocks.join('\n\n')}\n\n${summary}\n`;
}
