/**
 * An MCP server (official SDK, stateless Streamable HTTP) behind a Bearer gate: without the token
 * it answers 401 with `WWW-Authenticate: Bearer resource_metadata="…"` and publishes RFC 9728
 * metadata naming an authorization server. Options produce the broken variants.
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { closeServer, listen, type Peer } from './listen.ts';
import { refusesOrigin } from './origin-policy.ts';
import { readJson } from './read-json.ts';

export interface ProtectedMcpOptions {
  /** Issuer listed in `authorization_servers`. */
  readonly issuer: string;
  /** Token the gate accepts (default `valid-test-token`). */
  readonly acceptedToken?: string;
  /** Put another resource in the metadata than this endpoint. */
  readonly resource?: string;
  /** Leave `resource_metadata` out of the challenge (clients must use the well-known URL). */
  readonly bareChallenge?: boolean;
  /** Name the metadata URL in the challenge but serve nothing there (404). */
  readonly metadataMissing?: boolean;
  /** Refuse a foreign `Origin` with 403 before asking for a token. */
  readonly checkOrigin?: boolean;
  /** Name the endpoint in `resource` with a trailing slash. */
  readonly resourceTrailingSlash?: boolean;
  /** Leave `authorization_servers` out of the metadata. */
  readonly noAuthorizationServers?: boolean;
}

export interface ProtectedMcpPeer extends Peer {
  readonly metadataUrl: string;
}

/** Starts the gated MCP server; the endpoint is `<url>` (path `/mcp`). */
export async function startProtectedMcpServer(options: ProtectedMcpOptions): Promise<ProtectedMcpPeer> {
  const token = options.acceptedToken ?? 'valid-test-token';
  const server = createServer();
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  const endpoint = `${origin}/mcp`;
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const metadata = {
    resource: options.resource ?? (options.resourceTrailingSlash ? `${endpoint}/` : endpoint),
    ...(options.noAuthorizationServers ? {} : { authorization_servers: [options.issuer] }),
    scopes_supported: ['mcp:tools'],
    bearer_methods_supported: ['header'],
  };
  server.on('request', async (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp' && req.method === 'GET' && !options.metadataMissing) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (options.checkOrigin && refusesOrigin(req.headers.origin)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden origin');
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      const challenge = options.bareChallenge
        ? 'Bearer realm="mcp"'
        : `Bearer resource_metadata="${metadataUrl}", scope="mcp:tools"`;
      res
        .writeHead(401, { 'www-authenticate': challenge, 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_token', error_description: 'Authorization needed' }));
      return;
    }
    const mcp = new McpServer({ name: 'loopback-protected', version: '2.0.0' });
    mcp.registerTool('whoami', { description: 'Says who is calling.' }, async () => ({
      content: [{ type: 'text', text: 'a token holder' }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.method === 'POST' ? await readJson(req) : undefined);
  });
  return { url: endpoint, metadataUrl, close: () => closeServer(server) };
}
