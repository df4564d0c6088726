/**
 * The discovery documents on `--http`: the server card at `<mcp endpoint>/server-card` (the place
 * SEP-2127's draft reserves) and at `/.well-known/mcp/server-card.json` (where deployments look),
 * as `application/mcp-server-card+json`, and the AI catalog at `/.well-known/ai-catalog.json`
 * (`application/ai-catalog+json`). Both are public: any origin may read them (CORS `*`, GET only),
 * caches may keep them an hour and revalidate with the ETag (304). A card whose endpoint was not
 * known at build time names the endpoint it is read from.
 */
import { lazyBuiltin } from '../lazy-builtin.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE, servedCard } from './discovery-documents.ts';

/** Loaded on first use: a start that needs it for nothing does not load node:crypto. */
const crypto = lazyBuiltin<typeof import('node:crypto')>('node:crypto');

export interface ServedDiscovery {
  readonly card: Record<string, unknown>;
  readonly aiCatalog: Record<string, unknown>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};

/** The scheme a client used: the proxy's `X-Forwarded-Proto` when it says http or https, else http. */
function schemeOf(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  return forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
}

const etagOf = (body: string): string =>
  `"${crypto().createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A handler for the discovery paths of a server whose MCP endpoint is `mcpPath`: answers and
 * returns true for one of them, returns false for any other path.
 */
export function discoveryRoutes(
  discovery: ServedDiscovery,
  mcpPath: string,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cardPaths = new Set([`${mcpPath}/server-card`, '/.well-known/mcp/server-card.json']);
  const catalogPath = '/.well-known/ai-catalog.json';
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const isCard = cardPaths.has(path);
    if (!isCard && path !== catalogPath) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...CORS, allow: 'GET, HEAD, OPTIONS', 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: `${req.method} is not allowed here: the discovery documents are read with GET` }),
      );
      return true;
    }
    const card = servedCard(discovery.card, `${schemeOf(req)}://${req.headers.host ?? 'localhost'}${mcpPath}`);
    const document = isCard
      ? card
      : {
          ...discovery.aiCatalog,
          entries: ((discovery.aiCatalog.entries as Record<string, unknown>[] | undefined) ?? []).map((entry) => ({
            ...entry,
            data: card,
          })),
        };
    const body = `${JSON.stringify(document, null, 2)}\n`;
    const etag = etagOf(body);
    const headers = {
      ...CORS,
      'content-type': isCard ? SERVER_CARD_MEDIA_TYPE : AI_CATALOG_MEDIA_TYPE,
      'cache-control': 'public, max-age=3600',
      etag,
    };
    if (matches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
