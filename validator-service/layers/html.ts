/**
 * The HTML layer: does the URL serve a web page a browser can show (GET with a browser `Accept`,
 * `text/html`, a 2xx status after redirects)? MCP and API endpoints that refuse such a GET
 * (400/405/406) and HTML error pages (any 4xx/5xx, e.g. Express's default `Cannot GET /`) are "not
 * a website", not failures; HTML served with the wrong Content-Type or a broken body is a `fail`.
 */
import type { Layer, LayerContext, LayerResult, TlsInfo } from './layer.ts';
import { htmlCodes } from './html/codes.ts';
import { hasHtml5Doctype, looksLikeHtml, titleOf } from '../../runtime/html-sniff.ts';
import { browserGet } from './shared/browser-get.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import { classifyNetworkError } from './shared/network-error.ts';

type Result = Omit<LayerResult, 'durationMs'>;

function notDetected(
  findings: Findings<keyof typeof htmlCodes>,
  summary: Record<string, unknown>,
  raw: unknown,
): Result {
  return {
    layer: 'html',
    status: 'not_detected',
    categories: {
      isWebsite: false,
      hasHtmlContentType: false,
      hasValidSsl: false,
      supportsHttp2: false,
      hasDoctype: false,
    },
    summary,
    messages: findings.messages,
    raw,
  };
}

async function tlsFacts(ctx: LayerContext, url: URL): Promise<TlsInfo | null> {
  if (url.protocol !== 'https:') return null;
  try {
    return await ctx.tlsInfo(url);
  } catch {
    return null;
  }
}

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(htmlCodes);
  const got = await browserGet(ctx);
  if (!got.ok) {
    const failure = classifyNetworkError(got.error);
    findings.add('HTML-004', `The page could not be fetched (${failure.kind}); see the HTTP layer.`, ctx.url.href);
    return notDetected(findings, { reason: 'unreachable' }, { error: failure });
  }
  const { followed } = got;
  const { response, finalUrl } = followed;
  const contentType = response.headers.get('content-type');
  const declaredHtml = /^\s*text\/html/i.test(contentType ?? '');
  const { text, truncated } = await got.body;
  const sniffedHtml = looksLikeHtml(text);
  const raw = {
    statusCode: response.status,
    contentType,
    finalUrl: finalUrl.href,
    redirectChain: followed.chain,
    bodyBytesRead: Buffer.byteLength(text),
    truncated,
  };

  if (!declaredHtml && !sniffedHtml) {
    if ([400, 405, 406].includes(response.status)) {
      findings.add('HTML-002', `GET answers ${response.status}: an API or MCP endpoint, not a website.`, finalUrl.href);
    } else {
      findings.add(
        'HTML-003',
        `GET answers ${response.status} with ${contentType ?? 'no Content-Type'}: not a web page.`,
        finalUrl.href,
      );
    }
    return notDetected(findings, { reason: 'not_html', statusCode: response.status, contentType }, raw);
  }

  // An error status with an HTML body is the server's error page (Express's "Cannot GET /", a
  // framework's 404): nothing at this URL for a person to open, so not a website.
  if (response.status >= 400) {
    const title = sniffedHtml ? titleOf(text) : null;
    const named = title ? ` ("${title}")` : '';
    const message = `GET answers ${response.status} with an HTML error page${named}: not a website.`;
    findings.add('HTML-016', message, finalUrl.href);
    const summary = { reason: 'error_page', statusCode: response.status, contentType, title };
    return notDetected(findings, summary, { ...raw, title });
  }
  findings.add('HTML-001', `GET answers ${response.status} with ${contentType ?? 'no Content-Type'}.`, finalUrl.href);
  if (!declaredHtml)
    findings.add(
      'HTML-005',
      `The body is an HTML document but Content-Type is ${contentType ?? 'missing'}; browsers will not render it.`,
      'Content-Type',
    );
  else if (!/charset=/i.test(contentType ?? ''))
    findings.add('HTML-006', 'Content-Type has no charset parameter.', 'Content-Type');
  if (declaredHtml && !sniffedHtml)
    findings.add(
      'HTML-008',
      text.trim() === '' ? 'The body is empty.' : 'The body is not an HTML document.',
      finalUrl.href,
    );
  if (sniffedHtml && !hasHtml5Doctype(text))
    findings.add('HTML-007', 'The document does not start with <!DOCTYPE html>.', finalUrl.href);
  const title = sniffedHtml ? titleOf(text) : null;
  if (sniffedHtml && title === null && !truncated)
    findings.add('HTML-015', 'The document has no <title>.', finalUrl.href);

  const tls = await tlsFacts(ctx, finalUrl);
  const sslValid = tls?.authorized === true;
  if (finalUrl.protocol === 'https:' && sslValid)
    findings.add('HTML-011', `Served over verified HTTPS (${tls?.protocol ?? 'TLS'}).`, finalUrl.origin);
  if (finalUrl.protocol !== 'https:') findings.add('HTML-012', 'The page is served over plain HTTP.', finalUrl.origin);
  const http2 = finalUrl.protocol !== 'https:' ? 'not_applicable' : tls?.alpnProtocol === 'h2' ? 'yes' : 'no';
  if (http2 === 'yes') findings.add('HTML-013', 'The site negotiates HTTP/2.', finalUrl.origin);
  else
    findings.add(
      'HTML-014',
      http2 === 'not_applicable' ? 'HTTP/2 does not apply to http:// URLs.' : 'The site does not negotiate HTTP/2.',
      finalUrl.origin,
    );

  return {
    layer: 'html',
    status: findings.verdict(),
    categories: {
      isWebsite: true,
      hasHtmlContentType: declaredHtml,
      hasValidSsl: sslValid,
      supportsHttp2: http2 === 'yes',
      hasDoctype: hasHtml5Doctype(text),
    },
    summary: {
      statusCode: response.status,
      contentType,
      title,
      ssl: finalUrl.protocol !== 'https:' ? 'none' : sslValid ? 'valid' : 'invalid',
      http2,
    },
    messages: findings.messages,
    raw: { ...raw, title, tls },
  };
}

/** The HTML layer. */
export const htmlLayer: Layer = defineLayer('html', run);
