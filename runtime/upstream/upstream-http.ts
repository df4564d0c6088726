/**
 * The runtime's own HTTP client for upstream calls: `node:http`/`node:https` with keep-alive
 * agents. The global `fetch` costs about 0.4 ms more per call here (its Request/Response objects
 * and web streams add work and event-loop turns on every call), which was most of what the runtime
 * added to a tool call. It keeps what tools rely on from `fetch`: redirects are followed (at most
 * 20; 303, and 301/302 after a POST, become a GET without body; credentials and every header that
 * carries a secret are dropped when the origin changes, and a 307/308 to another origin is not
 * followed when the body carries a secret), gzip/deflate/br bodies are decoded while they arrive
 * and capped while decoding (`bounded-body.ts`), the call's signal aborts it, and failures carry
 * node's `code` (ECONNREFUSED, ENOTFOUND, certificate errors, ...).
 */
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { CallSignal } from '../call-budget.ts';
import { lazyBuiltin } from '../lazy-builtin.ts';
import { BodyTooLargeError, readBoundedBody } from './bounded-body.ts';

export { BodyTooLargeError } from './bounded-body.ts';

// Loaded on the first upstream call: a server that is only listed never pays for them.
const http = lazyBuiltin<typeof import('node:http')>('node:http');
const https = lazyBuiltin<typeof import('node:https')>('node:https');
const net = lazyBuiltin<typeof import('node:net')>('node:net');
const tls = lazyBuiltin<typeof import('node:tls')>('node:tls');
const zlib = lazyBuiltin<typeof import('node:zlib')>('node:zlib');

/** What the runtime reads from response headers (`fetch`'s `Headers` has the same `get`). */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface HttpAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: HeaderReader;
  readonly bytes: Uint8Array;
}

export interface HttpCall {
  readonly method: string;
  /** Sent as given; `accept-encoding` and `user-agent` are added when absent. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Stops the call (an `AbortSignal`, or a call budget's lighter signal). */
  readonly signal: CallSignal;
  /** Largest body accepted, counted as it is decoded; more rejects with a `BodyTooLargeError`. */
  readonly maxBytes: number;
  /**
   * Headers that carry a secret (any name, e.g. `X-Api-Key`): like `authorization`, they are dropped
   * when a redirect leaves the origin, which includes every https → http redirect.
   */
  readonly secretHeaders?: readonly string[];
  /**
   * The body carries a secret: a redirect that would re-send it to another origin rejects with a
   * `RedirectRefusedError`.
   */
  readonly bodyHoldsSecret?: boolean;
}

/** A 307/308 redirect would have re-sent a body holding a secret to another origin; `to` names that origin. */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
  constructor(readonly to: string) {
    super(`redirect to ${to} refused: the body holds a secret`);
  }
}

export interface UpstreamHttpClient {
  request(url: string, call: HttpCall): Promise<HttpAnswer>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/**
 * A kept-alive connection the upstream had closed failed before any answer: the request never
 * reached the upstream, so an idempotent one is sent again once on a fresh connection.
 */
class StaleConnectionError extends Error {
  constructor(readonly original: unknown) {
    super('stale kept-alive connection');
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE']);

const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin, as `fetch` does. */
const ORIGIN_BOUND = new Set(['authorization', 'proxy-authorization', 'cookie', 'host']);
/** Dropped when a redirect turns the request into a GET without body. */
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

const headerReader = (headers: IncomingHttpHeaders): HeaderReader => ({
  get(name) {
    const value = headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

const hasHeader = (headers: Readonly<Record<string, string>>, name: string): boolean =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

const networkError = (message: string, code: string): Error => Object.assign(new Error(message), { code });

export interface UpstreamHttpClientOptions {
  /** Extra CA certificates (PEM) to trust besides the default store; in-process tests pass their CA. */
  readonly ca?: string;
  /**
   * Where to connect for a URL's host and port instead of resolving it (curl's `--connect-to`), e.g. a
   * staging server or a recorded-response replay on loopback. The request keeps the URL's host name in
   * `Host` and TLS SNI, and the certificate is still checked against that name.
   */
  readonly connectTo?: (hostname: string, port: number) => { readonly host: string; readonly port: number } | undefined;
}

/**
 * Each agent keeps one pool per origin (and TLS settings), bounded: at most 64 connections open to
 * one origin (more calls wait for one), at most 8 idle ones kept, the most recently used first so
 * the others time out on the upstream's side and go away.
 */
const POOL = { keepAlive: true, scheduling: 'lifo', maxSockets: 64, maxFreeSockets: 8 } as const;

/** A client with its own keep-alive agents (one per runtime, closed with it). */
export function createUpstreamHttpClient(options: UpstreamHttpClientOptions = {}): UpstreamHttpClient {
  // The extra CA goes in as one secure context made here, not as a `ca` option: the agent names its
  // connection pool by every TLS option, so a `ca` list (the whole root store plus ours) would be
  // joined into a ~200 KB string several times per request (~5 ms of CPU a call, measured); the
  // pool key ignores `secureContext`, and the certificate checks are the same.
  let agents: { readonly http: HttpAgent; readonly https: HttpsAgent } | undefined;
  // Made on the first call, with the built-ins they need.
  const agentsNow = () => {
    if (agents) return agents;
    const ca =
      options.ca === undefined
        ? {}
        : { secureContext: tls().createSecureContext({ ca: [...tls().rootCertificates, options.ca] }) };
    return (agents = { http: new (http().Agent)(POOL), https: new (https().Agent)({ ...POOL, ...ca }) });
  };

  function once(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    call: HttpCall,
  ): Promise<{ response: IncomingMessage; bytes?: Buffer }> {
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') {
        reject(networkError(`unsupported URL scheme ${url.protocol}`, 'ERR_INVALID_PROTOCOL'));
        return;
      }
      const send = secure ? https().request : http().request;
      const target = options.connectTo?.(url.hostname, Number(url.port) || (secure ? 443 : 80));
      const name = url.hostname.replace(/^\[|\]$/g, '');
      const route =
        target === undefined
          ? {}
          : {
              hostname: target.host,
              port: target.port,
              headers: { host: url.host, ...headers },
              ...(net().isIP(name) ? {} : { servername: name }),
            };
      let response: IncomingMessage | undefined;
      const fail = (error: unknown) => {
        call.signal.removeEventListener('abort', onAbort);
        request.destroy();
        response?.destroy();
        reject(error);
      };
      const onAbort = () => fail(call.signal.reason ?? networkError('aborted', 'ABORT_ERR'));
      const request = send(
        url,
        { method, headers, agent: secure ? agentsNow().https : agentsNow().http, ...route },
        (res) => {
          response = res;
          if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location !== undefined) {
            res.resume();
            call.signal.removeEventListener('abort', onAbort);
            resolve({ response: res });
            return;
          }
          const declared = Number(res.headers['content-length']);
          if (Number.isFinite(declared) && declared > call.maxBytes) {
            fail(new BodyTooLargeError());
            return;
          }
          res.on('error', fail);
          readBoundedBody(res, call.maxBytes, zlib, {
            done(bytes) {
              call.signal.removeEventListener('abort', onAbort);
              resolve({ response: res, bytes });
            },
            fail,
          });
          res.on('close', () => {
            if (!res.complete)
              fail(networkError('the upstream closed the connection before the body ended', 'ECONNRESET'));
          });
        },
      );
      request.on('error', (error: Error & { code?: string }) => {
        const stale =
          request.reusedSocket && response === undefined && !call.signal.aborted && STALE_CODES.has(error.code ?? '');
        fail(stale ? new StaleConnectionError(error) : error);
      });
      if (call.signal.aborted) {
        onAbort();
        return;
      }
      call.signal.addEventListener('abort', onAbort, { once: true });
      if (body !== undefined) request.setHeader('content-length', Buffer.byteLength(body));
      request.end(body);
    });
  }

  return {
    async request(target, call) {
      let url = new URL(target);
      let method = call.method.toUpperCase();
      let body = call.body;
      const headers: Record<string, string> = { ...call.headers };
      const secret = new Set((call.secretHeaders ?? []).map((name) => name.toLowerCase()));
      if (!hasHeader(headers, 'accept-encoding')) headers['accept-encoding'] = 'gzip, deflate, br';
      if (!hasHeader(headers, 'user-agent')) headers['user-agent'] = 'node';
      for (let hops = 0; ; hops++) {
        const { response, bytes } = await once(url, method, headers, body, call).catch((error: unknown) => {
          if (!(error instanceof StaleConnectionError)) throw error;
          if (!IDEMPOTENT.has(method)) throw error.original;
          return once(url, method, headers, body, call).catch((again: unknown) => {
            throw again instanceof StaleConnectionError ? again.original : again;
          });
        });
        if (bytes === undefined) {
          if (hops >= MAX_REDIRECTS)
            throw networkError(`more than ${MAX_REDIRECTS} redirects`, 'ERR_TOO_MANY_REDIRECTS');
          const next = new URL(response.headers.location!, url);
          const status = response.statusCode!;
          if (
            (status === 303 && method !== 'GET' && method !== 'HEAD') ||
            ((status === 301 || status === 302) && method === 'POST')
          ) {
            method = 'GET';
            body = undefined;
            for (const name of Object.keys(headers)) if (BODY_HEADERS.has(name.toLowerCase())) delete headers[name];
          }
          if (next.origin !== url.origin || (url.protocol === 'https:' && next.protocol !== 'https:')) {
            // A 307/308 re-sends the body as it is: one that holds a secret goes to no other origin.
            if (body !== undefined && call.bodyHoldsSecret === true) throw new RedirectRefusedError(next.origin);
            for (const name of Object.keys(headers))
              if (ORIGIN_BOUND.has(name.toLowerCase()) || secret.has(name.toLowerCase())) delete headers[name];
          }
          url = next;
          continue;
        }
        return {
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: headerReader(response.headers),
          bytes,
        };
      }
    },
    close() {
      agents?.http.destroy();
      agents?.https.destroy();
    },
  };
}
