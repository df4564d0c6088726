/** HTML layer: real websites pass, broken pages fail, non-websites are not detected. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlLayer } from '../../../validator-service/layers/html.ts';
import { deadPortUrl } from '../../peers/dead-port.ts';
import type { Peer } from '../../peers/listen.ts';
import express from 'express';
import { startLoopback } from '../../peers/listen.ts';
import { startHttpWebsite, startHttpsWebsite } from '../../peers/websites.ts';
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

test('an HTTPS + HTTP/2 site passes with SSL valid and HTTP/2', async () => {
  const result = await runLayer(htmlLayer, testContext(secure.url, { ca: ca.ca }));
  assert.is(result.status, 'pass');
  assert.is(result.categories.isWebsite, true);
  assert.is(result.summary.ssl, 'valid');
  assert.is(result.summary.http2, 'yes');
  assert.is(result.summary.title, 'Loopback site');
  expectCode(result, 'HTML-013');
  expectCode(result, 'HTML-011');
});

test('a plain HTTP site passes with a plain-HTTP warning and HTTP/2 not applicable', async () => {
  const result = await runLayer(htmlLayer, testContext(plain.url));
  assert.is(result.status, 'pass');
  assert.is(result.summary.ssl, 'none');
  assert.is(result.summary.http2, 'not_applicable');
  expectCode(result, 'HTML-012');
});

test('an HTML document served as text/plain fails', async () => {
  const result = await runLayer(htmlLayer, testContext(new URL('/wrong-type', plain.url)));
  assert.is(result.status, 'fail');
  expectCode(result, 'HTML-005');
  assert.is(result.categories.hasHtmlContentType, false);
});

test('an empty text/html body fails', async () => {
  const empty = await runLayer(htmlLayer, testContext(new URL('/empty-html', plain.url)));
  assert.is(empty.status, 'fail');
  expectCode(empty, 'HTML-008');
});

test('error pages are not websites: a 500 page, and Express\'s default "Cannot GET /" 404', async () => {
  const error = await runLayer(htmlLayer, testContext(new URL('/server-error', plain.url)));
  assert.is(error.status, 'not_detected');
  assert.is(error.categories.isWebsite, false);
  expectCode(error, 'HTML-016', /answers 500 with an HTML error page/);
  const app = express();
  const bare = await startLoopback(app);
  try {
    const result = await runLayer(htmlLayer, testContext(bare.url));
    assert.is(result.status, 'not_detected');
    expectCode(result, 'HTML-016', /answers 404 with an HTML error page \("Error"\): not a website/);
    expectNoCode(result, 'HTML-001');
  } finally {
    await bare.close();
  }
});

test('a real page gets its checks: title, doctype, charset', async () => {
  const result = await runLayer(htmlLayer, testContext(plain.url));
  expectCode(result, 'HTML-001');
  expectCode(result, 'HTML-014');
  for (const [path, code] of [
    ['/no-title', 'HTML-015'],
    ['/no-doctype', 'HTML-007'],
    ['/no-charset', 'HTML-006'],
  ] as const) {
    const page = await runLayer(htmlLayer, testContext(new URL(path, plain.url)));
    assert.is(page.status, 'pass', path);
    if (code === 'HTML-015') expectCode(page, 'HTML-015');
    if (code === 'HTML-007') expectCode(page, 'HTML-007');
    if (code === 'HTML-006') expectCode(page, 'HTML-006');
  }
});

test('a JSON API and a dead port are not websites', async () => {
  const api = await runLayer(htmlLayer, testContext(new URL('/api', plain.url)));
  assert.is(api.status, 'not_detected');
  expectCode(api, 'HTML-003');
  const dead = await runLayer(htmlLayer, testContext(await deadPortUrl()));
  assert.is(dead.status, 'not_detected');
  expectCode(dead, 'HTML-004');
});

test.run();
