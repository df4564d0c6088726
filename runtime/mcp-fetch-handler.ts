/**
 * Streamable HTTP in both protocol eras as a web-standard handler (Request → Response), so the same
 * code serves `toolkit server --http` and the validator's `/mcp` route. Each POST is classified by
 * the SDK's own rule (`isLegacyRequest`, the code `createMcpHandler` routes with):
 *  - 2026-07-28 (a per-request `_meta` envelope; `MCP-Protocol-Version`, `Mcp-Method` and
 *    `Mcp-Name` headers checked against the body, unknown versions refused with -32022) goes to the
 *    SDK's `createMcpHandler`, strict (`legacy: 'reject'`);
 *  - 2025-era requests (`initialize`, then requests without an envelope) get a fresh Server on the
 *    stateless transport answering plain JSON, as this server always has (the SDK's own stateless
 *    legacy leg answers every request as an event stream).
 * Either way each request gets its own Server from `makeServer`, so any number of instances can
 * sit behind a load balancer. GET and DELETE answer 405: there is no session or standalone stream.
 * Origin and Host are checked by the caller (`serve-http.ts`, the validator).
 */
import { createMcpHandler, isLegacyRequest, type Server, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

/** The largest request body the handler reads (4 MiB); a larger one is answered 413. */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

export type McpFetchHandler = ((request: Request) => Promise<Response>) & {
  /** Ends requests still in flight on the 2026-07-28 leg. */
  close(): Promise<void>;
};

export interface McpFetchHandlerOptions {
  /** Where out-of-band errors and refused requests are reported (default: nowhere). */
  onerror?: (error: Error) => void;
}

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The body as text, or undefined when it is over the cap (counted as it arrives). */
async function readCapped(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > MAX_REQUEST_BODY_BYTES) return undefined;
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Web-standard (Request → Response) handler for embedding in another HTTP app (the validator's /mcp). */
export function createMcpFetchHandler(makeServer: () => Server | Promise<Server>, options: McpFetchHandlerOptions = {}): McpFetchHandler {
  const modern = createMcpHandler(() => makeServer(), {
    legacy: 'reject',
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });

  /** One 2025-era request on its own Server and stateless transport, answered as JSON. */
  async function legacy(request: Request, parsedBody: unknown): Promise<Response> {
    const server = await makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody });
    } finally {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    }
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return jsonRpcError(405, 'Method not allowed: this MCP server is stateless, use POST', { allow: 'POST' });
    const text = await readCapped(request);
    if (text === undefined) return jsonRpcError(413, `request body over ${MAX_REQUEST_BODY_BYTES} bytes`);
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      parsedBody = undefined;
    }
    const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body: text, signal: request.signal });
    // A body that is not JSON carries no era: the transport answers it with a parse error (-32700).
    if (parsedBody === undefined || (await isLegacyRequest(forwarded, parsedBody))) return legacy(forwarded, parsedBody);
    return modern.fetch(forwarded, { parsedBody });
  }

  return Object.assign(handle, { close: () => modern.close() });
}
