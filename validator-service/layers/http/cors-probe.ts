/**
 * Judges CORS the way a browser would: a real preflight with a foreign `Origin` and the headers an
 * MCP browser client sends, then a side-effect-free `ping` POST to see which headers are exposed.
 */
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { discardBody, readBodyText } from '../shared/read-body.ts';

/** The origin the probe pretends to come from; `.example` is reserved and never a real site. */
export const probeOrigin = 'https://validator-probe.example';

/** Headers a browser MCP client needs the server to allow. */
export const mcpRequestHeaders = ['content-type', 'authorization', 'mcp-protocol-version', 'mcp-session-id'] as const;

export interface CorsReport {
  readonly preflightStatus: number | null;
  readonly allowed: boolean;
  readonly allowOrigin: string | null;
  readonly allowMethods: string | null;
  readonly allowHeaders: string | null;
  readonly allowCredentials: boolean;
  readonly missingHeaders: readonly string[];
  readonly wildcardWithCredentials: boolean;
  /** Response of the probing POST, when the preflight allowed one. */
  readonly post: {
    readonly status: number;
    readonly exposeHeaders: string | null;
    readonly looksLikeMcp: boolean;
  } | null;
  readonly exposesSessionId: boolean;
  readonly error: string | null;
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** Runs the preflight and, when allowed, the exposure probe. Never throws. */
export async function probeCors(ctx: LayerContext, url: URL): Promise<CorsReport> {
  let preflight: Response;
  try {
    preflight = await ctx.fetch(url, {
      method: 'OPTIONS',
      redirect: 'manual',
      signal: requestSignal(ctx),
      headers: {
        origin: probeOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': mcpRequestHeaders.join(', '),
      },
    });
    await discardBody(preflight);
  } catch (error) {
    return {
      preflightStatus: null,
      allowed: false,
      allowOrigin: null,
      allowMethods: null,
      allowHeaders: null,
      allowCredentials: false,
      missingHeaders: [...mcpRequestHeaders],
      wildcardWithCredentials: false,
      post: null,
      exposesSessionId: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const allowOrigin = preflight.headers.get('access-control-allow-origin');
  const allowMethods = preflight.headers.get('access-control-allow-methods');
  const allowHeaders = preflight.headers.get('access-control-allow-headers');
  const allowCredentials = preflight.headers.get('access-control-allow-credentials')?.trim().toLowerCase() === 'true';
  const originOk = allowOrigin !== null && (allowOrigin.trim() === '*' || allowOrigin.trim() === probeOrigin);
  const allowed = preflight.status >= 200 && preflight.status < 300 && originOk;
  const allowedHeaders = list(allowHeaders);
  // `*` covers every header except Authorization, and only for requests without credentials.
  const wildcard = allowedHeaders.includes('*') && !allowCredentials;
  const missingHeaders = allowed
    ? mcpRequestHeaders.filter((h) => !allowedHeaders.includes(h) && !(wildcard && h !== 'authorization'))
    : [...mcpRequestHeaders];
  const wildcardWithCredentials = allowOrigin?.trim() === '*' && allowCredentials;

  let post: CorsReport['post'] = null;
  if (allowed) {
    try {
      const response = await ctx.fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: requestSignal(ctx),
        headers: {
          origin: probeOrigin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 'cors-probe', method: 'ping' }),
      });
      const { text } = await readBodyText(response, 16 * 1024);
      const type = response.headers.get('content-type') ?? '';
      const looksLikeMcp = /json|event-stream/i.test(type) && text.includes('jsonrpc');
      post = {
        status: response.status,
        exposeHeaders: response.headers.get('access-control-expose-headers'),
        looksLikeMcp,
      };
    } catch {
      post = null;
    }
  }
  const exposed = list(post?.exposeHeaders ?? null);
  const exposesSessionId = exposed.includes('mcp-session-id') || exposed.includes('*');
  return {
    preflightStatus: preflight.status,
    allowed,
    allowOrigin,
    allowMethods,
    allowHeaders,
    allowCredentials,
    missingHeaders,
    wildcardWithCredentials,
    post,
    exposesSessionId,
    error: null,
  };
}
