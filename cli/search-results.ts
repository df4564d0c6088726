/**
 * `toolkit search`: ranks the catalog's tools (its search index, runtime/search, the same ranking
 * the toolset mode uses) together with its resources, prompts and skills (from the catalog index),
 * and prints at most 10, each with its kind, name, description and the command to use it (for a
 * tool, the one that adds it). Shared by the command and by the fast start (fast-search.ts), so both
 * print the same bytes.
 */
import type { CatalogPrimitive } from '../compiler/build/catalog-index-file.ts';
import { DEFAULT_SEARCH_LIMIT, searchTools } from '../runtime/search/rank.ts';
import { buildSearchIndex, type SearchEntry, type SearchIndex } from '../runtime/search/search-index.ts';
import { cliName } from '../runtime/wire-name.ts';

/** The spec's cap on search results. */
export const MAX_RESULTS = DEFAULT_SEARCH_LIMIT;

export type SearchKind = 'tool' | CatalogPrimitive['kind'];

export interface SearchResult {
  readonly kind: SearchKind;
  /** A tool's CLI name (what `toolkit add` takes), a resource's URI, a prompt's or skill's MCP name. */
  readonly name: string;
  /** The name a server of the whole catalog serves it under. */
  readonly wireName: string;
  readonly namespace: string;
  /** Its name in the schema. */
  readonly tool: string;
  readonly description: string;
  /** For a tool: the command that adds it. */
  readonly add?: string;
  /** What to do to use it: for a tool, `add`. */
  readonly use: string;
  readonly score: number;
}

/** The command to use a resource, prompt or skill: they are served with the whole catalog. */
const useOf = (primitive: CatalogPrimitive): string =>
  primitive.kind === 'resource'
    ? `read ${primitive.wireName} over MCP from \`toolkit server\` (served while no tool is active)`
    : `get the prompt ${primitive.wireName} over MCP from \`toolkit server\` (served while no tool is active)`;

/** Resources, prompts and skills as search entries (ranked like tools), keyed by their position. */
const primitiveIndex = (primitives: readonly CatalogPrimitive[]): SearchIndex =>
  buildSearchIndex(
    primitives.map((p, i) => ({
      name: `${i}`,
      namespace: p.namespace,
      tool: p.name,
      description: p.description,
      tags: [],
      hints: [...p.hints, p.wireName],
    })),
  );

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

export function searchCatalog(
  index: SearchIndex,
  query: string,
  limit: number = MAX_RESULTS,
  primitives: readonly CatalogPrimitive[] = [],
): { total: number; results: SearchResult[] } {
  const round = (score: number): number => Math.round(score * 1000) / 1000;
  const tools = searchTools(index, query, Number.MAX_SAFE_INTEGER).map(({ entry, score }): SearchResult => {
    const name = cliNameOf(entry);
    const add = `toolkit add ${name}`;
    return {
      kind: 'tool',
      name,
      wireName: entry.name,
      namespace: entry.namespace,
      tool: entry.tool,
      description: entry.description,
      add,
      use: add,
      score: round(score),
    };
  });
  const others = searchTools(primitiveIndex(primitives), query, Number.MAX_SAFE_INTEGER).map(
    ({ entry, score }): SearchResult => {
      const primitive = primitives[Number(entry.name)]!;
      return {
        kind: primitive.kind,
        name: primitive.wireName,
        wireName: primitive.wireName,
        namespace: primitive.namespace,
        tool: primitive.name,
        description: primitive.description,
        use: useOf(primitive),
        score: round(score),
      };
    },
  );
  // One ranking (scores are per entry); at equal scores tools come first.
  const hits = [...tools, ...others].sort(
    (a, b) => b.score - a.score || (a.kind === 'tool' ? 0 : 1) - (b.kind === 'tool' ? 0 : 1),
  );
  return { total: hits.length, results: hits.slice(0, Math.min(limit, MAX_RESULTS)) };
}

const oneLine = (text: string, max = 110): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The text `toolkit search` prints (or its JSON with `--json`). */
export function renderSearch(
  query: string,
  found: { total: number; results: readonly SearchResult[] },
  json: boolean,
): string {
  if (json) return `${JSON.stringify({ query, total: found.total, results: found.results }, null, 2)}\n`;
  if (found.results.length === 0)
    return (
      `No tool, resource or prompt matches ${JSON.stringify(query)}. Try other words (names, namespaces, tags ` +
      `or words of the description).\n`
    );
  const blocks = found.results.map((r) => `${r.name}  (${r.kind})\n  ${oneLine(r.description)}\n  ${r.use}`);
  const shown = found.results.length;
  const onlyTools = found.results.every((r) => r.kind === 'tool') && shown === found.total;
  const noun = onlyTools ? 'tool' : 'match';
  const summary =
    shown < found.total
      ? `${shown} of ${found.total} matches shown (the best ${shown}); more words narrow the search.`
      : `${shown} ${noun}${shown === 1 ? '' : noun === 'match' ? 'es' : 's'} for ${JSON.stringify(query)}.`;
  return `${blocks.join('\n\n')}\n\n${summary}\n`;
}
