/**
 * x402 over plain HTTP on the URL itself: the shared browser-style GET; a 402 carries the
 * PaymentRequired in the v2 `PAYMENT-REQUIRED` header (base64 JSON) or, for v1, as the JSON body.
 * Nothing is paid: no `X-PAYMENT` / `PAYMENT-SIGNATURE` header is ever sent.
 */
import type { LayerContext } from '../layer.ts';
import { browserGet } from '../shared/browser-get.ts';
import type { Findings } from '../shared/findings.ts';
import { classifyNetworkError, type NetworkFailure } from '../shared/network-error.ts';
import type { X402Code } from './codes.ts';
import { analysePaymentRequired, type PaymentRequiredFacts } from './payment-required.ts';
import { loadEvmAddresses } from './evm-address.ts';

export type HttpProbe =
  | { readonly kind: 'unreachable'; readonly failure: NetworkFailure }
  | { readonly kind: 'no-402'; readonly status: number }
  | {
      readonly kind: '402';
      readonly url: string;
      readonly placement: 'header' | 'body' | 'none';
      readonly facts: PaymentRequiredFacts | null;
    };

function decodeHeader(value: string): unknown {
  const json = Buffer.from(value.trim(), 'base64').toString('utf8');
  if (!/^[A-Za-z0-9+/=_-]+$/.test(value.trim())) throw new Error('not base64');
  return JSON.parse(json) as unknown;
}

/** Probes `ctx.url` once and analyses a 402 answer. */
export async function probeHttp(ctx: LayerContext, findings: Findings<X402Code>): Promise<HttpProbe> {
  const page = await browserGet(ctx);
  if (!page.ok) return { kind: 'unreachable', failure: classifyNetworkError(page.error) };
  const { response, finalUrl } = page.followed;
  if (response.status !== 402) return { kind: 'no-402', status: response.status };
  const where = finalUrl.href;
  const header = response.headers.get('payment-required');
  if (header !== null) {
    let decoded: unknown;
    try {
      decoded = decodeHeader(header);
    } catch {
      findings.add(
        'X402-005',
        'The PAYMENT-REQUIRED header is not base64-encoded JSON.',
        `PAYMENT-REQUIRED header of ${where}`,
      );
      return { kind: '402', url: where, placement: 'header', facts: null };
    }
    await loadEvmAddresses();
    const facts = analysePaymentRequired(decoded, `PAYMENT-REQUIRED header of ${where}`, findings);
    findings.add(
      'X402-001',
      `${where} answers 402 with an x402 v${facts.x402Version ?? '?'} PaymentRequired in the PAYMENT-REQUIRED header ` +
        `(${facts.offers.length} offer(s)).`,
      where,
    );
    return { kind: '402', url: where, placement: 'header', facts };
  }
  let body: unknown = null;
  try {
    const { text } = await page.body;
    body = JSON.parse(text) as unknown;
  } catch {
    body = null;
  }
  const looksX402 = body !== null && typeof body === 'object' && 'x402Version' in (body as object);
  if (!looksX402) {
    findings.add(
      'X402-004',
      `${where} answers 402 but carries no x402 PaymentRequired (no PAYMENT-REQUIRED header, and the body has no ` +
        `x402Version).`,
      where,
    );
    return { kind: '402', url: where, placement: 'none', facts: null };
  }
  await loadEvmAddresses();
  const facts = analysePaymentRequired(body, `402 body of ${where}`, findings);
  if (facts.x402Version === 2)
    findings.add(
      'X402-006',
      'The v2 PaymentRequired is only in the body; v2 clients read the PAYMENT-REQUIRED header.',
      where,
    );
  findings.add(
    'X402-001',
    `${where} answers 402 with an x402 v${facts.x402Version ?? '?'} PaymentRequired in the JSON body ` +
      `(${facts.offers.length} offer(s)).`,
    where,
  );
  return { kind: '402', url: where, placement: 'body', facts };
}
