/**
 * Looks for an MCP server card (SEP-2127, with the older SEP-1649 / SEP-1960 locations and the AI
 * Catalog) so the report can say which discovery convention, if any, the server follows.
 */
import type { LayerContext } from '../layer.ts';
import { fetchJsonObject } from '../shared/fetch-json.ts';

export type CardConvention = 'sep-2127' | 'sep-2127-well-known' | 'sep-1649' | 'sep-1960' | 'ai-catalog';

export interface ServerCard {
  readonly url: string;
  readonly convention: CardConvention;
  readonly card: Record<string, unknown>;
  /** Required fields that are missing or of the wrong type. */
  readonly missing: readonly string[];
  /** True when a `remotes[].url` names the endpoint under test. */
  readonly listsEndpoint: boolean;
}

/** `$schema` of server cards. */
export const serverCardSchema = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

function candidates(endpoint: URL): Array<{ url: string; convention: CardConvention }> {
  const origin = endpoint.origin;
  return [
    { url: `${endpoint.href.replace(/\/$/, '')}/server-card`, convention: 'sep-2127' },
    { url: `${origin}/.well-known/mcp/server-card.json`, convention: 'sep-2127-well-known' },
    { url: `${origin}/.well-known/mcp.json`, convention: 'sep-1649' },
    { url: `${origin}/.well-known/mcp`, convention: 'sep-1960' },
    { url: `${origin}/.well-known/ai-catalog.json`, convention: 'ai-catalog' },
  ];
}

function cardFromCatalog(catalog: Record<string, unknown>): Record<string, unknown> | null {
  const entries = Array.isArray(catalog.entries) ? catalog.entries : [];
  for (const entry of entries) {
    const e = entry as Record<string, unknown>;
    if (e.type === 'application/mcp-server-card+json' && e.data && typeof e.data === 'object')
      return e.data as Record<string, unknown>;
  }
  return null;
}

/** Probes every known location concurrently and returns the first found in preference order. */
export async function findServerCard(ctx: LayerContext): Promise<ServerCard | null> {
  const list = candidates(ctx.url);
  const attempts = await Promise.all(list.map((c) => fetchJsonObject(ctx, c.url)));
  for (const [index, attempt] of attempts.entries()) {
    const where = list[index];
    if (!attempt.ok || !where) continue;
    const card = where.convention === 'ai-catalog' ? cardFromCatalog(attempt.json) : attempt.json;
    if (!card) continue;
    const missing = ['name', 'version', 'description'].filter((f) => typeof card[f] !== 'string');
    if (card.$schema !== serverCardSchema) missing.unshift('$schema');
    const remotes = Array.isArray(card.remotes) ? (card.remotes as Array<Record<string, unknown>>) : [];
    const endpoint = ctx.url.href.replace(/\/$/, '');
    const listsEndpoint = remotes.some((r) => typeof r.url === 'string' && r.url.replace(/\/$/, '') === endpoint);
    return { url: attempt.url, convention: where.convention, card, missing, listsEndpoint };
  }
  return null;
}
