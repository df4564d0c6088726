/**
 * `--http`: the dual-era stateless fetch handler on `node:http`, at `/mcp`. Binds 127.0.0.1 unless told
 * otherwise; a request whose `Origin` is not this server's own (or an allowed one) gets 403, and on
 * a loopback binding a foreign `Host` does too, which blocks DNS-rebinding from a browser page.
 * A request body over `MAX_BODY_BYTES` gets 413 and its connection is closed.
 *
 * Backpressure and fairness: an answer is written only as fast as the client reads it (`res.write`
 * returning false waits for `drain`; a batch's answer is made a group at a time as it is written), a
 * connection has at most `MAX_REQUESTS_PER_CONNECTION` HTTP requests in flight (past that its socket is
 * paused, so pipelined requests wait in the client's TCP buffers, not in ours) and works on one of them
 * at a time (a pipelined request's work waits for the earlier answers), and the work itself is shared
 * by a `FairQueue`: each JSON-RPC request (each member of a batch too) is one unit, at most
 * `MAX_REQUESTS_HANDLED` units of all connections and `MAX_UNITS_PER_CONNECTION` of one run at once,
 * taken round robin across connections, a connection with nothing waiting first. A client that sends
 * without reading holds at most one group of answers of its own connection, and another client waits
 * for the units already running, not for the others' queues.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/server';
import { FairQueue } from '../bounds/fair-queue.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';
import { MAX_REQUEST_BODY_BYTES, readCappedText } from './body-limit.ts';
import { createMcpFetchHandler } from './mcp-fetch-handler.ts';
import { hostAllowed, siteRefusal, type SitePolicy, type SiteRequest } from './site-check.ts';
import { discoveryRoutes, type ServedDiscovery } from '../discovery/discovery-routes.ts';

// Only `--http` needs the HTTP server stack: a stdio server never loads it.
const http = lazyBuiltin<typeof import('node:http')>('node:http');

export interface HttpServeOptions {
  host?: string;
  port: number;
  allowedOrigins?: string[];
  /** Where failures of the HTTP layer are reported (default: stderr); pass a redacting logger. */
  log?: (line: string) => void;
  /** The server card and AI catalog, served at their discovery paths (`discovery/discovery-routes.ts`). */
  discovery?: ServedDiscovery;
}

export const MCP_PATH = '/mcp';

/** The largest request body accepted (4 MiB); a larger one is answered 413 without being read. */
export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

/** HTTP requests of one connection (pipelined) in flight before its socket is paused. */
export const MAX_REQUESTS_PER_CONNECTION = 2;
/** JSON-RPC requests (batch members included) of all connections handled at once. */
export const MAX_REQUESTS_HANDLED = 8;
/** JSON-RPC requests of one connection handled at once (the rest of its batch waits its turn). */
export const MAX_UNITS_PER_CONNECTION = 2;

class BodyTooLarge extends Error {}
/** The connection closed before its request's turn came: the work is skipped. */
class ClientGone extends Error {}

/** Pauses a socket while it has `MAX_REQUESTS_PER_CONNECTION` requests in flight. */
function holdConnection(req: IncomingMessage, res: ServerResponse, inFlight: WeakMap<object, number>): void {
  const socket = req.socket;
  const count = (inFlight.get(socket) ?? 0) + 1;
  inFlight.set(socket, count);
  if (count >= MAX_REQUESTS_PER_CONNECTION) socket.pause();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(socket) ?? 1) - 1;
    inFlight.set(socket, left);
    if (left < MAX_REQUESTS_PER_CONNECTION && !socket.destroyed) socket.resume();
  };
  res.once('finish', release);
  res.once('close', release);
}

/** Resolves when `res` can take more (or is gone). */
const drained = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
/**
 * Resolves when `res` is the one its connection writes now (a pipelined request's answer waits for the
 * earlier ones), or when the connection closes first: its work starts only then, so a connection holds
 * one answer being made, not one per request it pipelined.
 */
const ownTurn = (res: ServerResponse, socket: IncomingMessage['socket']): Promise<void> =>
  res.socket || socket.destroyed
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          res.off('socket', done);
          socket.off('close', done);
          resolve();
        };
        res.once('socket', done);
        socket.once('close', done);
      });
const BODY_TOO_LARGE_GRACE_MS = 500;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** One header of a node request (the first, when repeated). */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function reject(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The request's head as a web Request, and its body read here (the handler takes it as text). */
async function toRequest(req: IncomingMessage, base: string): Promise<{ request: Request; body?: string }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const request = new Request(new URL(req.url ?? '/', base), { method, headers });
  if (method === 'GET' || method === 'HEAD') return { request };
  const body = await readCappedText(req, { maxBytes: MAX_BODY_BYTES });
  if (!body.ok) throw new BodyTooLarge();
  return { request, body: body.text };
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await drained(res);
    }
  }
  res.end();
}

/** Stateless Streamable HTTP (both eras) on node:http; Origin checked; binds 127.0.0.1 unless host given. */
export async function serveHttp(
  makeServer: () => Server | Promise<Server>,
  options: HttpServeOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const handle = createMcpFetchHandler(makeServer);
  const discovery = options.discovery ? discoveryRoutes(options.discovery, MCP_PATH) : undefined;
  // Known once listening (the port); on a loopback binding every request's Host is checked.
  let sitePolicy: SitePolicy = { hosts: new Set(), hostCheck: 'every-request', origins: new Set() };
  const work = new FairQueue(MAX_REQUESTS_HANDLED, MAX_UNITS_PER_CONNECTION);
  const inFlight = new WeakMap<object, number>();
  const server = http().createServer((req, res) => {
    holdConnection(req, res, inFlight);
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      const site: SiteRequest = { header: (name) => headerOf(req, name), host: req.headers.host ?? '' };
      // Public documents, readable from any origin (the Host check still guards the loopback endpoint).
      if (discovery && hostAllowed(site, sitePolicy) && discovery(req, res)) return;
      if (path !== MCP_PATH) return reject(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
      const refusal = siteRefusal(site, sitePolicy);
      if (refusal) return reject(res, 403, refusal === 'forbidden-host' ? 'forbidden host' : 'forbidden origin');
      const base = `http://${req.headers.host ?? 'localhost'}`;
      // The queue covers the work, neither reading the body (a paused connection's body may wait for its
      // earlier answers) nor writing: a client that does not read holds its own connection only.
      const { request, body } = await toRequest(req, base);
      const socket = req.socket;
      await ownTurn(res, socket);
      const run = <T>(unit: () => Promise<T>) =>
        work.run(socket, () => (res.destroyed ? Promise.reject(new ClientGone()) : unit()));
      const response = await handle(request, body === undefined ? { run } : { run, body });
      await writeResponse(res, response);
    })().catch((error: unknown) => {
      if (error instanceof ClientGone) return;
      if (error instanceof BodyTooLarge) {
        // The rest of the body is discarded, never kept; the connection is dropped shortly after the
        // answer, not at once (also when the client asked for close): closing a socket with unread data
        // resets it, and the client would lose the 413.
        if (!res.headersSent) {
          res.shouldKeepAlive = true;
          reject(res, 413, `request body over ${MAX_BODY_BYTES} bytes`);
        }
        req.resume();
        const timer = setTimeout(() => req.destroy(), BODY_TOO_LARGE_GRACE_MS);
        req.socket.once('close', () => clearTimeout(timer));
        return;
      }
      if (!res.headersSent) reject(res, 500, 'internal error');
      else res.end();
      const line = `toolkit server: HTTP request failed: ${error instanceof Error ? error.message : String(error)}`;
      if (options.log) options.log(line);
      else process.stderr.write(`${line}\n`);
    });
  });
  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, host, () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const own = [
    `http://${shownHost}:${port}`,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    `http://[::1]:${port}`,
  ];
  const hosts = new Set([`${shownHost}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  sitePolicy = {
    hosts: LOOPBACK.has(host) ? hosts : null,
    hostCheck: 'every-request',
    origins: new Set([...own, ...(options.allowedOrigins ?? [])]),
  };
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    close: async () => {
      await handle.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
