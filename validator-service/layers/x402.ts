/**
 * The x402 layer: does the endpoint ask for payment the x402 way, and are its offers well formed?
 * Over HTTP (a 402 on the URL: v2 `PAYMENT-REQUIRED` header, v1 JSON body) and over MCP (tools marked
 * payment-gated in their listing, asked for their price without paying). Never pays, never calls a
 * tool without payment metadata. Not detected when neither transport asks for payment.
 */
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';
import { x402Codes } from './x402/codes.ts';
import { probeHttp } from './x402/http-probe.ts';
import { probeMcp } from './x402/mcp-probe.ts';
import { describeOffer, type Offer, type PaymentRequiredFacts } from './x402/payment-required.ts';

type Result = Omit<LayerResult, 'durationMs'>;

const uniq = (values: readonly (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(x402Codes);
  const [http, mcp] = await Promise.all([probeHttp(ctx, findings), probeMcp(ctx, findings)]);
  const asked = mcp.paidTools.filter((t) => t.outcome === 'payment-required' || t.outcome === 'legacy-error');
  if (mcp.paidTools.length > 0) {
    findings.add(
      'X402-002',
      `${mcp.paidTools.length} of ${mcp.toolCount} MCP tool(s) are marked payment-gated ` +
        `(${mcp.paidTools.map((t) => `${t.tool} via ${t.marker}`).join(', ')}); ${asked.length} asked for payment.`,
      ctx.url.href,
    );
  }
  const detected = http.kind === '402' || mcp.paidTools.length > 0;
  if (!detected) {
    if (http.kind === 'unreachable') {
      findings.add(
        'X402-023',
        `The endpoint could not be reached (${http.failure.kind}); see the HTTP layer.`,
        ctx.url.href,
      );
    } else {
      findings.add(
        'X402-003',
        `No payment asked: the URL answered ` +
          `${http.status}` +
          `${mcp.connected ? `, and none of the ${mcp.toolCount} MCP tool(s) is marked payment-gated` : ''}.`,
        ctx.url.href,
      );
    }
    return {
      layer: 'x402',
      status: 'not_detected',
      categories: {
        supportsX402: false,
        overHttp: false,
        overMcp: false,
        hasValidPaymentRequirements: false,
        supportsExactScheme: false,
        supportsEvm: false,
        supportsSolana: false,
        usesLegacyMcpError: false,
      },
      summary: {},
      messages: findings.messages,
      raw: { http, mcp },
    };
  }
  const documents: PaymentRequiredFacts[] = [
    ...(http.kind === '402' && http.facts ? [http.facts] : []),
    ...mcp.paidTools.flatMap((t) => (t.facts ? [t.facts] : [])),
  ];
  const offers: Offer[] = documents.flatMap((d) => d.offers);
  const status = findings.verdict();
  return {
    layer: 'x402',
    status,
    categories: {
      supportsX402: true,
      overHttp: http.kind === '402',
      overMcp: mcp.paidTools.length > 0,
      hasValidPaymentRequirements: documents.length > 0 && documents.every((d) => d.valid),
      supportsExactScheme: offers.some((o) => o.scheme === 'exact'),
      supportsEvm: offers.some((o) => (o.caip2 ?? o.network ?? '').startsWith('eip155:')),
      supportsSolana: offers.some((o) => (o.caip2 ?? o.network ?? '').startsWith('solana:')),
      usesLegacyMcpError: mcp.paidTools.some((t) => t.outcome === 'legacy-error'),
    },
    summary: {
      x402Versions: uniq(documents.map((d) => (d.x402Version === null ? null : String(d.x402Version)))),
      transports: [
        ...(http.kind === '402' ? [`HTTP 402 (${http.placement})`] : []),
        ...(mcp.paidTools.length > 0 ? ['MCP tools'] : []),
      ],
      offerCount: offers.length,
      offers: offers.slice(0, 10).map(describeOffer),
      networks: uniq(offers.map((o) => o.networkName ?? o.network)),
      schemes: uniq(offers.map((o) => o.scheme)),
      assets: uniq(offers.map((o) => o.assetSymbol ?? o.asset)),
      paidTools: mcp.paidTools.map((t) => t.tool),
    },
    messages: findings.messages,
    raw: { http, mcp },
  };
}

/** The x402 layer. */
export const x402Layer: Layer = defineLayer('x402', run);
