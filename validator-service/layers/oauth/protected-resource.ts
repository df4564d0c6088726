/**
 * Finds and checks RFC 9728 protected-resource metadata: the URL from the challenge first (clients
 * MUST prefer it), then the well-known paths; `resource` must name this endpoint and
 * `authorization_servers` must be present (required by MCP).
 */
import type { LayerContext } from '../layer.ts';
import { fetchJsonObject, firstUsable, type JsonAttempt } from '../shared/fetch-json.ts';
import type { Findings } from '../shared/findings.ts';
import { strings } from '../shared/strings.ts';
import type { OauthCode } from './codes.ts';
import { protectedResourceMetadataUrls } from './discovery-urls.ts';

export interface ProtectedResource {
  readonly url: string;
  readonly metadata: Record<string, unknown>;
  readonly authorizationServers: readonly string[];
}

export interface ProtectedResourceLookup {
  readonly found: ProtectedResource | null;
  readonly attempts: readonly JsonAttempt[];
}

/** Looks up the metadata and records findings about it. */
export async function findProtectedResource(
  ctx: LayerContext,
  findings: Findings<OauthCode>,
  fromChallenge: string | null,
): Promise<ProtectedResourceLookup> {
  const attempts: JsonAttempt[] = [];
  let hit: Extract<JsonAttempt, { ok: true }> | null = null;
  if (fromChallenge !== null) {
    const attempt = await fetchJsonObject(ctx, new URL(fromChallenge, ctx.url).href);
    attempts.push(attempt);
    if (attempt.ok) hit = attempt;
    else
      findings.add(
        'OAUTH-005',
        `The resource_metadata URL from the challenge is unusable: ${attempt.reason}.`,
        attempt.url,
      );
  }
  if (!hit) {
    // Asked at once; the first usable one in the spec's order wins, and later ones are not reported.
    const wellKnown = await firstUsable(ctx, protectedResourceMetadataUrls(ctx.url));
    attempts.push(...wellKnown.attempts);
    hit = wellKnown.hit;
  }
  if (!hit) return { found: null, attempts };

  findings.add('OAUTH-006', `Protected-resource metadata found at ${hit.url}.`, hit.url);
  const endpoint = ctx.url.href.replace(/#.*$/s, '');
  const resource = hit.json.resource;
  if (typeof resource !== 'string') {
    findings.add('OAUTH-007', 'The metadata has no "resource" (RFC 9728 requires it).', `${hit.url}#resource`);
  } else if (resource !== endpoint) {
    const sameButSlash = resource.replace(/\/$/, '') === endpoint.replace(/\/$/, '');
    if (sameButSlash)
      findings.add('OAUTH-008', `"resource" is ${resource}; the endpoint is ${endpoint}.`, `${hit.url}#resource`);
    else
      findings.add(
        'OAUTH-007',
        `"resource" is ${resource}, not this endpoint ${endpoint}; clients must reject it.`,
        `${hit.url}#resource`,
      );
  }
  const authorizationServers = strings(hit.json.authorization_servers);
  if (authorizationServers.length === 0)
    findings.add(
      'OAUTH-009',
      'The metadata lists no "authorization_servers" (MCP requires at least one).',
      `${hit.url}#authorization_servers`,
    );
  return { found: { url: hit.url, metadata: hit.json, authorizationServers }, attempts };
}
