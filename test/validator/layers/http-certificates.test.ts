/** HTTP layer with certificates a client must refuse: expired (trusted CA) and self-signed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpLayer } from '../../../validator-service/layers/http.ts';
import type { Peer } from '../../peers/listen.ts';
import { startHttpsWebsite } from '../../peers/websites.ts';
import { createTestCa, expiredLeaf, selfSignedLeaf, type TestCa } from '../../support/tls.ts';
import { codes, runLayer, testContext } from './support.ts';
import { expectCode } from '../support/expect-code.ts';

let ca: TestCa;
let expired: Peer;
let selfSigned: Peer;

test.before(async () => {
  ca = createTestCa();
  expired = await startHttpsWebsite(expiredLeaf(ca));
  selfSigned = await startHttpsWebsite(selfSignedLeaf());
});
test.after(async () => {
  await expired.close();
  await selfSigned.close();
});

test('an expired certificate from a trusted CA fails with HTTP-005', async () => {
  const result = await runLayer(httpLayer, testContext(expired.url, { ca: ca.ca }));
  assert.is(result.status, 'fail');
  assert.is(result.categories.hasValidSsl, false);
  expectCode(result, 'HTTP-005');
  assert.match(result.messages.find((m) => m.code === 'HTTP-005')?.message ?? '', /CERT_HAS_EXPIRED/);
});

test('a self-signed certificate fails with HTTP-006, reported once', async () => {
  const result = await runLayer(httpLayer, testContext(selfSigned.url, { ca: ca.ca }));
  assert.is(result.status, 'fail');
  assert.is(codes(result).filter((c) => c === 'HTTP-006').length, 1, codes(result).join(' '));
  expectCode(result, 'HTTP-006');
  assert.is(result.categories.supportsHttp2, false);
});

test.run();
