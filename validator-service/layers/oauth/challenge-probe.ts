/**
 * Asks the endpoint what it wants from an unauthenticated client: the same `initialize` POST an MCP
 * client sends first. A session it opens by accident is ended right away with DELETE.
 */
import type { LayerContext } from '../layer.ts';
import { validatorClientInfo } from '../mcp/connect.ts';
import { requestSignal } from '../shared/deadline.ts';
import { classifyNetworkError, type NetworkFailure } from '../shared/network-error.ts';
import { sharedInitializePost } from '../shared/mcp-session.ts';
import { discardBody } from '../shared/read-body.ts';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';

export type ChallengeProbe =
  | { readonly ok: true; readonly status: number; readonly wwwAuthenticate: string | null }
  | { readonly ok: false; readonly failure: NetworkFailure };

/**
 * How the endpoint answers `initialize` without credentials: the assessment's shared MCP handshake
 * already asks exactly that (`shared/mcp-session.ts`), so its answer is used when there is one and no
 * redirect was followed; otherwise this layer POSTs `initialize` itself.
 */
export async function probeChallenge(ctx: LayerContext): Promise<ChallengeProbe> {
  const shared = await sharedInitializePost(ctx);
  if (shared && !shared.redirected) {
    const { exchange, error } = shared;
    if (exchange.status === null) return { ok: false, failure: classifyNetworkError(error) };
    return { ok: true, status: exchange.status, wwwAuthenticate: exchange.wwwAuthenticate };
  }
  return postInitialize(ctx);
}

/** POSTs `initialize` without credentials and reports the status and challenge. */
async function postInitialize(ctx: LayerContext): Promise<ChallengeProbe> {
  try {
    const response = await ctx.fetch(ctx.url, {
      method: 'POST',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: validatorClientInfo },
      }),
    });
    await discardBody(response);
    const session = response.headers.get('mcp-session-id');
    if (response.ok && session) {
      await ctx
        .fetch(ctx.url, {
          method: 'DELETE',
          redirect: 'manual',
          signal: requestSignal(ctx),
          headers: { 'mcp-session-id': session },
        })
        .then(discardBody, () => undefined);
    }
    return { ok: true, status: response.status, wwwAuthenticate: response.headers.get('www-authenticate') };
  } catch (error) {
    return { ok: false, failure: classifyNetworkError(error) };
  }
}
