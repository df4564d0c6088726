/**
 * The HTTP layer's remaining findings, each against a loopback server built to show it: a TLS server
 * without HTTP/2, a certificate for other names, a server demanding client certificates, an https
 * URL served plain, a redirect to plain HTTP, CORS answers that allow too little or too much, a
 * foreign-Origin refusal, a 5xx, and an address the SSRF guard refuses.
 */
import { createServer as createTlsServer } from 'node:https';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { httpLayer } from '../../../validator-service/layers/http.ts';
import { startLoopback, type LoopbackPeer } from '../../peers/listen.ts';
import { startHttpWebsite } from '../../peers/websites.ts';
import { createTestCa, type TestCa } from '../../support/tls.ts';
import { leafForOtherNames } from '../support/certificates.ts';
import { expectCode, expectNoCode } from '../support/expect-code.ts';
import { runLayer, testContext } from './support.ts';

const test = suite('HTTP findings');
let ca: TestCa;
test.before(() => {
  ca = createTestCa();
});

const page = (res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>t</title>');

test('TLS without HTTP/2, a certificate about to expire, the Server header and a website', async () => {
  const peer = await startLoopback((req, res) => {
    res.setHeader('server', 'tiny/1.0');
    page(res);
  }, ca);
  try {
    const result = await runLayer(httpLayer, testContext(peer.url.replace('127.0.0.1', 'localhost'), { ca: ca.ca }));
    assert.is(result.status, 'pass');
    expectCode(result, 'HTTP-025', /ALPN selected http\/1\.1/);
    expectCode(result, 'HTTP-016', /expires in \d day/);
    expectCode(result, 'HTTP-011', /Server: tiny\/1\.0/);
    expectCode(result, 'HTTP-009');
  } finally {
    await peer.close();
  }
});

test('a certificate for other names fails with HTTP-015, a client-certificate demand with HTTP-028', async () => {
  const other = await startLoopback((_req, res) => page(res), leafForOtherNames(ca, ['elsewhere.example']));
  const server = createTlsServer(
    { key: ca.key, cert: ca.cert, requestCert: true, rejectUnauthorized: true, ca: ca.ca },
    (_req, res) => page(res),
  );
  const mtls = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  try {
    const mismatch = await runLayer(httpLayer, testContext(other.url.replace('127.0.0.1', 'localhost'), { ca: ca.ca }));
    assert.is(mismatch.status, 'fail');
    expectCode(mismatch, 'HTTP-015');
    const clientCert = await runLayer(httpLayer, testContext(`https://localhost:${mtls}/`, { ca: ca.ca }));
    assert.is(clientCert.status, 'fail');
    expectCode(clientCert, 'HTTP-028');
  } finally {
    await other.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
});

test('an https URL answered in plain HTTP fails (HTTP-014); a redirect to HTTP is warned (HTTP-018)', async () => {
  const plain = await startHttpWebsite();
  let downgrade: LoopbackPeer | undefined;
  try {
    const wrong = await runLayer(
      httpLayer,
      testContext(plain.url.replace('http://127.0.0.1', 'https://localhost'), { ca: ca.ca }),
    );
    assert.is(wrong.status, 'fail');
    expectCode(wrong, 'HTTP-014');
    downgrade = await startLoopback((_req, res) => {
      res.writeHead(301, { location: plain.url }).end();
    }, ca);
    const result = await runLayer(
      httpLayer,
      testContext(downgrade.url.replace('127.0.0.1', 'localhost'), { ca: ca.ca }),
    );
    expectCode(result, 'HTTP-018', /to plain HTTP http:\/\/127\.0\.0\.1/);
  } finally {
    await plain.close();
    await downgrade?.close();
  }
});

test('CORS: MCP headers missing (HTTP-020), "*" with credentials (HTTP-021), Origin refused (HTTP-023)', async () => {
  const preflight = (headers: Record<string, string>, post: number) =>
    startLoopback((req, res) => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'POST', ...headers }).end();
        return;
      }
      if (req.method === 'POST') {
        res
          .writeHead(post, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":"cors-probe","result":{}}');
        return;
      }
      res.writeHead(405).end();
    });
  const narrow = await preflight(
    {
      'access-control-allow-origin': 'https://validator-probe.example',
      'access-control-allow-headers': 'content-type',
    },
    200,
  );
  const loose = await preflight(
    {
      'access-control-allow-origin': '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': '*',
    },
    200,
  );
  const strict = await preflight(
    {
      'access-control-allow-origin': 'https://validator-probe.example',
      'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version, mcp-session-id',
    },
    403,
  );
  try {
    expectCode(
      await runLayer(httpLayer, testContext(narrow.url)),
      'HTTP-020',
      /authorization, mcp-protocol-version, mcp-session-id/,
    );
    expectCode(await runLayer(httpLayer, testContext(loose.url)), 'HTTP-021');
    const refused = await runLayer(httpLayer, testContext(strict.url));
    expectCode(refused, 'HTTP-023');
    expectNoCode(refused, 'HTTP-022');
  } finally {
    await Promise.all([narrow.close(), loose.close(), strict.close()]);
  }
});

test('a 5xx answer is warned (HTTP-026); an address the guard refuses is HTTP-029 and nothing is sent', async () => {
  const plain = await startHttpWebsite();
  try {
    const error = await runLayer(httpLayer, testContext(new URL('/server-error', plain.url)));
    expectCode(error, 'HTTP-026', /answered 500/);
  } finally {
    await plain.close();
  }
  const blocked = await runLayer(httpLayer, testContext('http://10.20.30.40/'));
  assert.is(blocked.status, 'fail');
  expectCode(blocked, 'HTTP-029');
});

test.run();
