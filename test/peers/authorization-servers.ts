/**
 * Authorization servers for the OAuth peers: a real `oidc-provider` mounted under a path (so
 * discovery must reach the path-appended OpenID form), and a minimal RFC 8414 server that omits
 * PKCE, which MCP clients must refuse.
 */
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { closeServer, listen } from './listen.ts';

export interface AuthorizationServerPeer {
  /** The issuer identifier, exactly as the metadata states it. */
  readonly issuer: string;
  close(): Promise<void>;
}

/** oidc-provider with Dynamic Client Registration, issuer `http://127.0.0.1:<port>/tenant1`. */
export async function startOidcProvider(): Promise<AuthorizationServerPeer> {
  const prefix = '/tenant1';
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}${prefix}`;
  const provider = new Provider(issuer, { features: { registration: { enabled: true } } });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const url = req.url ?? '/';
    if (url === prefix || url.startsWith(`${prefix}/`)) {
      (req as typeof req & { originalUrl?: string }).originalUrl = url;
      req.url = url.slice(prefix.length) || '/';
      void callback(req, res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  return { issuer, close: () => closeServer(server) };
}

/** An RFC 8414 server at the origin root whose metadata has no `code_challenge_methods_supported`. */
export function startAuthorizationServerWithoutPkce(): Promise<AuthorizationServerPeer> {
  return startAuthorizationServer((metadata) => metadata);
}

/**
 * A hand-written RFC 8414 server at the origin root: `shape` gets minimal metadata (issuer, the two
 * endpoints, response and grant types, no PKCE, no registration) and returns what is served.
 */
export async function startAuthorizationServer(
  shape: (metadata: Record<string, unknown>) => Record<string, unknown>,
): Promise<AuthorizationServerPeer> {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const metadata = shape({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
  });
  server.on('request', (req, res) => {
    if (req.url === '/.well-known/oauth-authorization-server') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  return { issuer, close: () => closeServer(server) };
}
