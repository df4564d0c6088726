/**
 * What counts as evidence that an endpoint speaks MCP. Every JSON-RPC 2.0 service answers an
 * unknown method (`initialize` included) with `-32601 Method not found`, and every OAuth-protected
 * API answers 401 with a Bearer challenge, so neither is MCP evidence. The rules:
 *
 * 1. **Handshake**: the SDK client completed `initialize` (the result passed the SDK's schema), or
 *    `server/discover` of 2026-07-28 was answered with a discover result → MCP.
 * 2. **Failed handshake**: the `initialize` POST was answered 2xx with a JSON-RPC *result* whose
 *    `protocolVersion` is an MCP revision date (`YYYY-MM-DD`), but the client could not finish
 *    (fields missing, unsupported version) → MCP, broken (MCP-004). A JSON-RPC *error* of any code
 *    is not evidence: the endpoint did not answer as MCP.
 * 3. **Legacy SSE**: the GET stream sent its `endpoint` event (the client went on to POST to it)
 *    and the handshake then failed → MCP over HTTP+SSE, broken (MCP-004). A bare event stream is not.
 * 4. **Authorization**: a 401 (or 403) whose Bearer challenge names protected-resource metadata
 *    (`resource_metadata`, RFC 9728, which MCP servers must publish) → MCP requiring authorization
 *    (MCP-003). A challenge without it, or another scheme, is a token-protected API (MCP-002).
 * 5. **2026-07-28 refusal**: `server/discover` refused with one of the revision's own error codes
 *    (-32020, -32021, -32022) → MCP that knows the revision (MCP-028); see `modern-probe.ts`.
 */
import { parseBearerChallenge } from '../oauth/www-authenticate.ts';
import { responseMessage } from './result-capture.ts';
import { isObject } from '../../../runtime/is-object.ts';

const MCP_REVISION = /^\d{4}-\d{2}-\d{2}$/;

export type InitializeAnswer =
  /** A result carrying an MCP `protocolVersion`: the endpoint answered as MCP. */
  | { readonly kind: 'mcp-result' }
  /** A JSON-RPC error: any JSON-RPC service answers an unknown method so. */
  | { readonly kind: 'jsonrpc-error'; readonly code: number | null; readonly message: string }
  /** A JSON-RPC result without an MCP `protocolVersion`. */
  | { readonly kind: 'other-result' }
  | { readonly kind: 'not-jsonrpc' };

/** Reads the start of the answer to `initialize` (JSON or an event stream). */
export function readInitializeAnswer(bodyStart: string | null, contentType: string | null): InitializeAnswer {
  if (!bodyStart) return { kind: 'not-jsonrpc' };
  const eventStream = /event-stream/i.test(contentType ?? '');
  const message = responseMessage(bodyStart, eventStream) as {
    jsonrpc?: unknown;
    result?: unknown;
    error?: unknown;
  } | null;
  if (message === null || message.jsonrpc !== '2.0') return { kind: 'not-jsonrpc' };
  if (isObject(message.error)) {
    const { code, message: text } = message.error;
    return {
      kind: 'jsonrpc-error',
      code: typeof code === 'number' ? code : null,
      message: typeof text === 'string' ? text.slice(0, 200) : '',
    };
  }
  const result = message.result;
  if (isObject(result) && typeof result['protocolVersion'] === 'string' && MCP_REVISION.test(result['protocolVersion']))
    return { kind: 'mcp-result' };
  return { kind: 'other-result' };
}

/** Rule 4: the challenge names protected-resource metadata. */
export function challengeNamesMetadata(wwwAuthenticate: string | null): boolean {
  return parseBearerChallenge(wwwAuthenticate)?.resourceMetadata != null;
}

/** Why a challenge is not MCP evidence, in words. */
export function describeChallenge(status: number, wwwAuthenticate: string | null): string {
  const bearer = parseBearerChallenge(wwwAuthenticate);
  if (bearer === null) {
    const header = wwwAuthenticate?.slice(0, 120) ?? 'none';
    return `initialize answered ${status} without a Bearer challenge (WWW-Authenticate: ${header})`;
  }
  return (
    `initialize answered ${status} with a Bearer challenge that names no protected-resource metadata ` +
    '(resource_metadata): a token-protected API, not identifiable as MCP'
  );
}
