/**
 * The A2A layer's card checks, each shown by a loopback origin serving a card built to show it: a
 * 0.3 card only at the 0.2 path, wrong types, an empty skill list, broken interfaces, transports and
 * security, an incomplete provider and signature, extensions without uri, AP2 without roles, an x402
 * look-alike; a JSON-RPC interface that does not speak JSON-RPC, one that does not echo extensions;
 * and an unreachable endpoint.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { a2aLayer } from '../../../validator-service/layers/a2a.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { startLoopback } from '../../peers/listen.ts';
import { expectCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const test = suite('A2A card findings');

/**
 * Serves `card(base)` at `path` and two JSON-RPC stand-ins: `/rpc-text` (not JSON-RPC) and `/rpc`
 * (no extension echo).
 */
async function serveCard(path: string, card: (base: string) => Record<string, unknown>) {
  return startLoopback((req, res) => {
    const base = `http://${req.headers.host}`;
    if (req.url === path) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card(base)));
      return;
    }
    if (req.url === '/rpc-text' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      return;
    }
    if (req.url === '/rpc' && req.method === 'POST') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found' } }));
      return;
    }
    res.writeHead(404).end();
  });
}

const classic = (base: string, extra: Record<string, unknown> = {}) => ({
  name: 'Card',
  description: 'A card.',
  url: `${base}/rpc`,
  version: '1.0.0',
  protocolVersion: '0.3.0',
  preferredTransport: 'JSONRPC',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'S.', tags: ['s'] }],
  ...extra,
});

test('a 0.3 card only at /.well-known/agent.json is warned (A2A-004)', async () => {
  const peer = await serveCard('/.well-known/agent.json', (base) => classic(base));
  try {
    expectCode(await runLayer(a2aLayer, testContext(peer.url)), 'A2A-004');
  } finally {
    await peer.close();
  }
});

test('a card with every structural mistake names each one', async () => {
  const peer = await serveCard('/.well-known/agent-card.json', (base) =>
    classic(base, {
      name: 42,
      url: 'not a url',
      preferredTransport: 'SOAP',
      skills: [],
      securitySchemes: { magic: { type: 'telepathy' } },
      security: [{ undeclared: [] }],
      provider: { organization: 'Only a name' },
      signatures: [{ protected: 'x' }],
      capabilities: {
        extensions: [
          { description: 'no uri' },
          { uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: {} },
          { uri: 'https://github.com/someone/a2a-x402/v9' },
        ],
      },
    }),
  );
  try {
    const r = await runLayer(a2aLayer, testContext(peer.url));
    assert.is(r.status, 'fail');
    expectCode(r, 'A2A-006', /"name" must be a string/);
    expectCode(r, 'A2A-009');
    expectCode(r, 'A2A-010', /"url" is not an http\(s\) URL/);
    expectCode(r, 'A2A-011', /preferredTransport "SOAP"/);
    expectCode(r, 'A2A-012', /securitySchemes\.magic/);
    expectCode(r, 'A2A-012', /names "undeclared"/);
    expectCode(r, 'A2A-013');
    expectCode(r, 'A2A-014');
    expectCode(r, 'A2A-024');
    expectCode(r, 'A2A-017');
    expectCode(r, 'A2A-020', /a2a-x402\/v9/);
  } finally {
    await peer.close();
  }
});

test('a JSON-RPC interface not answering JSON-RPC (A2A-023), one not echoing extensions (A2A-022)', async () => {
  const ap2 = {
    capabilities: {
      extensions: [
        { uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant'] } },
      ],
    },
  };
  const text = await serveCard('/.well-known/agent-card.json', (base) => classic(base, { url: `${base}/rpc-text` }));
  const silent = await serveCard('/.well-known/agent-card.json', (base) => classic(base, ap2));
  try {
    expectCode(await runLayer(a2aLayer, testContext(text.url)), 'A2A-023', /without a JSON-RPC response/);
    expectCode(await runLayer(a2aLayer, testContext(silent.url)), 'A2A-022', /the agent echoed none/);
  } finally {
    await text.close();
    await silent.close();
  }
});

test('an unreachable endpoint is not checked (A2A-025)', async () => {
  const r = await runLayer(a2aLayer, testContext(await deadPortUrl()));
  assert.is(r.status, 'not_detected');
  expectCode(r, 'A2A-025');
});

test.run();
