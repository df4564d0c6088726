/**
 * Paid HTTP endpoints protected by the real x402 packages from the npm registry, on loopback:
 *   GET /v1/weather    — `x402-express` 1.x (402 with a v1 JSON body, network `base-sepolia`)
 *   GET /v2/weather    — `@x402/express` 2.x with `@x402/evm`'s exact scheme (402 with `PAYMENT-REQUIRED`)
 *   GET /v2/multi      — `@x402/express`, two offers (Base Sepolia USDC and Base mainnet USDC)
 *   GET /v1/listed     — `x402-express` with a description and an output schema (Bazaar-listable v1)
 *   GET /v2/listed     — `@x402/express` with two schemes (exact and upto, `@x402/evm`) and Bazaar
 *                        discovery declared with `@x402/extensions` (`declareDiscoveryExtension`)
 *   GET /free          — an unprotected JSON route
 *   GET /broken/<kind> — hand-written 402s with malformed offers (no package emits those on purpose)
 * The v2 resource server talks to a facilitator in this process that supports the exact scheme and
 * refuses every payment: nothing is ever paid.
 */
import express from 'express';
import { paymentMiddleware as paymentMiddlewareV1 } from 'x402-express';
import { paymentMiddleware as paymentMiddlewareV2, x402ResourceServer } from '@x402/express';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { UptoEvmScheme } from '@x402/evm/upto/server';
import { bazaarResourceServerExtension, declareDiscoveryExtension } from '@x402/extensions/bazaar';
import type { FacilitatorClient } from '@x402/core/server';
import { startLoopback, type LoopbackPeer } from './listen.ts';

export const PAY_TO = '0x209693Bc6afc0C5328bA36FaF03C514EF312287C';

/** The Permit2 spender the test facilitator advertises for upto (a made-up address). */
export const FACILITATOR_ADDRESS = '0x1111111111111111111111111111111111111111';

/** A facilitator that supports exact and upto on the given networks and refuses to verify or settle anything. */
export function refusingFacilitator(networks: readonly string[]): FacilitatorClient {
  return {
    async getSupported() {
      const kinds = networks.flatMap((network) => [
        { x402Version: 2, scheme: 'exact', network: network as `${string}:${string}` },
        {
          x402Version: 2,
          scheme: 'upto',
          network: network as `${string}:${string}`,
          extra: { facilitatorAddress: FACILITATOR_ADDRESS },
        },
      ]);
      return { kinds, extensions: ['bazaar'], signers: {} };
    },
    async verify() {
      return { isValid: false, invalidReason: 'test facilitator never pays' } as never;
    },
    async settle() {
      return {
        success: false,
        errorReason: 'test facilitator never settles',
        transaction: '',
        network: networks[0],
      } as never;
    },
  };
}

/** Malformed 402 bodies, by name. */
export const brokenOffers: Readonly<Record<string, { header?: string; body?: unknown }>> = {
  // v1 body whose offer lacks payTo, has a numeric amount and an unknown network
  'v1-fields': {
    body: {
      x402Version: 1,
      error: 'payment required',
      accepts: [
        {
          scheme: 'exact',
          network: 'base-moon',
          maxAmountRequired: 10000,
          resource: 'http://x/',
          description: 'd',
          mimeType: 'application/json',
          maxTimeoutSeconds: 60,
          asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
        },
      ],
    },
  },
  // v2 header that is not base64 JSON
  'v2-header': { header: '%%%not-base64%%%', body: {} },
  // v2 header with an empty accepts list
  'v2-empty': {
    header: Buffer.from(JSON.stringify({ x402Version: 2, resource: { url: 'http://x/' }, accepts: [] })).toString(
      'base64',
    ),
    body: {},
  },
  // v2 with an unknown scheme, a bad address, a negative amount and a non-CAIP-2 network
  'v2-offer': {
    header: Buffer.from(
      JSON.stringify({
        x402Version: 2,
        resource: { url: 'http://x/' },
        accepts: [
          {
            scheme: 'teleport',
            network: 'eip155:8453',
            amount: '1000',
            asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            payTo: '0x1234',
            maxTimeoutSeconds: 60,
          },
          {
            scheme: 'exact',
            network: 'solana:mainnet',
            amount: '-5',
            asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
            payTo: 'not base58 !',
            maxTimeoutSeconds: 0,
          },
        ],
      }),
    ).toString('base64'),
    body: {},
  },
  // a 402 with no x402 content at all
  plain: { body: { message: 'pay me' } },
  // the schemes beyond exact, each missing or misspelling fields its extra needs
  schemes: {
    header: v2Header({
      accepts: [
        offer('upto', { name: 'USDC', version: '2', assetTransferMethod: 'eip3009' }),
        offer('batch-settlement', { name: 'USDC', version: '2', receiverAuthorizer: PAY_TO, withdrawDelay: 60 }),
        offer('auth-capture', {
          name: 'USDC',
          version: '2',
          captureAuthorizer: PAY_TO,
          feeRecipient: PAY_TO,
          captureDeadline: 2_000_000_000,
          refundDeadline: 1_000_000_000,
          minFeeBps: 50,
          maxFeeBps: 10,
          paymentFlow: 'later',
        }),
      ],
    }),
  },
  // v2 only in the body, an unknown version, no resource, an unchecksummed payee, an unknown token
  'v2-body': {
    body: { x402Version: 2, resource: { url: 'http://x/' }, accepts: [offer('exact', { name: 'USDC', version: '2' })] },
  },
  v3: {
    header: Buffer.from(
      JSON.stringify({
        x402Version: 3,
        resource: { url: 'http://x/' },
        accepts: [offer('exact', { name: 'USDC', version: '2' })],
      }),
    ).toString('base64'),
  },
  'v2-no-resource': {
    header: Buffer.from(
      JSON.stringify({ x402Version: 2, accepts: [offer('exact', { name: 'USDC', version: '2' })] }),
    ).toString('base64'),
  },
  'odd-offer': {
    header: v2Header({
      accepts: [
        {
          ...offer('exact', { name: 'TKN', version: '1' }),
          payTo: PAY_TO.toLowerCase(),
          asset: '0x1234567890123456789012345678901234567890',
        },
      ],
    }),
  },
  // an exact offer without the token's EIP-712 domain (clients look it up)
  'exact-no-domain': { header: v2Header({ accepts: [offer('exact', {})] }) },
  // all four schemes, correct
  'schemes-ok': {
    header: v2Header({
      accepts: [
        offer('exact', { name: 'USDC', version: '2' }),
        offer('upto', { name: 'USDC', version: '2', facilitatorAddress: FACILITATOR_ADDRESS }),
        offer('batch-settlement', { name: 'USDC', version: '2', receiverAuthorizer: PAY_TO, withdrawDelay: 86_400 }),
        offer('auth-capture', {
          name: 'USDC',
          version: '2',
          captureAuthorizer: PAY_TO,
          feeRecipient: PAY_TO,
          captureDeadline: 1_900_000_000,
          refundDeadline: 2_000_000_000,
          minFeeBps: 0,
          maxFeeBps: 100,
          paymentFlow: 'escrow',
        }),
      ],
    }),
  },
  // Bazaar declarations the facilitator rejects, one failure mode each
  'bazaar-no-schema': {
    header: v2Header({ extensions: { bazaar: { info: { input: { type: 'http', method: 'GET' } } } } }),
  },
  'bazaar-body-schema': {
    header: v2Header({
      extensions: {
        bazaar: {
          info: { input: { type: 'http', method: 'GET' } },
          schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    }),
  },
  'bazaar-external-ref': {
    header: v2Header({
      extensions: {
        bazaar: {
          info: { input: { type: 'http', method: 'GET' } },
          schema: {
            type: 'object',
            properties: { input: { $ref: 'https://schemas.example/input.json' } },
            required: ['input'],
          },
        },
      },
    }),
  },
  'bazaar-input': {
    header: v2Header({
      extensions: {
        bazaar: {
          info: { input: { type: 'mcp', inputSchema: {} } },
          schema: { type: 'object', properties: { input: { type: 'object' } } },
        },
      },
    }),
  },
  'bazaar-mismatch': {
    header: v2Header({
      extensions: {
        bazaar: {
          info: { input: { type: 'http', method: 'GET', queryParams: {} } },
          schema: {
            type: 'object',
            properties: {
              input: {
                type: 'object',
                properties: { type: { const: 'http' }, method: { enum: ['GET'] } },
                required: ['type', 'method', 'queryParams', 'headers'],
                additionalProperties: false,
              },
            },
            required: ['input'],
          },
        },
      },
    }),
  },
  'bazaar-metadata': {
    header: v2Header({
      resource: {
        url: 'http://x/',
        serviceName: 'A service name far longer than thirty-two characters',
        tags: ['a', 'b', 'c', 'd', 'e', 'f'],
        iconUrl: 'http://127.0.0.1/icon.png',
      },
      extensions: {
        bazaar: {
          routeTemplate: '/users/../admin',
          info: { input: { type: 'http', method: 'GET' } },
          schema: { type: 'object', properties: { input: { type: 'object' } } },
        },
      },
    }),
  },
  // v1 documents: discovery in the wrong place, and opted out
  'v1-bazaar': {
    body: {
      x402Version: 1,
      error: 'payment required',
      extensions: { bazaar: { info: {}, schema: {} } },
      accepts: [{ ...v1Offer(), outputSchema: { input: { type: 'http', method: 'GET', discoverable: false } } }],
    },
  },
  'v1-unlisted': { body: { x402Version: 1, error: 'payment required', accepts: [v1Offer()] } },
  'v1-bad-schema': {
    body: {
      x402Version: 1,
      error: 'payment required',
      accepts: [{ ...v1Offer(), outputSchema: { input: { type: 'http', method: 'FETCH' } } }],
    },
  },
};

/** An EVM offer of `scheme` on Base Sepolia (USDC) with `extra`. */
function offer(scheme: string, extra: Record<string, unknown>) {
  return {
    scheme,
    network: 'eip155:84532',
    amount: '1000',
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    payTo: PAY_TO,
    maxTimeoutSeconds: 60,
    extra,
  };
}

function v1Offer() {
  return {
    scheme: 'exact',
    network: 'base-sepolia',
    maxAmountRequired: '1000',
    resource: 'http://x/',
    description: '',
    mimeType: 'application/json',
    payTo: PAY_TO,
    maxTimeoutSeconds: 60,
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    extra: { name: 'USDC', version: '2' },
  };
}

/** A base64 v2 PaymentRequired header: one exact offer unless `accepts` is given. */
function v2Header(parts: { accepts?: unknown[]; resource?: unknown; extensions?: unknown }): string {
  return Buffer.from(
    JSON.stringify({
      x402Version: 2,
      resource: parts.resource ?? { url: 'http://x/', description: 'A paid thing' },
      accepts: parts.accepts ?? [offer('exact', { name: 'USDC', version: '2' })],
      ...(parts.extensions ? { extensions: parts.extensions } : {}),
    }),
  ).toString('base64');
}

/** Starts the paid HTTP peer. */
export async function startX402HttpPeer(): Promise<LoopbackPeer> {
  const app = express();
  app.use(
    paymentMiddlewareV1(PAY_TO, {
      'GET /v1/weather': { price: '$0.01', network: 'base-sepolia', config: { description: 'Weather report (v1)' } },
      'GET /v1/listed': {
        price: '$0.01',
        network: 'base-sepolia',
        config: { description: 'Listed weather (v1)', outputSchema: { weather: 'sunny' } },
      },
    }),
  );

  const server = new x402ResourceServer(refusingFacilitator(['eip155:84532', 'eip155:8453']))
    .register('eip155:*', new ExactEvmScheme())
    .register('eip155:*', new UptoEvmScheme())
    .registerExtension(bazaarResourceServerExtension);
  app.use(
    paymentMiddlewareV2(
      {
        'GET /v2/weather': {
          accepts: { scheme: 'exact', price: '$0.001', network: 'eip155:84532', payTo: PAY_TO },
          description: 'Weather report (v2)',
          mimeType: 'application/json',
        },
        'GET /v2/multi': {
          accepts: [
            { scheme: 'exact', price: '$0.002', network: 'eip155:84532', payTo: PAY_TO },
            { scheme: 'exact', price: '$0.002', network: 'eip155:8453', payTo: PAY_TO },
          ],
          description: 'Two offers',
        },
        'GET /v2/listed': {
          accepts: [
            { scheme: 'exact', price: '$0.002', network: 'eip155:84532', payTo: PAY_TO },
            { scheme: 'upto', price: '$0.01', network: 'eip155:84532', payTo: PAY_TO },
          ],
          description: 'Weather, listed in the Bazaar',
          mimeType: 'application/json',
          extensions: declareDiscoveryExtension({
            input: { city: 'Berlin' },
            inputSchema: { properties: { city: { type: 'string' } }, required: ['city'] },
            output: { example: { weather: 'sunny' } },
          }),
        },
      },
      server,
    ),
  );

  app.get('/v1/weather', (_req, res) => {
    res.json({ weather: 'sunny' });
  });
  app.get('/v1/listed', (_req, res) => {
    res.json({ weather: 'sunny' });
  });
  app.get('/v2/listed', (_req, res) => {
    res.json({ weather: 'sunny' });
  });
  app.get('/v2/weather', (_req, res) => {
    res.json({ weather: 'sunny' });
  });
  app.get('/v2/multi', (_req, res) => {
    res.json({ weather: 'sunny' });
  });
  app.get('/free', (_req, res) => {
    res.json({ free: true });
  });
  app.get('/broken/:kind', (req, res) => {
    const broken = brokenOffers[req.params.kind];
    if (!broken) {
      res.status(404).end();
      return;
    }
    if (broken.header) res.setHeader('PAYMENT-REQUIRED', broken.header);
    res.status(402).json(broken.body ?? {});
  });
  return startLoopback(app);
}
