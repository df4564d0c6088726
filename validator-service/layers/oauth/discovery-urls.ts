/**
 * The discovery URLs in the order the MCP authorization spec (2025-11-25) tells clients to try
 * them: RFC 9728 protected-resource metadata with path insertion then at the root, and for an
 * authorization server RFC 8414 and OpenID discovery with path insertion, then path appending.
 */

function pathOf(url: URL): string {
  return url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
}

/** Protected-resource metadata URLs for an endpoint, most specific first. */
export function protectedResourceMetadataUrls(endpoint: URL): string[] {
  const path = pathOf(endpoint);
  const root = `${endpoint.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

/** Authorization-server metadata URLs for an issuer identifier. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = pathOf(url);
  if (!path)
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}
