/**
 * One read-only A2A call on the card's JSON-RPC interface: `GetTask` (1.0, with `A2A-Version: 1.0`
 * and `A2A-Extensions`) or `tasks/get` (0.2 / 0.3, with `X-A2A-Extensions`) for a task id that cannot
 * exist. The answer shows whether the interface speaks JSON-RPC, accepts the version, and which of
 * the requested extensions the agent activated (echoed in the same header). Nothing is created.
 */
import { randomUUID } from 'node:crypto';
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { classifyNetworkError } from '../shared/network-error.ts';
import { readBodyText } from '../shared/read-body.ts';
import type { CardVersion } from './validate-card.ts';

export interface Negotiation {
  readonly url: string;
  readonly method: string;
  readonly header: string;
  readonly requested: readonly string[];
  readonly status: number | null;
  readonly jsonRpc: boolean;
  readonly errorCode: number | null;
  readonly errorMessage: string | null;
  /** Extension URIs the agent echoed as activated. */
  readonly activated: readonly string[];
  readonly failure: string | null;
}

/** Calls `url` once; never throws. */
export async function negotiate(
  ctx: LayerContext,
  url: string,
  version: CardVersion,
  requested: readonly string[],
): Promise<Negotiation> {
  const modern = version === '1.0';
  const method = modern ? 'GetTask' : 'tasks/get';
  const header = modern ? 'A2A-Extensions' : 'X-A2A-Extensions';
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (modern) headers['a2a-version'] = '1.0';
  if (requested.length > 0) headers[header.toLowerCase()] = requested.join(', ');
  const base = { url, method, header, requested };
  try {
    const response = await ctx.fetch(url, {
      method: 'POST',
      headers,
      signal: requestSignal(ctx),
      redirect: 'manual',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { id: `validator-probe-${randomUUID()}` } }),
    });
    const { text } = await readBodyText(response, 64 * 1024);
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      body =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const error =
      body && typeof body['error'] === 'object' && body['error'] !== null
        ? (body['error'] as Record<string, unknown>)
        : null;
    const echoed =
      response.headers.get(header) ?? response.headers.get(modern ? 'X-A2A-Extensions' : 'A2A-Extensions') ?? '';
    return {
      ...base,
      status: response.status,
      jsonRpc: body !== null && body['jsonrpc'] === '2.0' && ('result' in body || error !== null),
      errorCode: typeof error?.['code'] === 'number' ? error['code'] : null,
      errorMessage: typeof error?.['message'] === 'string' ? error['message'].slice(0, 200) : null,
      activated: echoed
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      failure: null,
    };
  } catch (error) {
    return {
      ...base,
      status: null,
      jsonRpc: false,
      errorCode: null,
      errorMessage: null,
      activated: [],
      failure: classifyNetworkError(error).kind,
    };
  }
}
