/**
 * Does the endpoint refuse a request from a web page of another site? Both MCP eras require it:
 * servers MUST validate `Origin` and answer an invalid one with 403 (2025-11-25 basic/transports,
 * "Security Warning"; the official conformance suite's `dns-rebinding-protection` scenario), or any
 * page — one whose name was rebound to the server included — can drive the server from a browser.
 *
 * The probe sends what a client sends first and what changes nothing: `initialize` (2025 era; a
 * session it opens is ended at once with DELETE) and `server/discover` (2026-07-28), each with
 * `Origin: https://dns-rebinding-probe.example`. Both go out at the start of the MCP layer, beside
 * its other requests, and are judged once the layer knows which eras the endpoint speaks.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { discardBody, readBodyText } from '../shared/read-body.ts';
import { validatorClientInfo } from './connect.ts';
import { MODERN_VERSION } from './modern-requirements.ts';
import { responseMessage } from './result-capture.ts';

/** An origin no server allows: `.example` is reserved, and it differs from the CORS probe's origin. */
export const FOREIGN_ORIGIN = 'https://dns-rebinding-probe.example';

export interface OriginAnswer {
  /** The method sent with the foreign Origin. */
  readonly method: 'initialize' | 'server/discover';
  /** The status, or null when the request failed. */
  readonly status: number | null;
  /** True when the endpoint answered the request as usual (2xx with a JSON-RPC result). */
  readonly accepted: boolean;
}

export interface OriginProbe {
  readonly legacy: OriginAnswer;
  readonly modern: OriginAnswer;
}

const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': validatorClientInfo,
};

async function send(
  ctx: LayerContext,
  method: OriginAnswer['method'],
  headers: Record<string, string>,
  params: Record<string, unknown>,
): Promise<OriginAnswer> {
  try {
    const response = await ctx.fetch(ctx.url, {
      method: 'POST',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: FOREIGN_ORIGIN,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const session = response.headers.get('mcp-session-id');
    const ok = response.status >= 200 && response.status < 300;
    const { text } = ok ? await readBodyText(response, 64 * 1024) : { text: '' };
    if (!ok) await discardBody(response);
    const message = ok ? responseMessage(text, /event-stream/i.test(response.headers.get('content-type') ?? '')) : null;
    if (session) {
      // End the session the refused-or-not request opened, as our own client would (no Origin, so a
      // server that checks it lets the DELETE through).
      await ctx
        .fetch(ctx.url, {
          method: 'DELETE',
          redirect: 'manual',
          signal: requestSignal(ctx),
          headers: { 'mcp-session-id': session },
        })
        .then(discardBody, () => undefined);
    }
    return { method, status: response.status, accepted: ok && message !== null && 'result' in message };
  } catch {
    return { method, status: null, accepted: false };
  }
}

/** Sends both probes at once; never throws. */
export async function probeOrigin(ctx: LayerContext): Promise<OriginProbe> {
  const [legacy, modern] = await Promise.all([
    send(
      ctx,
      'initialize',
      {},
      { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: validatorClientInfo },
    ),
    send(
      ctx,
      'server/discover',
      { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'server/discover' },
      { _meta: envelope },
    ),
  ]);
  return { legacy, modern };
}
