/**
 * The runtime's own upstream HTTP client (node:https, not `fetch`) against real HTTPS upstreams on
 * loopback: connections are kept alive and reused, redirects are followed as `fetch` follows them
 * (credentials dropped across origins, 303 turns a POST into a GET), compressed bodies are decoded,
 * the body cap holds also after decompression, the call's signal stops a hanging upstream, and a
 * kept-alive connection the upstream dropped is replaced for idempotent calls only.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { gzipSync, brotliCompressSync, deflateSync, deflateRawSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BodyTooLargeError,
  createUpstreamHttpClient,
  type HttpCall,
  type UpstreamHttpClient,
} from '../../runtime/upstream/upstream-http.ts';
import { createTestCa, expiredLeaf, selfSignedLeaf, type TestCa } from '../support/tls.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('upstream-http');
let ca: TestCa;
let upstream: Upstream;
let other: Upstream;
let client: UpstreamHttpClient;

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const call = (extra: Partial<HttpCall> = {}): HttpCall => ({
  method: 'GET',
  headers: {},
  signal: new AbortController().signal,
  maxBytes: 1024 * 1024,
  ...extra,
});
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

test.before(async () => {
  ca = createTestCa();
  other = await startUpstream(ca, {
    '/landing': (request) =>
      json({ authorization: request.headers.authorization ?? null, custom: request.headers['x-custom'] ?? null }),
  });
  const big = JSON.stringify({ data: 'x'.repeat(200_000) });
  upstream = await startUpstream(ca, {
    '/thing': () => json({ id: 1 }),
    '/moved': () => ({ status: 302, headers: { location: '/thing' } }),
    '/elsewhere': () => ({ status: 307, headers: { location: `${other.origin}/landing` } }),
    '/see-other': () => ({ status: 303, headers: { location: '/echo-after' } }),
    '/keep-method': () => ({ status: 307, headers: { location: '/echo-after' } }),
    '/loop': () => ({ status: 302, headers: { location: '/loop' } }),
    '/gzip': () => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{"coded":"gzip"}'),
    }),
    '/br': () => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
      body: brotliCompressSync('{"coded":"br"}'),
    }),
    '/deflate': () => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' },
      body: deflateSync('{"coded":"deflate"}'),
    }),
    '/deflate-raw': () => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' },
      body: deflateRawSync('{"coded":"raw"}'),
    }),
    '/big': () => json(JSON.parse(big)),
    '/bomb': () => ({
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(big),
    }),
    '/hang': () => ({ delayMs: 3000, ...json({}) }),
  });
  client = createUpstreamHttpClient({ ca: ca.ca });
});

test.after(async () => {
  client?.close();
  await upstream?.close();
  await other?.close();
});

test('sequential calls reuse one kept-alive connection', async () => {
  const before = upstream.connections;
  for (let i = 0; i < 10; i++) {
    const answer = await client.request(`${upstream.origin}/thing`, call());
    assert.is(answer.status, 200);
    assert.equal(JSON.parse(text(answer.bytes)), { id: 1 });
    assert.is(answer.headers.get('Content-Type'), 'application/json');
  }
  assert.ok(upstream.connections - before <= 1, `10 calls opened ${upstream.connections - before} connections`);
});

test(
  'a client given a CA reuses its connection across calls and hosts of one origin, and still refuses certificates ' +
    'that CA did not sign or that expired',
  async () => {
    const trusting = createUpstreamHttpClient({ ca: ca.ca });
    const before = upstream.connections;
    try {
      for (let i = 0; i < 20; i++) assert.is((await trusting.request(`${upstream.origin}/thing`, call())).status, 200);
      assert.is(upstream.connections - before, 1, 'one TLS connection for 20 sequential calls');
      for (const leaf of [selfSignedLeaf(), expiredLeaf(ca)]) {
        const server: Server = createServer(leaf, (_req, res) => res.end('{}'));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        try {
          await trusting.request(`https://localhost:${(server.address() as AddressInfo).port}/`, call()).then(
            () => assert.unreachable('an untrusted certificate is refused'),
            (error: { code?: string }) => assert.match(String(error.code), /SELF_SIGNED|CERT_HAS_EXPIRED/),
          );
        } finally {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      }
    } finally {
      trusting.close();
    }
  },
);

test('a redirect is followed; across origins the credentials stay behind, other headers go along', async () => {
  const same = await client.request(`${upstream.origin}/moved`, call());
  assert.equal(JSON.parse(text(same.bytes)), { id: 1 });
  const away = await client.request(
    `${upstream.origin}/elsewhere`,
    call({ headers: { authorization: 'Bearer secret-value', 'x-custom': 'kept' } }),
  );
  assert.equal(JSON.parse(text(away.bytes)), { authorization: null, custom: 'kept' });
});

test('303 turns a POST into a GET without body; 307 keeps method and body', async () => {
  const body = JSON.stringify({ a: 1 });
  const headers = { 'content-type': 'application/json' };
  const seeOther = await client.request(`${upstream.origin}/see-other`, call({ method: 'POST', headers, body }));
  assert.equal(JSON.parse(text(seeOther.bytes)), { method: 'GET', url: '/echo-after', body: null });
  assert.is(upstream.seen.at(-1)!.headers['content-type'], undefined);
  const kept = await client.request(`${upstream.origin}/keep-method`, call({ method: 'POST', headers, body }));
  assert.equal(JSON.parse(text(kept.bytes)), { method: 'POST', url: '/echo-after', body: { a: 1 } });
});

test('a redirect loop ends with a named error', async () => {
  try {
    await client.request(`${upstream.origin}/loop`, call());
    assert.unreachable('should have failed');
  } catch (error) {
    assert.is((error as { code?: string }).code, 'ERR_TOO_MANY_REDIRECTS');
  }
});

test('gzip, br and deflate (wrapped or raw) bodies arrive decoded', async () => {
  for (const [path, coded] of [
    ['/gzip', 'gzip'],
    ['/br', 'br'],
    ['/deflate', 'deflate'],
    ['/deflate-raw', 'raw'],
  ]) {
    const answer = await client.request(`${upstream.origin}${path}`, call());
    assert.equal(JSON.parse(text(answer.bytes)), { coded }, path);
    assert.match(String(upstream.seen.at(-1)!.headers['accept-encoding']), /gzip, deflate, br/);
  }
});

test('the body cap holds for plain and for compressed bodies', async () => {
  for (const path of ['/big', '/bomb']) {
    try {
      await client.request(`${upstream.origin}${path}`, call({ maxBytes: 100_000 }));
      assert.unreachable(`${path} should have been refused`);
    } catch (error) {
      assert.instance(error, BodyTooLargeError, path);
    }
  }
  // Under the cap both come through whole, and the connection stays usable.
  assert.is((await client.request(`${upstream.origin}/bomb`, call())).bytes.length, 200_011);
  assert.is((await client.request(`${upstream.origin}/thing`, call())).status, 200);
});

test('the signal stops a hanging upstream', async () => {
  // The upstream answers 200 after 3 s: only an abort makes this call fail.
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  try {
    await client.request(`${upstream.origin}/hang`, call({ signal: controller.signal }));
    assert.unreachable('should have been aborted');
  } catch (error) {
    assert.is((error as Error).name, 'AbortError');
  }
  const already = new AbortController();
  already.abort();
  await client.request(`${upstream.origin}/thing`, call({ signal: already.signal })).then(
    () => assert.unreachable('an aborted signal sends nothing'),
    (error: Error) => assert.is(error.name, 'AbortError'),
  );
});

test('a GET on a kept-alive connection the upstream dropped is sent again; a POST is not', async () => {
  // Answers the first request of each connection and drops the connection on the second.
  const served = new WeakMap<Socket, number>();
  let answered = 0;
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    req.resume();
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    answered++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dropping = createUpstreamHttpClient({ ca: ca.ca });
  try {
    assert.is((await dropping.request(`${origin}/a`, call())).status, 200);
    assert.is(
      (await dropping.request(`${origin}/b`, call())).status,
      200,
      'the GET went out again on a new connection',
    );
    assert.is(answered, 2);
    await dropping
      .request(`${origin}/c`, call({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
      .then(
        () => assert.unreachable('a POST is not repeated'),
        (error: { code?: string }) => assert.is(error.code, 'ECONNRESET'),
      );
  } finally {
    dropping.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test.run();
