/**
 * Loopback upstreams for the isolation tests: an HTTPS server (test CA) that echoes what it gets in
 * the ways real APIs do (JSON, a 400 text page, an HTML error page, an image, redirects), and two
 * other origins (HTTPS on another port, plain HTTP) that only record what reaches them.
 */
import { createServer as createHttp, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCa } from '../../support/tls.ts';

export interface Seen {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export interface EchoUpstreams {
  /** `https://127.0.0.1:<port>` of the echoing upstream. */
  readonly origin: string;
  readonly seen: Seen[];
  /** Requests that reached the other HTTPS origin and the plain-HTTP one. */
  readonly elsewhere: Seen[];
  /** `https://127.0.0.1:<port>` of the other HTTPS origin, and `http://127.0.0.1:<port>` of the plain one. */
  readonly otherOrigin: string;
  readonly plainOrigin: string;
  close(): Promise<void>;
}

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const listen = async (server: HttpServer): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

export async function startEchoUpstreams(ca: TestCa): Promise<EchoUpstreams> {
  const seen: Seen[] = [];
  const elsewhere: Seen[] = [];
  const record = (into: Seen[]) => (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    into.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ landed: true }));
  };
  const other = createHttps({ key: ca.key, cert: ca.cert }, record(elsewhere));
  const plain = createHttp(record(elsewhere));
  const otherPort = await listen(other);
  const plainPort = await listen(plain);
  const main = createHttps({ key: ca.key, cert: ca.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    seen.push({ url: req.url ?? '', headers: req.headers });
    const key = url.searchParams.get('key') ?? String(req.headers['x-api-key'] ?? '');
    switch (url.pathname) {
      case '/bad':
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`Bad request: the query ${req.url} is not valid`);
        return;
      case '/html':
        res.writeHead(400, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html><body><p>Your key ${html(key)} is not allowed here.</p></body></html>`);
        return;
      case '/image':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.from(`tEXtkey\u0000${key}`, 'latin1'),
          ]),
        );
        return;
      case '/redirect-other':
        res.writeHead(302, { location: `https://127.0.0.1:${otherPort}/landing` });
        res.end();
        return;
      case '/redirect-http':
        res.writeHead(302, { location: `http://127.0.0.1:${plainPort}/landing` });
        res.end();
        return;
      default:
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            apiKeySeen: req.headers['x-api-key'] !== undefined,
          }),
        );
    }
  });
  const port = await listen(main as unknown as HttpServer);
  return {
    origin: `https://127.0.0.1:${port}`,
    seen,
    elsewhere,
    otherOrigin: `https://127.0.0.1:${otherPort}`,
    plainOrigin: `http://127.0.0.1:${plainPort}`,
    async close() {
      for (const server of [main, other, plain]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
