/**
 * The only way the validator reaches the network: a `fetch` look-alike over node:http(s) that checks
 * every hop's addresses (`resolveTarget`), connects to exactly the checked address, follows at most
 * `maxRedirects` redirects by hand, and caps response size and time.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
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
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Builds the guarded fetch. Its errors are `GuardedFetchError`s (or the abort reason). */
export function createGuardedFetch(options: GuardedFetchOptions): Fetch {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ca = options.ca === undefined ? undefined : [...rootCertificates, ...[options.ca].flat()];

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
      const target = await raceSignal(resolveTarget(url, options), signal,
        { ms: timeoutMs, error: () => new GuardedFetchError('TIMEOUT', `resolving ${host} took longer than ${timeoutMs} ms`) });
      const response = await send({ url, method, headers, body, target, signal, maxBytes, timeoutMs, ca });
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
  readonly ca: string[] | undefined;
}

/** One request to the already checked address; resolves once headers arrive, body streams after. */
function send(args: SendArgs): Promise<Response> {
  const { url, method, target, signal, maxBytes, timeoutMs } = args;
  const host = bareHost(url);
  const outgoing: Record<string, string> = { 'user-agent': 'toolkit-validator/0.1', accept: '*/*' };
  args.headers.forEach((value, key) => (outgoing[key] = value));
  outgoing['host'] = url.host;
  for (const hopByHop of ['accept-encoding', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'proxy-authorization', 'proxy-connection']) {
    delete outgoing[hopByHop];
  }
  if (args.body) outgoing['content-length'] = String(args.body.length);

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    const fail = (error: unknown) => {
      cleanup();
      req.destroy();
      if (!settled) { settled = true; reject(error); }
      else if (stream) { try { stream.error(error); } catch { /* already closed */ } }
    };
    const onAbort = () => fail(signal?.reason ?? new DOMException('aborted', 'AbortError'));
    const timer = setTimeout(() => fail(new GuardedFetchError('TIMEOUT', `no complete response from ${url.origin} within ${timeoutMs} ms`)), timeoutMs);
    const cleanup = () => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); };
    signal?.addEventListener('abort', onAbort, { once: true });

    const lookup = (_h: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
      opts.all ? cb(null, [{ address: target.address, family: target.family }]) : cb(null, target.address, target.family);
    const requestOptions: https.RequestOptions = {
      protocol: url.protocol,
      hostname: host,
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method,
      headers: outgoing,
      agent: false,
      lookup: lookup as never,
      ...(url.protocol === 'https:' ? { servername: isIP(host) ? '' : host, ...(args.ca ? { ca: args.ca } : {}) } : {}),
    };
    const req = (url.protocol === 'https:' ? https : http).request(requestOptions, (res) => {
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
      const bodyStream = NULL_BODY.has(status) || method === 'HEAD' ? null : new ReadableStream<Uint8Array>({
        start(controller) { stream = controller; },
        cancel() { cleanup(); res.destroy(); },
      });
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return fail(new GuardedFetchError('TOO_LARGE', `response from ${url.origin} exceeds ${maxBytes} bytes`));
        try { stream?.enqueue(new Uint8Array(chunk)); } catch { /* reader cancelled */ }
      });
      res.on('end', () => { cleanup(); try { stream?.close(); } catch { /* already errored */ } });
      res.on('error', (error) => fail(new GuardedFetchError('NETWORK', `connection to ${url.origin} failed while reading: ${error.message}`, { cause: error })));
      if (!bodyStream) res.resume();
      settled = true;
      const response = new Response(bodyStream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders });
      Object.defineProperty(response, 'url', { value: url.href });
      resolve(response);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (settled && !stream) return;
      fail(error instanceof GuardedFetchError || error.name === 'AbortError'
        ? error
        : new GuardedFetchError('NETWORK', `could not reach ${url.origin}: ${error.code ?? error.message}`, { cause: error }));
    });
    req.end(args.body ?? undefined);
  });
}
