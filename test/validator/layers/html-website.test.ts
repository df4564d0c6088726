/** HTML layer: real websites pass, broken pages fail, non-websites are not detected. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlLayer } from '../../../validator-service/layers/html.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import type { Peer } from '../../peers/listen.ts';
import { startHttpWebsite, startHttpsWebsite } from '../../peers/websites.ts';
import { createTestCa, type TestCa } from '../../support/tls.ts';
import { codes, runLayer, testContext } from './support.ts';

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

test('an HTTPS + HTTP/2 site passes with SSL valid and HTTP/2', async () => {
  const result = await runLayer(htmlLayer, testContext(secure.url, { ca: ca.ca }));
  assert.is(result.status, 'pass');
  assert.is(result.categories.isWebsite, true);
  assert.is(result.summary.ssl, 'valid');
  assert.is(result.summary.http2, 'yes');
  assert.is(result.summary.title, 'Loopback site');
  assert.ok(codes(result).includes('HTML-013'));
});

test('a plain HTTP site passes with a plain-HTTP warning and HTTP/2 not applicable', async () => {
  const result = await runLayer(htmlLayer, testContext(plain.url));
  assert.is(result.status, 'pass');
  assert.is(result.summary.ssl, 'none');
  assert.is(result.summary.http2, 'not_applicable');
  assert.ok(codes(result).includes('HTML-012'));
});

test('an HTML document served as text/plain fails', async () => {
  const result = await runLayer(htmlLayer, testContext(new URL('/wrong-type', plain.url)));
  assert.is(result.status, 'fail');
  assert.ok(codes(result).includes('HTML-005'));
  assert.is(result.categories.hasHtmlContentType, false);
});

test('a 500 page and an empty text/html body fail', async () => {
  const error = await runLayer(htmlLayer, testContext(new URL('/server-error', plain.url)));
  assert.is(error.status, 'fail');
  assert.ok(codes(error).includes('HTML-009'));
  const empty = await runLayer(htmlLayer, testContext(new URL('/empty-html', plain.url)));
  assert.is(empty.status, 'fail');
  assert.ok(codes(empty).includes('HTML-008'));
});

test('a JSON API and a dead port are not websites', async () => {
  const api = await runLayer(htmlLayer, testContext(new URL('/api', plain.url)));
  assert.is(api.status, 'not_detected');
  assert.ok(codes(api).includes('HTML-003'));
  const dead = await runLayer(htmlLayer, testContext(await deadPortUrl()));
  assert.is(dead.status, 'not_detected');
  assert.ok(codes(dead).includes('HTML-004'));
});

test.run();
