/**
 * Stateless Streamable HTTP as a web-standard handler (Request → Response), so the same code serves
 * `toolkit server --http` and the validator's `/mcp` route. Each POST gets a fresh Server and
 * transport (`sessionIdGenerator: undefined`), so any number of instances can sit behind a load
 * balancer. GET and DELETE answer 405: there is no session or standalone SSE stream to open or end.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

const methodNotAllowed = (): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, use POST' }, id: null }), {
    status: 405,
    headers: { allow: 'POST', 'content-type': 'application/json' },
  });

/** Web-standard (Request → Response) handler for embedding in another HTTP app (the validator's /mcp). */
export function createMcpFetchHandler(makeServer: () => Server): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return methodNotAllowed();
    const server = makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    }
  };
}
