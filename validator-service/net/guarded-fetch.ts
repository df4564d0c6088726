/**
 * The only way the validator reaches the network: a `fetch` look-alike over node:http(s) that checks
 * every hop's addresses (`resolveTarget`), connects to exactly the checked address, follows at most
 * `maxRedirects` redirects by hand, and caps response size and time.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import type { Fetch } from '../layers/layer.ts';
import { raceSignal } from '../layers/shared/deadline.ts';
import { redirectStatuses } from '../layers/shared/follow-redirects.ts';
import { GuardedFetchError } from './errors.ts';
import { resolveTarget, type ResolvedAddress, type TargetPolicy } from './resolve-target.ts';
import { bareHost, effectivePort } from './target-url.ts';

export interface GuardedFetchOptions extends TargetPolicy {
  /** Largest response body in bytes; larger bodies error mid-stream. Default 2 MiB. */
  readonly maxBytes?: number;
  /** Redirects followed when `redirect` is `follow`. Default 5. */
  readonly maxRedirects?: number;
  /** Time cap per request, headers and body together, in ms. Default 10000. */
  readonly timeoutMs?: number;
  /** Extra trusted CA certificates (PEM), added to Node's roots; for tests with a private CA. */
  readonly ca?: string | readonly string[];
  /**
   * Keep-alive pools to reuse connections (one assessment's, see `assessment-network.ts`); without
   * them every request opens and closes its own connection. Either way a socket is only ever
   * connected to an address that passed the checks: pooled sockets are keyed by that address.
   */
  readonly agents?: ConnectionPools;
  /**
   * Bytes all requests sharing it may read together (one assessment's, see `assessment-network.ts`):
   * `maxBytes` bounds one response, but an endpoint can make an assessment ask for many.
   */
  readonly budget?: ByteBudget;
}

/** A count of response bytes shared by several requests. */
export interface ByteBudget {
  readonly limit: number;
  /** Counts `bytes`; false once the total is over the limit. */
  take(bytes: number): boolean;
}

/** A budget of `limit` bytes. */
export function byteBudget(limit: number): ByteBudget {
  let used = 0;
  return { limit, take: (bytes) => (used += bytes) <= limit };
}

/** The keep-alive agents a guarded fetch may reuse connections from. */
export interface ConnectionPools {
  /** The pool for `https:` (`secure`) or `http:`; undefined once closed (then no connection is kept). */
  agentFor(secure: boolean): http.Agent | undefined;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Builds the guarded fetch. Its errors are `GuardedFetchError`s (or the abort reason). */
export function createGuardedFetch(options: GuardedFetchOptions): Fetch {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Built once: a context made from the CA list per request would parse every root certificate again.
  const ca =
    options.ca === undefined ? undefined : createSecureContext({ ca: [...rootCertificates, ...[options.ca].flat()] });
  const agents = options.agents;

  return async function guardedFetch(input, init) {
    const request = new Request(input, { ...init, duplex: 'half' } as RequestInit);
    const signal = init?.signal ?? undefined;
    let url = new URL(request.url);
    let method = request.method;
    const headers = new Headers(request.headers);
    let body: Buffer | null = request.body ? Buffer.from(await request.arrayBuffer()) : null;

    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new GuardedFetchError('BAD_URL', `refused ${url.protocol} URL: only http and https are fetched`);
      }
      signal?.throwIfAborted();
      const host = url.host;
      const target = await raceSignal(resolveTarget(url, options), signal, {
        ms: timeoutMs,
        error: () => new GuardedFetchError('TIMEOUT', `resolving ${host} took longer than ${timeoutMs} ms`),
      });
      const args: SendArgs = {
        url,
        method,
        headers,
        body,
        target,
        signal,
        maxBytes,
        timeoutMs,
        ca,
        agents,
        budget: options.budget,
      };
      const response = await send(args).catch((error: unknown) => {
        // A pooled connection the server closed while it was idle fails before any answer: the
        // request never reached the server, so it is sent once more on a fresh connection.
        if (!(error instanceof StaleConnectionError)) throw error;
        return send({ ...args, agents: undefined });
      });
      const location = response.headers.get('location');
      if (!redirectStatuses.has(response.status) || !location || request.redirect === 'manual') return response;
      await response.body?.cancel();
      if (request.redirect === 'error') throw new GuardedFetchError('NETWORK', `unexpected redirect to ${location}`);
      if (hop >= maxRedirects) {
        throw new GuardedFetchError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects (last to ${location})`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new GuardedFetchError('BAD_URL', `redirect to an invalid Location: ${location.slice(0, 200)}`);
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      url = next;
    }
  };
}

interface SendArgs {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Buffer | null;
  readonly target: ResolvedAddress;
  readonly signal: AbortSignal | undefined;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly ca: SecureContext | undefined;
  readonly agents: ConnectionPools | undefined;
  readonly budget: ByteBudget | undefined;
}

/**
 * The reason phrase as `Response` accepts it. node:http passes control characters through, and
 * `new Response` throws on them; the phrase carries no meaning, so an unusable one is dropped.
 */
function readableStatusText(text: string | undefined): string {
  return text !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : '';
}

/** A reused keep-alive socket was closed by the server before it answered (internal, retried once). */
class StaleConnectionError extends Error {}

/** One request to the already checked address; resolves once headers arrive, body streams after. */
function send(args: SendArgs): Promise<Response> {
  const { url, method, target, signal, maxBytes, timeoutMs } = args;
  const host = bareHost(url);
  const outgoing: Record<string, string> = { 'user-agent': 'toolkit-validator/0.1', accept: '*/*' };
  args.headers.forEach((value, key) => (outgoing[key] = value));
  outgoing['host'] = url.host;
  for (const hopByHop of [
    'accept-encoding',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'te',
    'upgrade',
    'proxy-authorization',
    'proxy-connection',
  ]) {
    delete outgoing[hopByHop];
  }
  if (args.body) outgoing['content-length'] = String(args.body.length);

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    // Assigned once node:http accepted the request: `fail` may run before that (see the catch below).
    let req: http.ClientRequest | undefined;
    const fail = (error: unknown) => {
      cleanup();
      req?.destroy();
      if (!settled) {
        settled = true;
        reject(error);
      } else if (stream) {
        try {
          stream.error(error);
        } catch {
          /* already closed */
        }
      }
    };
    const onAbort = () => fail(signal?.reason ?? new DOMException('aborted', 'AbortError'));
    const timer = setTimeout(
      () => fail(new GuardedFetchError('TIMEOUT', `no complete response from ${url.origin} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const secure = url.protocol === 'https:';
    // The socket connects to the checked address itself (no second DNS lookup); the name goes in the
    // Host header and the TLS server name, and certificates are verified for it. A pool keys its
    // sockets by this address, so a connection is only reused for the address it was checked for.
    const requestOptions: https.RequestOptions = {
      protocol: url.protocol,
      host: target.address,
      family: target.family,
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method,
      headers: outgoing,
      agent: args.agents?.agentFor(secure) ?? false,
      ...(secure ? { servername: isIP(host) ? '' : host, ...(args.ca ? { secureContext: args.ca } : {}) } : {}),
    };
    let created: http.ClientRequest;
    try {
      created = (secure ? https : http).request(requestOptions, (res) => {
        // This runs in node:http's event handler: anything thrown here would stop the whole service.
        try {
          respond(res);
        } catch (error) {
          res.destroy();
          fail(
            new GuardedFetchError(
              'NETWORK',
              `${url.origin} sent a response that cannot be read: ` +
                `${error instanceof Error ? error.message : String(error)}`,
              { cause: error },
            ),
          );
        }
      });
    } catch (error) {
      // node:http refuses some values `Headers` lets through (control characters, e.g. from a header
      // built out of an endpoint's own data) by throwing here, before any connection is made.
      const code = (error as NodeJS.ErrnoException).code ?? 'invalid request';
      return fail(
        new GuardedFetchError(
          'BAD_URL',
          `refused to send a request to ${url.origin} that node:http rejects (${code})`,
          { cause: error },
        ),
      );
    }
    req = created;
    function respond(res: http.IncomingMessage): void {
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        for (const v of [value ?? []].flat()) responseHeaders.append(key, v);
      }
      const status = res.statusCode ?? 502;
      if (status < 200 || status > 599) {
        // Response cannot represent it (RangeError); thrown here it would be uncaught and stop the service.
        res.destroy();
        return fail(new GuardedFetchError('NETWORK', `${url.origin} answered with an invalid HTTP status ${status}`));
      }
      let received = 0;
      const bodyStream =
        NULL_BODY.has(status) || method === 'HEAD'
          ? null
          : new ReadableStream<Uint8Array>({
              start(controller) {
                stream = controller;
              },
              cancel() {
                cleanup();
                res.destroy();
              },
            });
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes)
          return fail(new GuardedFetchError('TOO_LARGE', `response from ${url.origin} exceeds ${maxBytes} bytes`));
        if (args.budget && !args.budget.take(chunk.length)) {
          return fail(
            new GuardedFetchError(
              'TOO_LARGE',
              `the responses of this assessment exceed ${args.budget.limit} bytes in total`,
            ),
          );
        }
        try {
          stream?.enqueue(new Uint8Array(chunk));
        } catch {
          /* reader cancelled */
        }
      });
      res.on('end', () => {
        cleanup();
        try {
          stream?.close();
        } catch {
          /* already errored */
        }
      });
      res.on('error', (error) =>
        fail(
          new GuardedFetchError('NETWORK', `connection to ${url.origin} failed while reading: ${error.message}`, {
            cause: error,
          }),
        ),
      );
      const response = new Response(bodyStream, {
        status,
        statusText: readableStatusText(res.statusMessage),
        headers: responseHeaders,
      });
      Object.defineProperty(response, 'url', { value: url.href });
      if (!bodyStream) res.resume();
      settled = true;
      resolve(response);
    }
    created.on('error', (error: NodeJS.ErrnoException) => {
      if (settled && !stream) return;
      if (!settled && created.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        return fail(new StaleConnectionError(error.code));
      }
      fail(
        error instanceof GuardedFetchError || error.name === 'AbortError'
          ? error
          : new GuardedFetchError('NETWORK', `could not reach ${url.origin}: ${error.code ?? error.message}`, {
              cause: error,
            }),
      );
    });
    created.end(args.body ?? undefined);
  });
}
