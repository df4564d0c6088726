/**
 * The OAuth layer: does the endpoint protect itself with OAuth the way MCP clients can follow?
 * Challenge first (`WWW-Authenticate: Bearer resource_metadata=…`), then RFC 9728 metadata, then
 * the authorization server's RFC 8414 / OpenID metadata. Detected only on RFC 9728 evidence:
 * metadata found, or a challenge naming it; a bare Bearer challenge (any token-protected API) or
 * nothing at all: not detected.
 */
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { discoverAuthorizationServer, type AuthorizationServerLookup } from './oauth/authorization-server.ts';
import { probeChallenge } from './oauth/challenge-probe.ts';
import { oauthCodes, type OauthCode } from './oauth/codes.ts';
import { findProtectedResource } from './oauth/protected-resource.ts';
import { parseBearerChallenge } from './oauth/www-authenticate.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import { strings } from './shared/strings.ts';

type Result = Omit<LayerResult, 'durationMs'>;

const noOauth = {
  supportsOAuth: false,
  requiresAuth: false,
  hasProtectedResourceMetadata: false,
  hasAuthServerMetadata: false,
  supportsPkce: false,
  hasDynamicRegistration: false,
  supportsClientIdMetadataDocument: false,
  hasValidOAuthConfig: false,
};

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(oauthCodes);
  const probe = await probeChallenge(ctx);
  if (!probe.ok) {
    findings.add(
      'OAUTH-020',
      `The endpoint could not be reached (${probe.failure.kind}); see the HTTP layer.`,
      ctx.url.href,
    );
    return {
      layer: 'oauth',
      status: 'not_detected',
      categories: noOauth,
      summary: {},
      messages: findings.messages,
      raw: { probe },
    };
  }
  const challenge = probe.status === 401 || probe.status === 403 ? parseBearerChallenge(probe.wwwAuthenticate) : null;
  const prm = await findProtectedResource(ctx, findings, challenge?.resourceMetadata ?? null);
  // Detection (evidence before verdict): protected-resource metadata found, or a challenge that names
  // it. A Bearer challenge alone is what any token-protected API sends; only MCP servers must publish
  // RFC 9728 metadata, so such an API is not judged by MCP's authorization rules.
  if (!prm.found && challenge?.resourceMetadata == null) {
    if (challenge) {
      const tried = prm.attempts.map((a) => a.url).join(', ');
      const message =
        `The endpoint answers ${probe.status} with a Bearer challenge that names no resource_metadata, ` +
        `and no protected-resource metadata is published (tried ${tried}): a token-protected API, ` +
        'not MCP authorization.';
      findings.add('OAUTH-021', message, 'WWW-Authenticate');
    } else {
      const message = `No Bearer challenge (POST answered ${probe.status}) and no protected-resource metadata.`;
      findings.add('OAUTH-002', message, ctx.url.href);
    }
    const raw = { probe, challenge, protectedResourceAttempts: prm.attempts };
    const { messages } = findings;
    return { layer: 'oauth', status: 'not_detected', categories: noOauth, summary: {}, messages, raw };
  }
  if (challenge) {
    findings.add('OAUTH-001', `The endpoint answers ${probe.status} with a Bearer challenge.`, 'WWW-Authenticate');
    if (challenge.resourceMetadata === null)
      findings.add(
        'OAUTH-004',
        'The challenge has no resource_metadata parameter; clients must guess the well-known URL.',
        'WWW-Authenticate',
      );
  }
  if (challenge && !prm.found) {
    const tried = prm.attempts.map((a) => a.url).join(', ');
    const message =
      `The challenge names ${challenge.resourceMetadata} but no protected-resource metadata can be ` +
      `read there or at the well-known URLs (tried ${tried}).`;
    findings.add('OAUTH-003', message, ctx.url.href);
  }
  const servers = prm.found?.authorizationServers ?? [];
  // Issuers are discovered at once; each one's findings are kept apart and added in listing order.
  const discovered = await Promise.all(
    servers.slice(0, 3).map(async (issuer) => {
      const own = new Findings(oauthCodes);
      return { lookup: await discoverAuthorizationServer(ctx, own, issuer), own };
    }),
  );
  const lookups: AuthorizationServerLookup[] = [];
  for (const { lookup, own } of discovered) {
    for (const m of own.messages) findings.add(m.code as OauthCode, m.message, m.location);
    lookups.push(lookup);
  }
  const first = lookups[0]?.found ?? null;
  if (challenge?.scope)
    findings.add('OAUTH-019', `The challenge asks for scope "${challenge.scope}".`, 'WWW-Authenticate');

  const status = findings.verdict();
  return {
    layer: 'oauth',
    status,
    categories: {
      supportsOAuth: true,
      requiresAuth: challenge !== null,
      hasProtectedResourceMetadata: prm.found !== null,
      hasAuthServerMetadata: first !== null,
      supportsPkce: first?.supportsPkce ?? false,
      hasDynamicRegistration: (first?.registrationEndpoint ?? null) !== null,
      supportsClientIdMetadataDocument: first?.supportsCimd ?? false,
      hasValidOAuthConfig: status === 'pass' && prm.found !== null && first !== null,
    },
    summary: {
      issuer: first?.issuer ?? null,
      authorizationEndpoint: first?.metadata.authorization_endpoint ?? null,
      tokenEndpoint: first?.metadata.token_endpoint ?? null,
      registrationEndpoint: first?.registrationEndpoint ?? null,
      scopesSupported: strings(first?.metadata.scopes_supported ?? prm.found?.metadata.scopes_supported),
      pkceMethodsSupported: strings(first?.metadata.code_challenge_methods_supported),
      protectedResourceMetadataUrl: prm.found?.url ?? null,
      authServerMetadataUrl: first?.metadataUrl ?? null,
    },
    messages: findings.messages,
    raw: {
      probe,
      challenge,
      protectedResource: prm.found,
      protectedResourceAttempts: prm.attempts,
      authorizationServers: lookups.map((l) => ({ found: l.found, attempts: l.attempts })),
    },
  };
}

/** The OAuth layer. */
export const oauthLayer: Layer = defineLayer('oauth', run);
