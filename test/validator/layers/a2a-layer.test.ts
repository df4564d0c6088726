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

const test = suite('A2A layer');
type Summary = Record<string, unknown> & { servedVersions: string[]; ap2Roles: string[]; activatedExtensions: string[]; protocolBindings: string[]; skills: string[] };
const sum = (r: { summary: Record<string, unknown> }) => r.summary as Summary;

test('1.0 card with AP2 and x402 (SDK, 0.3 compatibility on): pass, both versions seen, extensions negotiated', async () => {
  const agent = await startA2aAgent('v1-ap2');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
    assert.equal(sum(r).servedVersions, ['0.3', '1.0'], 'no A2A-Version: the SDK answers 0.3; with 1.0 it answers 1.0');
    assert.is(sum(r).cardVersion, '1.0');
    assert.is(sum(r).ap2Version, 'v0.1');
    assert.equal(sum(r).ap2Roles, ['merchant']);
    assert.is(sum(r).x402Extension, 'v0.1');
    assert.equal(sum(r).activatedExtensions, [AP2_V01, A2A_X402]);
    assert.ok(r.categories['supportsAp2'] && r.categories['supportsA2aX402'] && r.categories['extensionsNegotiated']);
    assert.ok(r.categories['supportsJsonRpc'] && r.categories['hasProvider'] && r.categories['supportsStreaming']);
    for (const code of ['A2A-001', 'A2A-003', 'A2A-015', 'A2A-019', 'A2A-021', 'A2A-027']) assert.ok(codes(r).includes(code), code);
    assert.match(r.messages.find((m) => m.code === 'A2A-026')!.message, /0\.3 card .* also lists 1\.0 supportedInterfaces/);
  } finally { await agent.close(); }
});

test('plain 1.0 card: pass without AP2, JSON-RPC answers GetTask with A2A-Version 1.0', async () => {
  const agent = await startA2aAgent('v1-plain');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    assert.equal(sum(r).servedVersions, ['1.0']);
    assert.is(sum(r).ap2Version, null);
    assert.ok(codes(r).includes('A2A-027'));
    assert.not.ok(codes(r).includes('A2A-021'));
    assert.equal(sum(r).skills, ['Checkout']);
  } finally { await agent.close(); }
});

test('0.2 card at /.well-known/agent.json: found by the fallback and validated as 0.2', async () => {
  const agent = await startA2aAgent('v02');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass', JSON.stringify(r.messages));
    assert.is(sum(r).cardVersion, '0.2');
    assert.match(sum(r).cardUrl as string, /\/\.well-known\/agent\.json$/);
    assert.not.ok(codes(r).includes('A2A-004'), 'a 0.2 card belongs at agent.json');
  } finally { await agent.close(); }
});

test('a card under the URL path is found (path-relative)', async () => {
  const agent = await startA2aAgent('nested');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    assert.match(sum(r).cardUrl as string, /\/agents\/shop\/\.well-known\/agent-card\.json$/);
  } finally { await agent.close(); }
});

test('non-standard AP2 URI and role, snake_case keys: pass with warnings', async () => {
  const agent = await startA2aAgent('ap2-nonstandard');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'pass');
    for (const code of ['A2A-007', 'A2A-016', 'A2A-018']) assert.ok(codes(r).includes(code), code);
    assert.is(sum(r).ap2Version, 'non-standard');
    assert.match(r.messages.find((m) => m.code === 'A2A-007')!.message, /supported_interfaces/);
  } finally { await agent.close(); }
});

test('a broken 0.3 card fails naming each missing field', async () => {
  const agent = await startA2aAgent('broken');
  try {
    const r = await runLayer(a2aLayer, testContext(agent.url));
    assert.is(r.status, 'fail');
    const missing = r.messages.filter((m) => m.code === 'A2A-005').map((m) => m.location?.split(' ').pop());
    assert.equal(missing.sort(), ['name', 'version']);
    assert.match(r.messages.find((m) => m.code === 'A2A-008')!.message, /skills\[0\] \(s\) lacks tags/);
    assert.is(r.categories['hasValidStructure'], false);
  } finally { await agent.close(); }
});

test('a website without a card (its 404s, not a catch-all) is not detected', async () => {
  const site = await startHttpWebsite();
  try {
    const r = await runLayer(a2aLayer, testContext(site.url));
    assert.is(r.status, 'not_detected');
    assert.equal(codes(r), ['A2A-002']);
  } finally { await site.close(); }
});

test.run();
