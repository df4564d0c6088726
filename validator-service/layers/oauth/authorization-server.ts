/**
 * Discovers authorization-server metadata in the spec's order and checks what an MCP client needs:
 * the same `issuer`, the required fields, PKCE `S256`, and a way to register (CIMD or DCR).
 */
import type { LayerContext } from '../layer.ts';
import { firstUsable, type JsonAttempt } from '../shared/fetch-json.ts';
import type { Findings } from '../shared/findings.ts';
import { strings } from '../shared/strings.ts';
import type { OauthCode } from './codes.ts';
import { authorizationServerMetadataUrls } from './discovery-urls.ts';

export interface AuthorizationServer {
  readonly issuer: string;
  readonly metadataUrl: string;
  readonly metadata: Record<string, unknown>;
  readonly supportsPkce: boolean;
  readonly supportsCimd: boolean;
  readonly registrationEndpoint: string | null;
}

export interface AuthorizationServerLookup {
  readonly found: AuthorizationServer | null;
  readonly attempts: readonly JsonAttempt[];
}

function checkHttps(findings: Findings<OauthCode>, name: string, value: unknown, location: string): void {
  if (typeof value === 'string' && value.startsWith('http:'))
    findings.add('OAUTH-018', `${name} ${value} is not HTTPS.`, location);
}

/** Discovers and checks the metadata of `issuer`. */
export async function discoverAuthorizationServer(
  ctx: LayerContext,
  findings: Findings<OauthCode>,
  issuer: string,
): Promise<AuthorizationServerLookup> {
  const attempts: JsonAttempt[] = [];
  let urls: string[];
  try {
    urls = authorizationServerMetadataUrls(issuer);
  } catch {
    findings.add(
      'OAUTH-010',
      `The authorization server ${JSON.stringify(issuer)} is not a URL.`,
      'authorization_servers',
    );
    return { found: null, attempts };
  }
  const { hit, attempts: tried } = await firstUsable(ctx, urls);
  attempts.push(...tried);
  if (!hit) {
    findings.add(
      'OAUTH-010',
      `No authorization-server metadata for ${issuer}; tried ` +
        `${attempts.map((a) => `${a.url} (${a.ok ? 'ok' : a.reason})`).join(', ')}.`,
      issuer,
    );
    return { found: null, attempts };
  }
  const m = hit.json;
  const at = (field: string) => `${hit.url}#${field}`;
  findings.add('OAUTH-011', `Authorization-server metadata found at ${hit.url}.`, hit.url);
  if (m.issuer !== issuer)
    findings.add(
      'OAUTH-012',
      `"issuer" is ${JSON.stringify(m.issuer)}, expected ${issuer}; clients must reject the metadata.`,
      at('issuer'),
    );
  for (const field of ['authorization_endpoint', 'token_endpoint', 'response_types_supported']) {
    if (m[field] === undefined) findings.add('OAUTH-013', `"${field}" is missing.`, at(field));
  }
  checkHttps(findings, 'issuer', m.issuer, at('issuer'));
  const methods = strings(m.code_challenge_methods_supported);
  const supportsPkce = methods.includes('S256');
  if (!supportsPkce) {
    findings.add(
      'OAUTH-014',
      m.code_challenge_methods_supported === undefined
        ? '"code_challenge_methods_supported" is missing; MCP clients must refuse to proceed without S256.'
        : `PKCE methods are ${JSON.stringify(methods)}; MCP requires S256.`,
      at('code_challenge_methods_supported'),
    );
  }
  const supportsCimd = m.client_id_metadata_document_supported === true;
  const registrationEndpoint = typeof m.registration_endpoint === 'string' ? m.registration_endpoint : null;
  if (supportsCimd)
    findings.add(
      'OAUTH-015',
      'Client ID Metadata Documents are supported.',
      at('client_id_metadata_document_supported'),
    );
  if (registrationEndpoint)
    findings.add('OAUTH-016', `Dynamic Client Registration at ${registrationEndpoint}.`, at('registration_endpoint'));
  if (!supportsCimd && !registrationEndpoint)
    findings.add(
      'OAUTH-017',
      'Neither Client ID Metadata Documents nor Dynamic Client Registration: clients must be registered by hand.',
      hit.url,
    );
  const scopes = strings(m.scopes_supported);
  if (scopes.length > 0) findings.add('OAUTH-019', `Scopes: ${scopes.join(' ')}.`, at('scopes_supported'));
  return {
    found: { issuer, metadataUrl: hit.url, metadata: m, supportsPkce, supportsCimd, registrationEndpoint },
    attempts,
  };
}
