/**
 * The A2A / AP2 layer against agents served by `@a2a-js/sdk`: a 1.0 card with AP2 and x402 (and the
 * SDK's 0.3 translation for clients without A2A-Version), a plain 1.0 card, a 0.2 card at the old
 * path, a card under the URL's path, non-standard AP2 in snake_case, a broken card, and no card.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { a2aLayer } from '../../../validator-service/layers/a2a.ts';
import { A2A_X402, AP2_V01, startA2aAgent } from '../../peers/a2a-agent.ts';
import { startHttpWebsite } from '../../peers/websites.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

const test = suite('A2A layer');
type Summary = Record<string, unknown> & {
  servedVersions: string[];
  ap2Roles: string[];
  activatedExtensions: string[];
  protocolBindings: string[];
  skills: string[];
};
const sum = (r: { summary: Record<string, unknown> }) => r.summary as Summary;

test(
  '1.0 card with AP2 and x402 (SDK, 0.3 compatibility on): pass, both versions seen, ' + 'extensions negotiated',
  async () => {
    const agent = await startA2aAgent('v1-ap2');
    try {
      const r = await runLayer(a2aLayer, testContext(agent.url));
      assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
      assert.equal(
        sum(r).servedVersions,
        ['0.3', '1.0'],
        'no A2A-Version: the SDK answers 0.3; with 1.0 it answers 1.0',
      );
      assert.is(sum(r).cardVersion, '1.0');
      assert.is(sum(r).ap2Version, 'v0.1');
      assert.equal(sum(r).ap2Roles, ['merchant']);
      assert.is(sum(r).x402Extension, 'v0.1');
      assert.equal(sum(r).activatedExtensions, [AP2_V01, A2A_X402]);
      assert.ok(r.categories['supportsAp2'] && r.categories['supportsA2aX402'] && r.categories['extensionsNegotiated']);
      assert.ok(r.categories['supportsJsonRpc'] && r.categories['hasProvider'] && r.categories['supportsStreaming']);
      expectCode(r, 'A2A-001');
      expectCode(r, 'A2A-003');
      expectCode(r, 'A2A-015');
      expectCode(r, 'A2A-019');
      expectCode(r, 'A2A-021');
      expectCode(r, 'A2A-027');
      // The SDK's hybrid card (0.3 root for clients without A2A-Version, 1.0 supportedInterfaces) is right.
      expectCode(r, 'A2A-028', /root matches JSONRPC .*\/a2a\/jsonrpc \(protocol 0\.3\), as @a2a-js\/sdk serves it/);
      expectNoCode(r, 'A2A-026');
      assert.is(r.status, 'pass');
    } finally {
      await agent.close();
    }
  },
);

test('plain 1.0 card: pass without AP2, JSON-RPC answers GetTask with A2A-Version 1.0', async () => {
  const agent = await startA2aAgent('v1-plain');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    assert.equal(sum(r).servedVersions, ['1.0']);
    assert.is(sum(r).ap2Version, null);
    expectCode(r, 'A2A-027');
    expectNoCode(r, 'A2A-021');
    assert.equal(sum(r).skills, ['Checkout']);
  } finally {
    await agent.close();
  }
});

test('0.2 card at /.well-known/agent.json: found by the fallback and validated as 0.2', async () => {
  const agent = await startA2aAgent('v02');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass', JSON.stringify(r.messages));
    assert.is(sum(r).cardVersion, '0.2');
    assert.match(sum(r).cardUrl as string, /\/\.well-known\/agent\.json$/);
    expectNoCode(r, 'A2A-004');
  } finally {
    await agent.close();
  }
});

test('a card under the URL path is found (path-relative)', async () => {
  const agent = await startA2aAgent('nested');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    assert.match(sum(r).cardUrl as string, /\/agents\/shop\/\.well-known\/agent-card\.json$/);
  } finally {
    await agent.close();
  }
});

test('non-standard AP2 URI and role, snake_case keys: pass with warnings', async () => {
  const agent = await startA2aAgent('ap2-nonstandard');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    expectCode(r, 'A2A-007');
    expectCode(r, 'A2A-016');
    expectCode(r, 'A2A-018');
    assert.is(sum(r).ap2Version, 'non-standard');
    assert.match(r.messages.find((m) => m.code === 'A2A-007')!.message, /supported_interfaces/);
  } finally {
    await agent.close();
  }
});

test('a broken 0.3 card fails naming each missing field', async () => {
  const agent = await startA2aAgent('broken');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'fail');
    expectCode(r, 'A2A-005');
    expectCode(r, 'A2A-008');
    const missing = r.messages.filter((m) => m.code === 'A2A-005').map((m) => m.location?.split(' ').pop());
    assert.equal(missing.sort(), ['name', 'version']);
    assert.match(r.messages.find((m) => m.code === 'A2A-008')!.message, /skills\[0\] \(s\) lacks tags/);
    assert.is(r.categories['hasValidStructure'], false);
  } finally {
    await agent.close();
  }
});

test('a website without a card (its 404s, not a catch-all) is not detected', async () => {
  const site = await startHttpWebsite();
  try {
    const r = await runLayer(a2aLayer, testContext(site.url));
    assert.is(r.status, 'not_detected');
    assert.equal(codes(r), ['A2A-002']);
    expectCode(r, 'A2A-002');
  } finally {
    await site.close();
  }
});

test('a pure 0.3 card is judged by 0.3 rules: url and protocolVersion, no supportedInterfaces asked for', async () => {
  const agent = await startA2aAgent('v03');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
    assert.is(sum(r).cardVersion, '0.3');
    assert.is(r.summary['hybridCard'], false);
    expectNoCode(r, 'A2A-005');
    expectNoCode(r, 'A2A-026');
    expectCode(r, 'A2A-027', /tasks\/get on .*\/a2a\/jsonrpc answered JSON-RPC/);
  } finally {
    await agent.close();
  }
});

test('a hybrid card whose 0.3 root points elsewhere than its 0.3 interface is warned (A2A-026)', async () => {
  const agent = await startA2aAgent('hybrid-mismatch');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    expectCode(r, 'A2A-026', /url .*\/old-a2a ≠ .*\/a2a\/jsonrpc/);
    expectNoCode(r, 'A2A-028');
    assert.is(r.summary['hybridCard'], true);
  } finally {
    await agent.close();
  }
});

test('a JSON array at the card path is refused: not a card (A2A-029), not detected', async () => {
  const agent = await startA2aAgent('array');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'not_detected');
    expectCode(r, 'A2A-029', /agent-card\.json answers 200 with JSON that is not an object/);
  } finally {
    await agent.close();
  }
});

test.run();
