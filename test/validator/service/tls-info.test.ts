/**
 * TLS facts and HTTPS through the guard, against real HTTPS servers on loopback signed by a test
 * CA: trusted certificate, HTTP/2 by ALPN, an untrusted certificate reported (not bypassed).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { parseAllowList } from '../../../validator-service/net/allow-list.ts';
import { GuardedFetchError } from '../../../validator-service/net/errors.ts';
import { createGuardedFetch } from '../../../validator-service/net/guarded-fetch.ts';
import { createTlsInfo } from '../../../validator-service/net/tls-info.ts';
import { createTestCa, expiredLeaf, type TestCa } from '../../support/tls.ts';
import { startLoopback, type LoopbackPeer as Loopback } from '../../peers/listen.ts';

const test = suite('tls info');
let ca: TestCa;
let other: TestCa;
let h1: Loopback;
let h2: http2.Http2SecureServer;
let h2Port = 0;
let expired: Loopback;

test.before(async () => {
  ca = createTestCa();
  other = createTestCa();
  h1 = await startLoopback((_req, res) => res.end('over https'), { key: ca.key, cert: ca.cert });
  h2 = http2.createSecureServer({ key: ca.key, cert: ca.cert, allowHTTP1: true }, (_req, res) => res.end('h2 or h1'));
  await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
  h2Port = (h2.address() as AddressInfo).port;
  expired = await startLoopback((_req, res) => res.end('stale'), expiredLeaf(ca));
});
test.after(async () => {
  await h1.close();
  await expired.close();
  await new Promise<void>((resolve) => h2.close(() => resolve()));
});

const policy = () => ({
  allowList: parseAllowList(`127.0.0.1:${h1.port},127.0.0.1:${h2Port},127.0.0.1:${expired.port},localhost`),
  resolve: async () => [{ address: '127.0.0.1', family: 4 as const }],
});

test('a certificate from a trusted CA is authorized, with issuer, subject, expiry and http/1.1 ALPN', async () => {
  const info = await createTlsInfo({ ...policy(), ca: ca.ca, now: () => Date.now() })(
    new URL(`https://localhost:${h1.port}/`),
  );
  assert.ok(info);
  assert.is(info.authorized, true);
  assert.is(info.authorizationError, null);
  assert.is(info.alpnProtocol, 'http/1.1');
  assert.is(info.issuer, 'toolkit test CA');
  assert.is(info.subject, 'localhost');
  assert.ok(info.daysUntilExpiry !== null && info.daysUntilExpiry >= 0 && info.daysUntilExpiry <= 2);
  assert.is(info.address, '127.0.0.1');
});

test('an HTTP/2 server is recognised by ALPN h2', async () => {
  const info = await createTlsInfo({ ...policy(), ca: ca.ca })(new URL(`https://localhost:${h2Port}/`));
  assert.is(info?.alpnProtocol, 'h2');
});

test('a certificate from an unknown CA is reported unauthorized with the reason, not trusted', async () => {
  const info = await createTlsInfo({ ...policy(), ca: other.ca })(new URL(`https://localhost:${h1.port}/`));
  assert.ok(info);
  assert.is(info.authorized, false);
  assert.match(info.authorizationError ?? '', /UNABLE_TO_VERIFY|SELF_SIGNED|CERT/);
});

test(
  'an expired certificate is reported as CERT_HAS_EXPIRED (verification is never switched ' + 'off to read it)',
  async () => {
    const info = await createTlsInfo({ ...policy(), ca: ca.ca })(new URL(`https://localhost:${expired.port}/`));
    assert.ok(info);
    assert.is(info.authorized, false);
    assert.is(info.authorizationError, 'CERT_HAS_EXPIRED');
    assert.is(info.address, '127.0.0.1');
  },
);

test('http URLs have no TLS facts', async () => {
  assert.is(await createTlsInfo(policy())(new URL(`http://localhost:${h1.port}/`)), null);
});

test('tlsInfo applies the same address checks as fetch', async () => {
  const info = createTlsInfo({
    allowList: parseAllowList(''),
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  try {
    await info(new URL(`https://localhost:${h1.port}/`));
    assert.unreachable('should refuse');
  } catch (error) {
    assert.instance(error, GuardedFetchError);
    assert.is((error as GuardedFetchError).code, 'SSRF_BLOCKED');
  }
});

test('the guarded fetch speaks HTTPS with the extra CA and refuses an untrusted certificate', async () => {
  const trusted = createGuardedFetch({ ...policy(), ca: ca.ca });
  assert.is(await (await trusted(`https://localhost:${h1.port}/`)).text(), 'over https');
  assert.is(
    await (await trusted(`https://127.0.0.1:${h1.port}/`)).text(),
    'over https',
    'an IP literal is verified against the IP SAN',
  );
  const untrusted = createGuardedFetch({ ...policy(), ca: other.ca });
  try {
    await untrusted(`https://localhost:${h1.port}/`);
    assert.unreachable('should fail verification');
  } catch (error) {
    assert.instance(error, GuardedFetchError);
    assert.match((error as Error).message, /UNABLE_TO_VERIFY|CERT|SELF_SIGNED/);
  }
});

test.run();
