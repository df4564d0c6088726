/**
 * Loopback listeners for the secret tests, each recording every request it receives (URL, headers,
 * body): the victim's own HTTPS origin, which also answers the way hostile upstreams do (echoing the
 * key back in every encoding, redirecting with 307 to another origin, inflating a small gzip body
 * without end); an attacker's HTTPS origin; and a plain-HTTP one. A test then checks what reached
 * which listener.
 */
import {
  createServer as createHttp,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { TestCa } from '../../support/tls.ts';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface Listener {
  readonly origin: string;
  readonly received: Received[];
}

export interface SecretListeners {
  /** The schemas' root: echoes, encodes, redirects. */
  readonly home: Listener;
  /** Another HTTPS origin (the attacker's). */
  readonly other: Listener;
  /** A plain-HTTP origin. */
  readonly plain: Listener;
  close(): Promise<void>;
}

/**
 * Every way the key is written back by `/forms` (and excerpted by `/forms-error`): what real upstreams and hostile ones
 * do.
 */
export function encodedForms(key: string): Record<string, string> {
  const bytes = Buffer.from(key, 'utf8');
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');
  const b64 = (buffer: Buffer) => buffer.toString('base64');
  const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return {
    raw: key,
    upper: key.toUpperCase(),
    url: encodeURIComponent(key),
    urlEveryCharacter: [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    urlTwice: encodeURIComponent(encodeURIComponent(key)),
    jsonPlusEscaped: key.replace(/\+/g, '\\u002B'),
    jsonEveryCharacter: [...key].map((c) => `\\u${hex(c)}`).join(''),
    jsonSlashes: key.replace(/\//g, '\\/'),
    htmlDecimal: [...key].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    htmlNamed: key.replace(/\+/g, '&plus;').replace(/\//g, '&sol;').replace(/=/g, '&equals;').replace(/-/g, '&#x2d;'),
    base64: b64(bytes),
    base64Offset1: b64(Buffer.concat([Buffer.from('x'), bytes])),
    base64Offset2: b64(Buffer.concat([Buffer.from('xy'), bytes])),
    base64UrlSafe: urlSafe(b64(Buffer.concat([Buffer.from('?'), bytes]))),
    basicAuth: `Basic ${b64(Buffer.from(`user:${key}`))}`,
  };
}

/** A JSON text holding every form, written by hand so the JSON escapes stay as the upstream chose them. */
const formsJson = (key: string): string =>
  `{${Object.entries(encodedForms(key))
    .map(([name, form]) => `"${name}":"${form.replace(/"/g, '\\"')}"`)
    .join(',')}}`;

const listen = async (server: HttpServer): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** The key a request carried (header, query or body field `key`/`token`). */
function keyOf(req: IncomingMessage, url: URL, body: string): string {
  const header = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
  if (typeof header === 'string' && header !== '') return header;
  const query = url.searchParams.get('key');
  if (query) return query;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return String(parsed.key ?? parsed.token ?? '');
  } catch {
    return '';
  }
}

function recorder(into: Received[], answer?: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      into.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (answer) return answer(req, res, body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ landed: true }));
    });
  };
}

/** About 20 KB of gzip that inflate to 20 MiB of a JSON array of empty objects (made once, before any timing). */
export function makeBomb(): Buffer {
  const json = Buffer.alloc(20 * 1024 * 1024, '{},');
  json[0] = 0x5b;
  return gzipSync(json, { level: 9 });
}

export async function startSecretListeners(ca: TestCa): Promise<SecretListeners> {
  const bomb = makeBomb();
  const other: Received[] = [];
  const plain: Received[] = [];
  const home: Received[] = [];
  const otherServer = createHttps({ key: ca.key, cert: ca.cert }, recorder(other));
  const plainServer = createHttp(recorder(plain));
  const otherPort = await listen(otherServer as unknown as HttpServer);
  const plainPort = await listen(plainServer);
  const targets: Record<string, string> = {
    other: `https://127.0.0.1:${otherPort}`,
    plain: `http://127.0.0.1:${plainPort}`,
  };
  const homeServer = createHttps(
    { key: ca.key, cert: ca.cert },
    recorder(home, (req, res, body) => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      const key = keyOf(req, url, body);
      switch (url.pathname) {
        case '/forms':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(formsJson(key));
          return;
        case '/forms-error':
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`Internal error for ${Object.values(encodedForms(key)).join(' | ')}`);
          return;
        case '/forms-html':
          res.writeHead(403, { 'content-type': 'text/html' });
          res.end(
            `<!doctype html><html><head><title>Denied</title></head><body>${encodedForms(key).htmlDecimal} ` +
              `${encodedForms(key).htmlNamed}</body></html>`,
          );
          return;
        case '/redirect-307-other':
        case '/redirect-307-plain':
          res.writeHead(307, { location: `${targets[url.pathname.slice('/redirect-307-'.length)]}/landing` });
          res.end();
          return;
        case '/bomb':
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(bomb);
          return;
        default:
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              path: url.pathname,
              query: Object.fromEntries(url.searchParams),
              method: req.method,
              hasKey: key !== '',
            }),
          );
      }
    }),
  );
  const homePort = await listen(homeServer as unknown as HttpServer);
  return {
    home: { origin: `https://127.0.0.1:${homePort}`, received: home },
    other: { origin: targets.other!, received: other },
    plain: { origin: targets.plain!, received: plain },
    async close() {
      for (const server of [homeServer, otherServer, plainServer]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/**
 * True when `text` holds `key` in any form `encodedForms` writes (raw text search, for checking what a listener
 * received).
 */
export function holdsKey(text: string, key: string): boolean {
  return Object.values(encodedForms(key)).some((form) => text.includes(form)) || text.includes(key.toLowerCase());
}
