/**
 * Paid HTTP endpoints protected by the real x402 packages from the npm registry, on loopback:
 *   GET /v1/weather    — `x402-express` 1.x (402 with a v1 JSON body, network `base-sepolia`)
 *   GET /v2/weather    — `@x402/express` 2.x with `@x402/evm`'s exact scheme (402 with `PAYMENT-REQUIRED`)
 *   GET /v2/multi      — `@x402/express`, two offers (Base Sepolia USDC and Base mainnet USDC)
 *   GET /free          — an unprotected JSON route
 *   GET /broken/<kind> — hand-written 402s with malformed offers (no package emits those on purpose)
 * The v2 resource server talks to a facilitator in this process that supports the exact scheme and
 * refuses every payment: nothing is ever paid.
 */
import express from 'express';
import { paymentMiddleware as paymentMiddlewareV1 } from 'x402-express';
import { paymentMiddleware as paymentMiddlewareV2, x402ResourceServer } from '@x402/express';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import type { FacilitatorClient } from '@x402/core/server';
import { startLoopback, type LoopbackPeer } from './listen.ts';

export const PAY_TO = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';

/** A facilitator that supports exact on the given networks and refuses to verify or settle anything. */
export function refusingFacilitator(networks: readonly string[]): FacilitatorClient {
  return {
    async getSupported() {
      return { kinds: networks.map((network) => ({ x402Version: 2, scheme: 'exact', network: network as `${string}:${string}` })), extensions: [], signers: {} };
    },
    async verify() { return { isValid: false, invalidReason: 'test facilitator never pays' } as never; },
    async settle() { return { success: false, errorReason: 'test facilitator never settles', transaction: '', network: networks[0] } as never; },
  };
}

/** Malformed 402 bodies, by name. */
export const brokenOffers: Readonly<Record<string, { header?: string; body?: unknown }>> = {
  // v1 body whose offer lacks payTo, has a numeric amount and an unknown network
  'v1-fields': { body: { x402Version: 1, error: 'payment required', accepts: [{ scheme: 'exact', network: 'base-moon', maxAmountRequired: 10000, resource: 'http://x/', description: 'd', mimeType: 'application/json', maxTimeoutSeconds: 60, asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' }] } },
  // v2 header that is not base64 JSON
  'v2-header': { header: '%%%not-base64%%%', body: {} },
  // v2 header with an empty accepts list
  'v2-empty': { header: Buffer.from(JSON.stringify({ x402Version: 2, resource: { url: 'http://x/' }, accepts: [] })).toString('base64'), body: {} },
  // v2 with an unknown scheme, a bad address, a negative amount and a non-CAIP-2 network
  'v2-offer': { header: Buffer.from(JSON.stringify({ x402Version: 2, resource: { url: 'http://x/' }, accepts: [
    { scheme: 'teleport', network: 'eip155:8453', amount: '1000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', payTo: '0x1234', maxTimeoutSeconds: 60 },
    { scheme: 'exact', network: 'solana:mainnet', amount: '-5', asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', payTo: 'not base58 !', maxTimeoutSeconds: 0 },
  ] })).toString('base64'), body: {} },
  // a 402 with no x402 content at all
  'plain': { body: { message: 'pay me' } },
};

/** Starts the paid HTTP peer. */
export async function startX402HttpPeer(): Promise<LoopbackPeer> {
  const app = express();
  app.use(paymentMiddlewareV1(PAY_TO, { 'GET /v1/weather': { price: '$0.01', network: 'base-sepolia', config: { description: 'Weather report (v1)' } } }));

  const server = new x402ResourceServer(refusingFacilitator(['eip155:84532', 'eip155:8453'])).register('eip155:*', new ExactEvmScheme());
  app.use(paymentMiddlewareV2({
    'GET /v2/weather': { accepts: { scheme: 'exact', price: '$0.001', network: 'eip155:84532', payTo: PAY_TO }, description: 'Weather report (v2)', mimeType: 'application/json' },
    'GET /v2/multi': {
      accepts: [
        { scheme: 'exact', price: '$0.002', network: 'eip155:84532', payTo: PAY_TO },
        { scheme: 'exact', price: '$0.002', network: 'eip155:8453', payTo: PAY_TO },
      ],
      description: 'Two offers',
    },
  }, server));

  app.get('/v1/weather', (_req, res) => { res.json({ weather: 'sunny' }); });
  app.get('/v2/weather', (_req, res) => { res.json({ weather: 'sunny' }); });
  app.get('/v2/multi', (_req, res) => { res.json({ weather: 'sunny' }); });
  app.get('/free', (_req, res) => { res.json({ free: true }); });
  app.get('/broken/:kind', (req, res) => {
    const broken = brokenOffers[req.params.kind];
    if (!broken) { res.status(404).end(); return; }
    if (broken.header) res.setHeader('PAYMENT-REQUIRED', broken.header);
    res.status(402).json(broken.body ?? {});
  });
  return startLoopback(app);
}
