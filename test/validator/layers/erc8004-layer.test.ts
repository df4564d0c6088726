/**
 * The ERC-8004 layer in an assessment: the endpoint's `/.well-known/agent-registration.json` names an
 * agent on a local chain (ganache, solc-compiled registries at the published addresses), the lookup
 * reads it with the assessment's `rpcNodes`, and the registration must list the endpoint.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { erc8004Layer } from '../../../validator-service/layers/erc8004.ts';
import { startWorld, type World } from '../../peers/erc8004-world.ts';
import { startHttpWebsite } from '../../peers/websites.ts';
import { startLoopback } from '../../peers/listen.ts';
import { codes, runLayer, testContext } from './support.ts';
import type { LayerContext } from '../../../validator-service/layers/layer.ts';
import { expectCode } from '../support/expect-code.ts';

const test = suite('ERC-8004 layer');
let world: World;
test.before(async () => {
  world = await startWorld();
});
test.after(async () => {
  await world?.close();
});

const withNodes = (ctx: LayerContext, rpcNodes: Record<string, string>): LayerContext => ({
  ...ctx,
  options: { erc8004: { rpcNodes } },
});

test('pass: the site claims agent 0, the chain confirms it and lists the site', async () => {
  const r = await runLayer(
    erc8004Layer,
    withNodes(testContext(`${world.site.url}/mcp`), { 'base-sepolia': world.sepolia.rpcUrl }),
  );
  assert.is(r.status, 'pass', JSON.stringify(r.messages.filter((m) => m.severity !== 'info')));
  assert.ok(
    r.categories['hasWellKnownRegistration'] &&
      r.categories['isErc8004OnChainVerified'] &&
      r.categories['listsThisEndpoint'] &&
      r.categories['hasOnChainReputation'],
  );
  assert.is(r.summary['agentId'], '0');
  assert.match(String(r.summary['reputation']), /average 89\.885/);
  expectCode(r, 'ERC-024');
});

test('fail: a stranger site claims agent 0, whose registration does not list it', async () => {
  const r = await runLayer(
    erc8004Layer,
    withNodes(testContext(world.stranger.url), { 'base-sepolia': world.sepolia.rpcUrl }),
  );
  assert.is(r.status, 'fail');
  expectCode(r, 'ERC-026');
});

test('fail: the RPC node is unreachable, said as such', async () => {
  const r = await runLayer(
    erc8004Layer,
    withNodes(testContext(world.site.url), { 'base-sepolia': 'http://127.0.0.1:9/' }),
  );
  assert.is(r.status, 'fail');
  expectCode(r, 'ERC-027', /did not answer/);
});

test('not detected: a site without agent-registration.json', async () => {
  const site = await startHttpWebsite();
  try {
    const r = await runLayer(erc8004Layer, testContext(site.url));
    assert.is(r.status, 'not_detected');
    assert.equal(codes(r), ['ERC-025']);
    expectCode(r, 'ERC-025');
  } finally {
    await site.close();
  }
});

test('fail: a well-known registration without a registrations list (ERC-029)', async () => {
  const site = await startLoopback((req, res) => {
    if (req.url === '/.well-known/agent-registration.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"no list"}');
      return;
    }
    res.writeHead(404).end();
  });
  try {
    const r = await runLayer(erc8004Layer, testContext(site.url));
    assert.is(r.status, 'fail');
    expectCode(r, 'ERC-029', /no registrations list/);
  } finally {
    await site.close();
  }
});

test.run();
