/**
 * The HTTP layer: can the endpoint be reached, over verified TLS, through which redirects, with
 * which CORS policy for browser MCP clients, and over HTTP/2. Unreachable endpoints `fail`;
 * this layer is never `not_detected`, because every URL speaks HTTP or fails to.
 */
import type { Layer, LayerContext, LayerResult, TlsInfo } from './layer.ts';
import { httpCodes, type HttpCode } from './http/codes.ts';
import { probeCors, type CorsReport } from './http/cors-probe.ts';
import { addCertificateError, addNetworkFailure } from './http/network-findings.ts';
import { browserGet } from './shared/browser-get.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import type { FollowedResponse } from './shared/follow-redirects.ts';
import { classifyNetworkError } from './shared/network-error.ts';

const soonDays = 14;

async function probeTls(ctx: LayerContext): Promise<{ info: TlsInfo | null; error: string | null }> {
  if (ctx.url.protocol !== 'https:') return { info: null, error: null };
  try {
    return { info: await ctx.tlsInfo(ctx.url), error: null };
  } catch (error) {
    return { info: null, error: error instanceof Error ? error.message : String(error) };
  }
}

async function get(ctx: LayerContext): Promise<{ followed: FollowedResponse | null; error: unknown; ms: number }> {
  const outcome = await browserGet(ctx);
  return outcome.ok
    ? { followed: outcome.followed, error: null, ms: outcome.ms }
    : { followed: null, error: outcome.error, ms: outcome.ms };
}

function judgeTls(findings: Findings<HttpCode>, ctx: LayerContext, tls: TlsInfo | null): boolean {
  const location = ctx.url.origin;
  if (ctx.url.protocol !== 'https:') {
    findings.add('HTTP-004', 'The endpoint uses plain HTTP: traffic and tokens are not encrypted.', location);
    return false;
  }
  if (tls === null) return false;
  if (!tls.authorized) {
    addCertificateError(findings, tls.authorizationError ?? 'UNKNOWN', location);
    return false;
  }
  findings.add(
    'HTTP-027',
    `Certificate issued by ${tls.issuer ?? 'unknown issuer'}, valid until ${tls.validTo ?? 'unknown'}.`,
    location,
  );
  if (tls.daysUntilExpiry !== null && tls.daysUntilExpiry < soonDays) {
    findings.add('HTTP-016', `The certificate expires in ${tls.daysUntilExpiry} day(s).`, location);
  }
  return true;
}

function judgeRedirects(findings: Findings<HttpCode>, followed: FollowedResponse): void {
  const { chain } = followed;
  if (chain.length === 0) return;
  const hops = chain.map((h) => `${h.statusCode} → ${h.to}`).join(', ');
  findings.add('HTTP-007', `${chain.length} redirect(s): ${hops}.`, chain[0]?.from ?? null);
  if (chain.length > 5)
    findings.add('HTTP-008', `${chain.length} redirects slow every client down.`, chain[0]?.from ?? null);
  if (followed.tooManyRedirects)
    findings.add('HTTP-017', 'The server keeps redirecting beyond 10 hops.', followed.finalUrl.href);
  for (const hop of chain) {
    if (hop.from.startsWith('https:') && hop.to.startsWith('http:'))
      findings.add('HTTP-018', `Redirect from ${hop.from} to plain HTTP ${hop.to}.`, hop.from);
  }
}

function judgeCors(findings: Findings<HttpCode>, cors: CorsReport, location: string): void {
  if (!cors.allowed) {
    const why =
      cors.preflightStatus === null
        ? 'the preflight request failed'
        : `the preflight answered ${cors.preflightStatus} without allowing the origin`;
    findings.add('HTTP-019', `Browser clients on other origins cannot call this endpoint: ${why}.`, location);
    return;
  }
  if (cors.missingHeaders.length > 0) {
    findings.add(
      'HTTP-020',
      `The preflight does not allow the request header(s) ${cors.missingHeaders.join(', ')}.`,
      'Access-Control-Allow-Headers',
    );
  } else {
    findings.add('HTTP-012', 'The CORS preflight allows POST with the MCP request headers.', location);
  }
  if (cors.wildcardWithCredentials)
    findings.add(
      'HTTP-021',
      'Access-Control-Allow-Origin "*" cannot be used with credentials; browsers reject it.',
      'Access-Control-Allow-Origin',
    );
  if (cors.post?.status === 403)
    findings.add('HTTP-023', 'A request from a foreign Origin is rejected with 403.', location);
  else if (cors.post?.looksLikeMcp && !cors.exposesSessionId)
    findings.add(
      'HTTP-022',
      'Access-Control-Expose-Headers lacks Mcp-Session-Id: browser clients cannot read the session.',
      'Access-Control-Expose-Headers',
    );
}

function judgeHttp2(
  findings: Findings<HttpCode>,
  ctx: LayerContext,
  tls: TlsInfo | null,
): 'yes' | 'no' | 'not_applicable' | 'unknown' {
  if (ctx.url.protocol !== 'https:') {
    findings.add('HTTP-024', 'HTTP/2 is negotiated through TLS; it does not apply to http:// URLs.', ctx.url.origin);
    return 'not_applicable';
  }
  if (tls === null || !tls.authorized) return 'unknown';
  if (tls.alpnProtocol === 'h2') {
    findings.add('HTTP-013', 'The server negotiates HTTP/2 (ALPN h2).', ctx.url.origin);
    return 'yes';
  }
  findings.add('HTTP-025', `ALPN selected ${tls.alpnProtocol ?? 'no protocol'}: HTTP/1.1 only.`, ctx.url.origin);
  return 'no';
}

async function run(ctx: LayerContext): Promise<Omit<LayerResult, 'durationMs'>> {
  const findings = new Findings(httpCodes);
  const [tls, got, cors] = await Promise.all([probeTls(ctx), get(ctx), probeCors(ctx, ctx.url)]);
  const sslValid = judgeTls(findings, ctx, tls.info);
  const reachable = got.followed !== null;
  if (!reachable) {
    const failure = classifyNetworkError(got.error);
    // The TLS probe already explained a certificate failure; do not report it twice.
    const explained = tls.info !== null && !tls.info.authorized && failure.kind.startsWith('tls');
    if (!explained) addNetworkFailure(findings, failure, ctx.url.href);
  }
  let http2: ReturnType<typeof judgeHttp2> = 'unknown';
  let contentType: string | null = null;
  let serverHeader: string | null = null;
  if (got.followed) {
    const { response } = got.followed;
    judgeRedirects(findings, got.followed);
    contentType = response.headers.get('content-type');
    serverHeader = response.headers.get('server');
    const isHtml = /^\s*text\/html/i.test(contentType ?? '');
    if (isHtml)
      findings.add('HTTP-009', `GET answers ${response.status} with ${contentType}.`, got.followed.finalUrl.href);
    else
      findings.add(
        'HTTP-010',
        `GET answers ${response.status}${contentType ? ` with ${contentType}` : ''}: an API endpoint, not a web page.`,
        got.followed.finalUrl.href,
      );
    if (serverHeader) findings.add('HTTP-011', `Server: ${serverHeader}`, 'Server');
    if (response.status >= 500)
      findings.add('HTTP-026', `The server answered ${response.status}.`, got.followed.finalUrl.href);
    judgeCors(findings, cors, ctx.url.href);
    http2 = judgeHttp2(findings, ctx, tls.info);
  }
  const status = got.followed?.response.status ?? null;
  const isHtml = /^\s*text\/html/i.test(contentType ?? '');
  return {
    layer: 'http',
    status: findings.verdict(),
    categories: {
      isHttpReachable: reachable,
      isHttps: ctx.url.protocol === 'https:',
      hasValidSsl: sslValid,
      hasSslCertificate: tls.info !== null,
      hasRedirects: (got.followed?.chain.length ?? 0) > 0,
      isWebsite: reachable && isHtml,
      isApiEndpoint: reachable && !isHtml,
      hasServerHeader: serverHeader !== null,
      supportsCors: reachable && cors.allowed,
      exposesMcpSessionId: reachable && cors.allowed && cors.exposesSessionId,
      supportsHttp2: http2 === 'yes',
    },
    summary: {
      statusCode: status,
      finalUrl: got.followed?.finalUrl.href ?? null,
      redirectCount: got.followed?.chain.length ?? 0,
      http2,
      sslIssuer: tls.info?.issuer ?? null,
      sslExpiresAt: tls.info?.validTo ?? null,
      responseTimeMs: got.ms,
    },
    messages: findings.messages,
    raw: {
      statusCode: status,
      contentType,
      serverHeader,
      redirectChain: got.followed?.chain ?? [],
      responseTimeMs: got.ms,
      tls: tls.info,
      tlsProbeError: tls.error,
      cors,
    },
  };
}

/** The HTTP layer. */
export const httpLayer: Layer = defineLayer('http', run);
