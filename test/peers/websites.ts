/**
 * Website peers: an HTTPS + HTTP/2 site (`node:http2` with HTTP/1.1 fallback and a certificate
 * from the test CA) and a plain HTTP site. Both share the same routes so tests can ask for a
 * good page, a redirect chain, HTML served as text/plain, a 500 page, pages without a title, a
 * doctype or a charset, and a JSON API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { closeServer, listen, trackSockets, type Peer } from './listen.ts';

/** The body of the good page. */
export const goodPage =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Loopback ' +
  'site</title></head><body><h1>Hello</h1></body></html>\n';

type Req = IncomingMessage | Http2ServerRequest;
type Res = ServerResponse | Http2ServerResponse;

function route(req: Req, res: Res): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, server: 'loopback-peer', ...extra });
    res.end(body);
  };
  if (path === '/' || path === '/index.html') return send(200, 'text/html; charset=utf-8', goodPage);
  const hops = /^\/redirect\/(\d+)$/.exec(path);
  if (hops) {
    const n = Number(hops[1]);
    res.writeHead(302, { location: n <= 1 ? '/' : `/redirect/${n - 1}` });
    res.end();
    return;
  }
  if (path === '/loop') {
    res.writeHead(301, { location: '/loop' });
    res.end();
    return;
  }
  if (path === '/wrong-type') return send(200, 'text/plain', goodPage);
  if (path === '/server-error')
    return send(
      500,
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><head><title>Oops</title></head><body>Internal error</body></html>',
    );
  if (path === '/empty-html') return send(200, 'text/html; charset=utf-8', '');
  if (path === '/no-title')
    return send(
      200,
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>untitled</body></html>',
    );
  if (path === '/no-doctype')
    return send(200, 'text/html; charset=utf-8', '<html><head><title>Old</title></head><body>quirks</body></html>');
  if (path === '/no-charset') return send(200, 'text/html', goodPage);
  if (path === '/api') return send(200, 'application/json', '{"ok":true}');
  if (path === '/basic-auth')
    return send(401, 'text/plain', 'login required', { 'www-authenticate': 'Basic realm="intranet"' });
  send(404, 'text/plain', 'Not Found');
}

/** HTTPS with HTTP/2 (ALPN h2) and HTTP/1.1 fallback, certificate from the caller's test CA. */
export async function startHttpsWebsite(cert: { key: string; cert: string }): Promise<Peer> {
  const server = createSecureServer({ key: cert.key, cert: cert.cert, allowHTTP1: true }, route);
  const destroy = trackSockets(server);
  const port = await listen(server);
  return { url: `https://localhost:${port}/`, close: () => closeServer(server, destroy) };
}

/** A plain-HTTP website on loopback. */
export async function startHttpWebsite(): Promise<Peer> {
  const server = createServer(route);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/`, close: () => closeServer(server) };
}
