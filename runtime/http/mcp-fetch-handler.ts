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
 * Origin and Host are checked by the caller (`serve-http.ts`, the validator), with `site-check.ts`.
 *
 * A JSON-RPC batch holds at most `MAX_BATCH_MESSAGES` messages (past that: 400, -32600 naming the
 * limit), and a 2025-era one is answered `BATCH_GROUP` members at a time, each group its own unit of
 * work given to the caller's `run` (`serve-http.ts` shares them fairly across connections), then
 * gathered into the one array JSON-RPC asks for: a batch counts as the requests it holds, never
 * as one long one.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  type Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { AsyncResource } from 'node:async_hooks';
import { MAX_REQUEST_BODY_BYTES, readCappedText } from './body-limit.ts';

export { MAX_REQUEST_BODY_BYTES };

/** The most messages one JSON-RPC batch may hold. */
export const MAX_BATCH_MESSAGES = 100;
/** Members of a batch answered together as one unit of work. */
export const BATCH_GROUP = 10;

/** An object that can be a JSON-RPC 2.0 message (the transport checks each fully). */
const isMessageShape = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (value as { jsonrpc?: unknown }).jsonrpc === '2.0';
const methodOf = (value: unknown): unknown => (value as { method?: unknown }).method;
const isRequestShape = (value: unknown): boolean => typeof methodOf(value) === 'string' && 'id' in (value as object);

/** Runs one unit of work (one JSON-RPC request) when the caller's scheduling allows. */
export type RunUnit = <T>(work: () => Promise<T>) => Promise<T>;

export interface McpFetchRequestOptions {
  /** Where each request (each group of a batch's members) is run; default: at once. */
  readonly run?: RunUnit;
  /** The body, already read and within `MAX_REQUEST_BODY_BYTES` (the request's own is then not read). */
  readonly body?: string;
}

/** Answers one MCP request; what an HTTP app embedding the endpoint calls (the validator's `/mcp`). */
export type McpRequestHandler = (request: Request, options?: McpFetchRequestOptions) => Promise<Response>;

/** The MCP endpoint as a web-standard handler, with a way to end what it has in flight. */
export type McpFetchHandler = McpRequestHandler & {
  /** Ends requests still in flight on the 2026-07-28 leg. */
  close(): Promise<void>;
};

export interface McpFetchHandlerOptions {
  /** Where out-of-band errors and refused requests are reported (default: nowhere). */
  onerror?: (error: Error) => void;
}

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Web-standard (Request → Response) handler for embedding in another HTTP app (the validator's /mcp). */
export function createMcpFetchHandler(
  makeServer: () => Server | Promise<Server>,
  options: McpFetchHandlerOptions = {},
): McpFetchHandler {
  const modern = createMcpHandler(() => makeServer(), {
    legacy: 'reject',
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });

  /** One 2025-era request on its own Server and stateless transport, answered as JSON. */
  async function legacy(request: Request, parsedBody: unknown): Promise<Response> {
    const server = await makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody });
    } finally {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    }
  }

  /**
   * A batch answered `BATCH_GROUP` members at a time, each group on its own Server as one unit of work,
   * and streamed: the next group runs only once the previous one is written, so a batch whose client
   * does not read holds one group's answers here, never the whole array.
   */
  async function batch(request: Request, messages: readonly unknown[], run: RunUnit): Promise<Response> {
    const groups: unknown[][] = [];
    for (let at = 0; at < messages.length; at += BATCH_GROUP) groups.push(messages.slice(at, at + BATCH_GROUP));
    // Bound to the request's async context: later groups run when the writer pulls, from its context, and
    // what the caller keeps in that context (the validator's per-request call gate) must still apply.
    const answer = AsyncResource.bind((group: unknown[]) =>
      run(async () => {
        const response = await legacy(request, group.length === 1 ? group[0] : group);
        return { response, text: response.status === 202 ? '' : await response.text() };
      }),
    );
    // Every group carries the same headers: a refusal of the first (a header the transport refuses) is the batch's.
    const first = await answer(groups[0] ?? []);
    if (first.response.status !== 200 && first.response.status !== 202) {
      return new Response(first.text, { status: first.response.status, headers: first.response.headers });
    }
    const members = (text: string) => (text.startsWith('[') ? text.slice(1, -1) : text);
    let next = 1;
    let written = 0;
    const encoder = new TextEncoder();
    const emit = (controller: ReadableStreamDefaultController<Uint8Array>, text: string) => {
      if (text === '') return;
      controller.enqueue(encoder.encode(`${written++ === 0 ? '' : ','}${members(text)}`));
    };
    // Pulled one chunk at a time: the next group runs when the writer has taken the previous one.
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode('['));
          emit(controller, first.text);
        },
        async pull(controller) {
          const group = groups[next++];
          if (!group) {
            controller.enqueue(encoder.encode(']'));
            controller.close();
            return;
          }
          emit(controller, (await answer(group)).text);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }

  /**
   * A request's answer, or the members of a batch to be answered a group at a time. A batch the SDK
   * refuses or answers whole (a member that is not a JSON-RPC message, `initialize` beside others,
   * nothing but notifications) goes to it whole.
   */
  async function answerOrSplit(request: Request, text: string): Promise<Response | unknown[]> {
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      // Not JSON, so no era: the transport answers it with a parse error (-32700) from the body itself.
      return legacy(new Request(request.url, { method: 'POST', headers: request.headers, body: text }), undefined);
    }
    if (Array.isArray(parsedBody) && parsedBody.length > MAX_BATCH_MESSAGES) {
      const message =
        `Invalid Request: a JSON-RPC batch of ${parsedBody.length} messages is over this server's` +
        ` limit of ${MAX_BATCH_MESSAGES}; send at most ${MAX_BATCH_MESSAGES} per batch`;
      const error = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message }, id: null });
      return new Response(error, { status: 400, headers: { 'content-type': 'application/json' } });
    }
    if (!(await isLegacyRequest(request, parsedBody))) return modern.fetch(request, { parsedBody });
    if (Array.isArray(parsedBody) && parsedBody.length > BATCH_GROUP && parsedBody.every(isMessageShape)) {
      if (parsedBody.some(isRequestShape) && !parsedBody.some((member) => methodOf(member) === 'initialize')) {
        return parsedBody;
      }
    }
    return legacy(request, parsedBody);
  }

  async function handle(request: Request, options: McpFetchRequestOptions = {}): Promise<Response> {
    const run: RunUnit = options.run ?? ((work) => work());
    if (request.method !== 'POST')
      return jsonRpcError(405, 'Method not allowed: this MCP server is stateless, use POST', { allow: 'POST' });
    let text = options.body;
    let forwarded = request;
    if (text === undefined) {
      const read = await readCappedText(request, { maxBytes: MAX_REQUEST_BODY_BYTES });
      if (!read.ok) return jsonRpcError(413, `request body over ${MAX_REQUEST_BODY_BYTES} bytes`);
      text = read.text;
      // The body was read here: what goes on carries the headers, and the parsed body beside them.
      forwarded = new Request(request.url, { method: 'POST', headers: request.headers, signal: request.signal });
    }
    const body = text;
    // Reading and classifying the body is work too (a batch's members are parsed): it takes a turn.
    const answered = await run(() => answerOrSplit(forwarded, body));
    return answered instanceof Response ? answered : batch(forwarded, answered, run);
  }

  return Object.assign(handle, { close: () => modern.close() });
}
