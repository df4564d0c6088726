/**
 * The commerce layer (the ninth) against shop origins serving UCP and ACP fixtures: the published
 * shapes pass, each broken field is named, the path convention that matched is said, competing ACP
 * paths are warned, a JSON array is refused, and an origin without documents is not detected.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { commerceLayer } from '../../../validator-service/layers/commerce.ts';
import { commerceFixture, startCommerceSite } from '../../peers/commerce-site.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const test = suite('commerce layer');

const assess = async (documents: Record<string, unknown>) => {
  const site = await startCommerceSite(documents);
  try {
    return await runLayer(commerceLayer, testContext(`${site.url}/products/lamp`));
  } finally {
    await site.close();
  }
};

test('a UCP business profile and ACP discovery at the specification paths pass, naming both', async () => {
  const r = await assess({
    '/.well-known/ucp': commerceFixture('ucp-business'),
    '/.well-known/acp.json': commerceFixture('acp-discovery'),
  });
  assert.is(r.status, 'pass', JSON.stringify(r.messages, null, 1));
  expectCode(
    r,
    'COM-001',
    new RegExp(
      'UCP business profile 2026-04-08 at /\\.well-known/ucp: 1 service\\(s\\) ' +
        '\\(dev\\.ucp\\.shopping over rest, mcp\\), 1 payment handler\\(s\\), 1 capability',
    ),
  );
  expectCode(
    r,
    'COM-002',
    new RegExp(
      'ACP discovery 2026-04-17 at /\\.well-known/acp\\.json, the path of the ACP specification ' +
        '.*checkout, orders, delegate_payment over rest, mcp',
    ),
  );
  expectCode(r, 'COM-011', /1 signing key\(s\) in signing_keys \(the v2026-04-08 form\)/);
  expectNoCode(r, 'COM-009');
  assert.equal(r.summary['acpPaths'], ['/.well-known/acp.json']);
  assert.is(r.summary['ucpVersion'], '2026-04-08');
  assert.is(r.categories['acpAtStandardPath'], true);
});

test('a broken UCP profile fails naming each field', async () => {
  const r = await assess({ '/.well-known/ucp': commerceFixture('ucp-broken') });
  assert.is(r.status, 'fail');
  assert.match(expectCode(r, 'COM-004', /ucp\.payment_handlers is missing/).location!, /ucp\.payment_handlers$/);
  expectCode(r, 'COM-005', /key "Shopping" is not a reverse-domain name/);
  expectCode(r, 'COM-005', /A rest service of a business profile needs an endpoint URI/);
  expectCode(r, 'COM-005', /transport must be one of rest, mcp, a2a, embedded; it is "carrier-pigeon"/);
  expectCode(r, 'COM-005', /has no version/);
  expectCode(r, 'COM-006', /ucp\.version "April 2026" is not YYYY-MM-DD/);
  expectCode(r, 'COM-004', /keys\[0\] must be a JWK with kid and kty/);
  expectCode(r, 'COM-011', /in keys \(the form of the draft on main/);
});

test('a broken ACP document fails and warns naming each field', async () => {
  const r = await assess({ '/.well-known/acp.json': commerceFixture('acp-broken') });
  assert.is(r.status, 'fail');
  expectCode(r, 'COM-007', /protocol\.name must be "acp"; it is "ACP"/);
  expectCode(r, 'COM-007', /api_base_url is not an http\(s\) URL/);
  expectCode(r, 'COM-008', /supported_versions must be in chronological order/);
  expectCode(r, 'COM-008', /transports has "grpc"/);
  expectCode(r, 'COM-008', /capabilities\.services has "refunds"/);
  expectCode(r, 'COM-008', /supported_currencies must be lowercase/);
  expectCode(r, 'COM-008', /not allow at the top level: supported_currencies/);
});

test('ACP only at competing paths: found, the convention named, and warned', async () => {
  const r = await assess({
    '/.well-known/agentic-commerce.json': commerceFixture('agentic-commerce'),
    '/.well-known/acp/manifest.json': commerceFixture('acp-manifest'),
  });
  expectCode(
    r,
    'COM-002',
    /agentic-commerce\.json, the path of a scanner convention \(aide\.tr\), not the ACP specification/,
  );
  expectCode(
    r,
    'COM-002',
    /at \/\.well-known\/acp\/manifest\.json, the path of a vendor convention \(hyperfold\.dev\)/,
  );
  expectCode(
    r,
    'COM-009',
    /ACP discovery only at \/\.well-known\/agentic-commerce\.json, \/\.well-known\/acp\/manifest\.json/,
  );
  expectCode(r, 'COM-007', /agentic-commerce document lacks authentication/);
  assert.is(r.categories['usesNonStandardPath'], true);
  const bare = await assess({ '/.well-known/acp': commerceFixture('acp-discovery') });
  assert.is(bare.status, 'pass');
  expectCode(bare, 'COM-002', /at \/\.well-known\/acp, the path of a compatibility convention/);
  expectCode(bare, 'COM-009');
});

test('a JSON array at the ACP path is refused (COM-010); an origin without documents is not detected', async () => {
  const array = await assess({ '/.well-known/acp.json': [] });
  assert.is(array.status, 'fail');
  expectCode(array, 'COM-010', /acp\.json answers 200 with JSON that is not an object/);
  const none = await assess({});
  assert.is(none.status, 'not_detected');
  expectCode(none, 'COM-003');
  const dead = await runLayer(commerceLayer, testContext(await deadPortUrl()));
  assert.is(dead.status, 'not_detected');
  expectCode(dead, 'COM-012');
});

test.run();
