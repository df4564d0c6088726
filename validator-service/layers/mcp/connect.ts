/**
 * Connects to an MCP endpoint in the 2025 era as the official SDK client (v2, `legacy` mode) would:
 * Streamable HTTP first, then the legacy HTTP+SSE transport when the POST is refused with
 * 400/404/405 (as the spec's backwards compatibility section says). Shared by the MCP and MCP Apps
 * layers; only `initialize` is sent. The 2026-07-28 era is probed separately (`modern-probe.ts`).
 */
import {
  Client,
  type ClientCapabilities,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { validatorIdentity } from '../../identity.ts';
import type { LayerContext } from '../layer.ts';
import { raceSignal, requestSignal } from '../shared/deadline.ts';
import { classifyNetworkError, type NetworkFailure } from '../shared/network-error.ts';
import { challengeNamesMetadata, describeChallenge, type InitializeAnswer, readInitializeAnswer } from './evidence.ts';
import { type FirstPost, recordingFetch, type Exchange } from './recording-fetch.ts';

export type McpTransportKind = 'streamable-http' | 'sse';

export interface McpConnection {
  readonly client: Client;
  readonly transport: McpTransportKind;
  /** The protocol version both sides agreed on in `initialize`. */
  readonly negotiatedVersion: string | null;
  readonly exchanges: readonly Exchange[];
  /** Ends our own session (DELETE where supported) and closes the transport. */
  close(): Promise<void>;
}

export type ConnectOutcome =
  | { readonly kind: 'connected'; readonly connection: McpConnection }
  | {
      readonly kind: 'auth-required';
      readonly status: number;
      readonly wwwAuthenticate: string | null;
      readonly transport: McpTransportKind;
      readonly exchanges: readonly Exchange[];
    }
  | { readonly kind: 'not-mcp'; readonly reason: string; readonly exchanges: readonly Exchange[] }
  | {
      readonly kind: 'handshake-failed';
      readonly reason: string;
      readonly transport: McpTransportKind;
      readonly exchanges: readonly Exchange[];
    }
  | { readonly kind: 'unreachable'; readonly failure: NetworkFailure; readonly exchanges: readonly Exchange[] };

/** Name and version the validator announces in `initialize`. */
export const validatorClientInfo = validatorIdentity;

const fallbackStatuses = new Set([400, 404, 405]);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function attempt(
  ctx: LayerContext,
  kind: McpTransportKind,
  capabilities: ClientCapabilities,
  signal: AbortSignal,
  onFirstPost?: (post: FirstPost) => void,
) {
  const recorder = recordingFetch(ctx.fetch, signal, onFirstPost);
  // Redirects are the guarded fetch's to follow (it re-checks every hop), not the transport's.
  const options = { fetch: recorder.fetch, redirectPolicy: 'follow' as const };
  const transport: Transport & { terminateSession?: () => Promise<void> } =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(ctx.url, options)
      : new SSEClientTransport(ctx.url, options);
  const client = new Client(validatorClientInfo, { capabilities, versionNegotiation: { mode: 'legacy' } });
  const close = async () => {
    await transport.terminateSession?.().catch(() => undefined);
    await client.close().catch(() => undefined);
  };
  try {
    await raceSignal(client.connect(transport, { signal, timeout: ctx.timeoutMs }), signal);
    const connection: McpConnection = {
      client,
      transport: kind,
      negotiatedVersion: client.getNegotiatedProtocolVersion() ?? null,
      exchanges: recorder.exchanges,
      close,
    };
    return { ok: true as const, connection, recorder };
  } catch (error) {
    await client.close().catch(() => undefined);
    return { ok: false as const, error, recorder };
  }
}

function challenge(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.find((e) => e.status === 401 || (e.status === 403 && e.wwwAuthenticate !== null));
}

/**
 * Tries Streamable HTTP, then legacy SSE; never throws. `onInitializePost` hears how the first
 * `initialize` POST was answered as soon as its headers arrive (the OAuth layer's question too).
 * What makes an answer MCP evidence is written down in `evidence.ts`.
 */
export async function connectMcp(
  ctx: LayerContext,
  capabilities: ClientCapabilities = {},
  onInitializePost?: (post: FirstPost) => void,
): Promise<ConnectOutcome> {
  const signal = requestSignal(ctx);
  const streamable = await attempt(ctx, 'streamable-http', capabilities, signal, onInitializePost);
  if (streamable.ok) return { kind: 'connected', connection: streamable.connection };
  const first = streamable.recorder.exchanges;
  const denied = challenge(first);
  if (denied) return authOutcome(denied, 'streamable-http', first);
  const post = first.find((e) => e.method === 'POST');
  if (!post || post.status === null) {
    return {
      kind: 'unreachable',
      failure: classifyNetworkError(streamable.recorder.lastError ?? streamable.error),
      exchanges: first,
    };
  }
  if (!fallbackStatuses.has(post.status)) {
    // The capture reads a clone and ends with the body (the failed client closed its transport) or at the deadline.
    await raceSignal(post.prefixDone, signal).catch(() => undefined);
    const ok = post.status >= 200 && post.status < 300;
    const answer = ok ? readInitializeAnswer(post.bodyStart, post.contentType) : null;
    if (answer?.kind === 'mcp-result') {
      const reason = message(streamable.error);
      return { kind: 'handshake-failed', reason, transport: 'streamable-http', exchanges: first };
    }
    return { kind: 'not-mcp', reason: notMcpReason(answer, post), exchanges: first };
  }
  const sse = await attempt(ctx, 'sse', capabilities, signal);
  const all = [...first, ...sse.recorder.exchanges];
  if (sse.ok) return { kind: 'connected', connection: { ...sse.connection, exchanges: all } };
  const sseDenied = challenge(sse.recorder.exchanges);
  if (sseDenied) return authOutcome(sseDenied, 'sse', all);
  const get = sse.recorder.exchanges.find((e) => e.method === 'GET');
  // The client POSTs only to the URL of the stream's `endpoint` event: that event is the evidence.
  if (sse.recorder.exchanges.some((e) => e.method === 'POST')) {
    return { kind: 'handshake-failed', reason: message(sse.error), transport: 'sse', exchanges: all };
  }
  const stream = get?.status && /event-stream/i.test(get.contentType ?? '') ? ' without an endpoint event' : '';
  const answered = get?.status ? `answered ${get.status} ${get.contentType ?? ''}`.trim() : 'failed';
  const reason = `POST initialize answered ${post.status}; GET for the legacy SSE transport ${answered}${stream}`;
  return { kind: 'not-mcp', reason, exchanges: all };
}

/** Why an answer to `initialize` is not MCP, in words. */
function notMcpReason(answer: InitializeAnswer | null, post: Exchange): string {
  if (answer?.kind === 'jsonrpc-error') {
    const detail = answer.message ? ` (${answer.message})` : '';
    return (
      `initialize was answered with JSON-RPC error ${answer.code ?? '?'}${detail}, not an MCP InitializeResult: ` +
      'a JSON-RPC service of another protocol'
    );
  }
  if (answer?.kind === 'other-result') {
    return 'initialize was answered with a JSON-RPC result that is not an MCP InitializeResult (no protocolVersion)';
  }
  return `POST initialize answered ${post.status} ${post.contentType ?? ''}`.trim();
}

/** A 401/403 challenge: MCP requiring authorization only when it names protected-resource metadata. */
function authOutcome(denied: Exchange, transport: McpTransportKind, exchanges: readonly Exchange[]): ConnectOutcome {
  const status = denied.status ?? 401;
  if (challengeNamesMetadata(denied.wwwAuthenticate)) {
    return { kind: 'auth-required', status, wwwAuthenticate: denied.wwwAuthenticate, transport, exchanges };
  }
  return { kind: 'not-mcp', reason: describeChallenge(status, denied.wwwAuthenticate), exchanges };
}
