/** HTTP layer against real websites: HTTPS + HTTP/2 with a trusted certificate, and plain HTTP. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpLayer } from '../../../validator-service/layers/http.ts';
import { startHttpWebsite, startHttpsWebsite } from '../../peers/websites.ts';
import type { Peer } from '../../peers/listen.ts';
import { createTestCa, type TestCa } from '../../support/tls.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';

let ca: TestCa;
let secure: Peer;
let plain: Peer;

test.before(async () => {
  ca = createTestCa();
  secure = await startHttpsWebsite(ca);
  plain = await startHttpWebsite();
});
test.after(async () => {
  await secure.close();
  await plain.close();
});

test('an HTTPS site with a trusted certificate and h2 passes, with issuer and expiry reported', async () => {
  const result = await runLayer(httpLayer, testContext(secure.url, { ca: ca.ca }));
  assert.is(result.status, 'pass');
  assert.is(result.categories.isHttpReachable, true);
  assert.is(result.categories.hasValidSsl, true);
  assert.is(result.categories.supportsHttp2, true);
  assert.is(result.categories.isWebsite, true);
  assert.is(result.summary.http2, 'yes');
  assert.is(result.summary.sslIssuer, 'toolkit test CA');
  expectCode(result, 'HTTP-013');
  expectCode(result, 'HTTP-027');
  expectCode(result, 'HTTP-016');
  expectNoCode(result, 'HTTP-004');
});

test('a website without CORS is told so as information, not as an error', async () => {
  const result = await runLayer(httpLayer, testContext(secure.url, { ca: ca.ca }));
  assert.is(result.categories.supportsCors, false);
  const cors = result.messages.find((m) => m.code === 'HTTP-019');
  assert.is(cors?.severity, 'info');
});

test('plain HTTP is reachable with a warning, and HTTP/2 is not applicable', async () => {
  const result = await runLayer(httpLayer, testContext(plain.url));
  assert.is(result.status, 'pass');
  assert.is(result.categories.isHttps, false);
  assert.is(result.summary.http2, 'not_applicable');
  expectCode(result, 'HTTP-004');
  expectCode(result, 'HTTP-024');
});

test('redirects are followed by hand and the chain is recorded', async () => {
  const result = await runLayer(httpLayer, testContext(new URL('/redirect/3', plain.url)));
  assert.is(result.status, 'pass');
  assert.is(result.summary.redirectCount, 3);
  const chain = (result.raw as { redirectChain: { from: string; to: string; statusCode: number }[] }).redirectChain;
  assert.equal(
    chain.map((h) => new URL(h.to).pathname),
    ['/redirect/2', '/redirect/1', '/'],
  );
  assert.ok(chain.every((h) => h.statusCode === 302));
  expectCode(result, 'HTTP-007');
});

test('a redirect loop fails after 10 hops', async () => {
  const result = await runLayer(httpLayer, testContext(new URL('/loop', plain.url)));
  assert.is(result.status, 'fail');
  expectCode(result, 'HTTP-017');
  expectCode(result, 'HTTP-008');
});

test('a JSON API is reachable and labelled as an API, not a website', async () => {
  const result = await runLayer(httpLayer, testContext(new URL('/api', plain.url)));
  assert.is(result.categories.isApiEndpoint, true);
  assert.is(result.categories.isWebsite, false);
  expectCode(result, 'HTTP-010');
});

test.run();
