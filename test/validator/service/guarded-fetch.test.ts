/**
 * The guarded fetch against real loopback servers: allowlisted hosts work, every redirect hop is
 * re-checked, redirects, sizes and time are capped, and the socket goes to the checked address.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAllowList } from '../../../validator-service/net/allow-list.ts';
import { GuardedFetchError } from '../../../validator-service/net/errors.ts';
import { createGuardedFetch } from '../../../validator-service/net/guarded-fetch.ts';
import type { Resolver } from '../../../validator-service/net/resolve-target.ts';
import { createServer as createTcpServer } from 'node:net';
import { startLoopback, type LoopbackPeer as Loopback } from '../../peers/listen.ts';

const test = suite('guarded fetch');
let allowed: Loopback;
let forbidden: Loopback;
const seenHosts: string[] = [];

test.before(async () => {
  forbidden = await startLoopback((_req, res) => res.end('secret from the forbidden server'));
  allowed = await startLoopback((req, res) => {
    seenHosts.push(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/hello') return void res.end(JSON.stringify({ method: req.method, body: null }));
    if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null })),
      );
      return;
    }
    if (url.pathname === '/to-forbidden') return void res.writeHead(302, { location: `${forbidden.url}/` }).end();
    if (url.pathname === '/to-metadata')
      return void res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url.pathname === '/loop') {
      const n = Number(url.searchParams.get('n') ?? 0);
      return void res.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
    }
    if (url.pathname === '/see-other') return void res.writeHead(303, { location: '/echo' }).end();
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && res.write(chunk)) sent++;
        if (sent < 40) res.once('drain', pump);
        else res.end();
      };
      return void pump();
    }
    if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 5_000).unref();
    res.statusCode = 404;
    res.end('not found');
  });
});
test.after(async () => {
  await allowed.close();
  await forbidden.close();
});

const make = (extra: { resolve?: Resolver; allow?: string; maxBytes?: number; timeoutMs?: number } = {}) =>
  createGuardedFetch({
    allowList: parseAllowList(extra.allow ?? `127.0.0.1:${allowed.port}`),
    resolve:
      extra.resolve ??
      (async () => {
        throw new Error('no DNS in this test');
      }),
    ...(extra.maxBytes ? { maxBytes: extra.maxBytes } : {}),
    ...(extra.timeoutMs ? { timeoutMs: extra.timeoutMs } : {}),
  });

const refusal = async (promise: Promise<unknown>): Promise<GuardedFetchError> => {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, GuardedFetchError);
    return error as GuardedFetchError;
  }
  throw new assert.Assertion({
    message: 'expected the fetch to be refused',
    generated: false,
    operator: 'throws',
    expects: 'error',
    actual: 'none',
  });
};

test('an allowlisted loopback host answers like fetch (status, headers, JSON body)', async () => {
  const response = await make()(`${allowed.url}/hello`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), { method: 'GET', body: null });
  assert.is(response.url, `${allowed.url}/hello`);
});

test('a POST body and headers are sent', async () => {
  const response = await make()(`${allowed.url}/echo`, {
    method: 'POST',
    body: 'ping',
    headers: { authorization: 'Bearer t' },
  });
  assert.equal(await response.json(), { method: 'POST', body: 'ping', auth: 'Bearer t' });
});

test('the same loopback server on a port that is not allowlisted is refused', async () => {
  const error = await refusal(make()(`${forbidden.url}/`));
  assert.is(error.code, 'SSRF_BLOCKED');
  assert.match(error.message, /127\.0\.0\.1: loopback/);
});

test('a redirect from an allowed host into a non-allowed loopback port is refused at the hop', async () => {
  const error = await refusal(make()(`${allowed.url}/to-forbidden`));
  assert.is(error.code, 'SSRF_BLOCKED');
});

test('a redirect to the metadata address is refused', async () => {
  const error = await refusal(make()(`${allowed.url}/to-metadata`));
  assert.is(error.code, 'SSRF_BLOCKED');
  assert.match(error.message, /169\.254\.169\.254/);
});

test('a redirect to a non-http scheme is refused', async () => {
  const error = await refusal(make()(`${allowed.url}/to-file`));
  assert.is(error.code, 'BAD_URL');
});

test('redirect: manual returns the 3xx itself with its Location', async () => {
  const response = await make()(`${allowed.url}/to-forbidden`, { redirect: 'manual' });
  assert.is(response.status, 302);
  assert.is(response.headers.get('location'), `${forbidden.url}/`);
});

test('more than 5 redirects stop with TOO_MANY_REDIRECTS', async () => {
  const error = await refusal(make()(`${allowed.url}/loop`));
  assert.is(error.code, 'TOO_MANY_REDIRECTS');
});

test('303 turns a POST into a GET without body', async () => {
  const response = await make()(`${allowed.url}/see-other`, { method: 'POST', body: 'x' });
  assert.equal(await response.json(), { method: 'GET', body: '', auth: null });
});

test('a body larger than the cap errors while reading', async () => {
  const response = await make({ maxBytes: 256 * 1024 })(`${allowed.url}/big`);
  const error = await refusal(response.arrayBuffer());
  assert.is(error.code, 'TOO_LARGE');
});

test('a response slower than the time cap is cut off', async () => {
  const error = await refusal(make({ timeoutMs: 200 })(`${allowed.url}/slow`));
  assert.is(error.code, 'TIMEOUT');
});

test('an abort signal stops the request', async () => {
  const controller = new AbortController();
  const pending = make()(`${allowed.url}/slow`, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error('stop now')), 50);
  try {
    await pending;
    assert.unreachable('should abort');
  } catch (error) {
    assert.is((error as Error).message, 'stop now');
  }
});

test('a name is connected to the checked address, with the name in the Host header', async () => {
  let asked = 0;
  const resolve: Resolver = async (host) => {
    asked++;
    assert.is(host, 'peer.example');
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const fetch = make({ resolve, allow: `peer.example:${allowed.port}` });
  const response = await fetch(`http://peer.example:${allowed.port}/hello`);
  assert.is(response.status, 200);
  assert.is(asked, 1, 'resolved exactly once per hop: the socket used that answer');
  assert.is(seenHosts.at(-1), `peer.example:${allowed.port}`);
});

test('a name that is not allowlisted and resolves to loopback is refused without connecting', async () => {
  const before = seenHosts.length;
  const fetch = make({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
  const error = await refusal(fetch(`http://rebind.example:${allowed.port}/hello`));
  assert.is(error.code, 'SSRF_BLOCKED');
  assert.is(seenHosts.length, before, 'the server saw no request');
});

test('a DNS answer that never comes is bounded by the time cap', async () => {
  const fetch = make({ resolve: () => new Promise(() => undefined), timeoutMs: 200 });
  const error = await refusal(fetch('http://slow-dns.example/'));
  assert.is(error.code, 'TIMEOUT');
  assert.match(error.message, /resolving slow-dns\.example/);
});

test('a status outside 200-599 is a refusal, not a crash of the service', async () => {
  const raw = createTcpServer((socket) =>
    socket.once('data', () => socket.end('HTTP/1.1 999 Weird\r\ncontent-length: 2\r\n\r\nok')),
  );
  await new Promise<void>((done) => raw.listen(0, '127.0.0.1', done));
  const port = (raw.address() as { port: number }).port;
  try {
    const error = await refusal(make({ allow: `127.0.0.1:${port}` })(`http://127.0.0.1:${port}/`));
    assert.is(error.code, 'NETWORK');
    assert.match(error.message, /invalid HTTP status 999/);
  } finally {
    raw.close();
  }
});

test('hop-by-hop request headers are not forwarded', async () => {
  const response = await make()(`${allowed.url}/echo`, {
    method: 'POST',
    body: 'b',
    headers: { connection: 'upgrade', upgrade: 'websocket', te: 'trailers' },
  });
  assert.equal(await response.json(), { method: 'POST', body: 'b', auth: null });
});

test.run();
