/**
 * The upstream HTTP client against hostile upstreams, in-process with real HTTPS listeners: a body
 * that inflates without end is cut at the cap while it inflates (memory stays near the cap), and a
 * 307/308 to another origin never carries a body that holds a secret there, while a redirect on
 * the origin, or of a body without one, is followed as before.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import {
  BodyTooLargeError,
  createUpstreamHttpClient,
  RedirectRefusedError,
} from '../../runtime/upstream/upstream-http.ts';
import { createTestCa, type TestCa } from '../support/tls.ts';

let ca: TestCa;
const seen: { port: number; method: string; url: string; body: string }[] = [];
const servers: ReturnType<typeof createServer>[] = [];
let home = '';
let other = '';

/** 256 KB of gzip that inflates to 256 MiB. */
const BOMB = gzipSync(Buffer.alloc(256 * 1024 * 1024));

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer({ key: ca.key, cert: ca.cert }, handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const recordThen =
  (port: () => number, answer: (url: string, res: import('node:http').ServerResponse) => void) =>
  (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ port: port(), method: req.method ?? '', url: req.url ?? '', body });
      answer(req.url ?? '', res);
    });
  };

const test = suite('hostile upstreams');

test.before(async () => {
  ca = createTestCa();
  other = await listen(
    recordThen(
      () => Number(new URL(other).port),
      (_url, res) => res.end('{"landed":true}'),
    ),
  );
  home = await listen(
    recordThen(
      () => Number(new URL(home).port),
      (url, res) => {
        if (url === '/bomb') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(BOMB);
        } else if (url.startsWith('/307-other') || url.startsWith('/308-other')) {
          res.writeHead(Number(url.slice(1, 4)), { location: `${other}/landing` });
          res.end();
        } else if (url === '/307-home') {
          res.writeHead(307, { location: '/landing' });
          res.end();
        } else res.end('{"landed":true}');
      },
    ),
  );
});

test.after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const signal = new AbortController().signal;

test('a gzip body inflating to 256 MiB stops at the cap while inflating; memory stays near the cap', async () => {
  const client = createUpstreamHttpClient({ ca: ca.ca });
  try {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const error = await client
      .request(`${home}/bomb`, { method: 'GET', headers: {}, signal, maxBytes: 8 * 1024 * 1024 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.instance(error, BodyTooLargeError);
    const grown = (peak - before) / 1024 / 1024;
    assert.ok(grown < 64, `resident memory grew by ${Math.round(grown)} MiB while a 256 MiB body was refused at 8 MiB`);
  } finally {
    client.close();
  }
});

test(
  'a 307 or 308 to another origin does not re-send a body that holds a secret; nothing ' + 'reaches that origin',
  async () => {
    const client = createUpstreamHttpClient({ ca: ca.ca });
    try {
      for (const path of ['/307-other', '/308-other']) {
        const before = seen.filter((s) => s.url === '/landing').length;
        const error = await client
          .request(`${home}${path}`, {
            method: 'POST',
            headers: {},
            body: '{"token":"the-secret-value"}',
            bodyHoldsSecret: true,
            signal,
            maxBytes: 1024,
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        assert.instance(error, RedirectRefusedError, path);
        assert.is((error as RedirectRefusedError).to, other);
        assert.is(
          seen.filter((s) => s.url === '/landing').length,
          before,
          `${path}: the body reached the other origin`,
        );
      }
    } finally {
      client.close();
    }
  },
);

test(
  'the controls: a 307 on the same origin re-sends the body with its secret; a body without one follows to ' +
    'another origin',
  async () => {
    const client = createUpstreamHttpClient({ ca: ca.ca });
    try {
      const same = await client.request(`${home}/307-home`, {
        method: 'POST',
        headers: {},
        body: '{"token":"the-secret-value"}',
        bodyHoldsSecret: true,
        signal,
        maxBytes: 1024,
      });
      assert.is(same.status, 200);
      assert.equal(seen.at(-1), {
        port: Number(new URL(home).port),
        method: 'POST',
        url: '/landing',
        body: '{"token":"the-secret-value"}',
      });
      const plain = await client.request(`${home}/307-other`, {
        method: 'POST',
        headers: {},
        body: '{"q":"public"}',
        signal,
        maxBytes: 1024,
      });
      assert.is(plain.status, 200);
      assert.equal(seen.at(-1), {
        port: Number(new URL(other).port),
        method: 'POST',
        url: '/landing',
        body: '{"q":"public"}',
      });
    } finally {
      client.close();
    }
  },
);

test.run();
