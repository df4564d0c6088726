/**
 * A plain (unguarded) fetch and TLS probe for the layer tests, built on node:http/https/tls so the
 * test CA can be passed as `ca`. Certificate verification always stays on: a certificate the CA
 * does not vouch for makes the probe report `authorized: false` with the verification code.
 * The SSRF-guarded versions belong to the service and are tested there.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import * as tls from 'node:tls';
import type { Fetch, Layer, LayerContext, LayerResult, TlsInfo } from '../../../validator-service/layers/layer.ts';

export interface ProbeOptions {
  /** PEM of a CA to trust in addition to the system store. */
  readonly ca?: string;
}

function bodyOf(init: RequestInit): string | Buffer | undefined {
  const { body } = init;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('plainFetch supports string and byte bodies only');
}

function once(url: URL, init: RequestInit, options: ProbeOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => { headers[key] = value; });
    const method = (init.method ?? 'GET').toUpperCase();
    const requestOptions: https.RequestOptions = { method, headers, signal: init.signal ?? undefined, agent: false };
    if (url.protocol === 'https:' && options.ca) requestOptions.ca = options.ca;
    const request = (url.protocol === 'https:' ? https : http).request(url, requestOptions, (res) => {
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (Array.isArray(value)) value.forEach((v) => responseHeaders.append(key, v));
        else if (value !== undefined) responseHeaders.set(key, value);
      }
      const status = res.statusCode ?? 0;
      const empty = method === 'HEAD' || status === 204 || status === 304;
      if (empty) res.resume();
      const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      const response = new Response(body, { status, statusText: res.statusMessage ?? '', headers: responseHeaders });
      Object.defineProperty(response, 'url', { value: url.href });
      resolve(response);
    });
    request.on('error', reject);
    const body = bodyOf(init);
    request.end(body);
  });
}

/** A fetch over node:http/https that trusts `options.ca`; follows redirects unless `redirect` says otherwise. */
export function plainFetch(options: ProbeOptions = {}): Fetch {
  return async (input, init = {}) => {
    let url = new URL(String(input instanceof URL ? input.href : input));
    let current = init;
    for (let hop = 0; ; hop += 1) {
      const response = await once(url, current, options);
      const location = response.headers.get('location');
      if (init.redirect === 'manual' || location === null || ![301, 302, 303, 307, 308].includes(response.status)) return response;
      if (init.redirect === 'error' || hop >= 10) throw new TypeError(`redirect refused at ${url.href}`);
      await response.body?.cancel();
      url = new URL(location, url);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === 'POST')) {
        current = { ...current, method: 'GET', body: null };
      }
    }
  };
}

/** Opens a verifying TLS connection with ALPN h2/http1.1 and reports what it learned. */
export function plainTlsInfo(options: ProbeOptions = {}): (url: URL) => Promise<TlsInfo | null> {
  return (url) => new Promise((resolve, reject) => {
    if (url.protocol !== 'https:') { resolve(null); return; }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      ALPNProtocols: ['h2', 'http/1.1'],
      ...(options.ca ? { ca: options.ca } : {}),
    });
    socket.setTimeout(5000, () => socket.destroy(Object.assign(new Error('TLS probe timed out'), { code: 'ETIMEDOUT' })));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const validTo = cert.valid_to ?? null;
      const expires = validTo ? Date.parse(validTo) : NaN;
      resolve({
        authorized: socket.authorized,
        authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
        alpnProtocol: socket.alpnProtocol || null,
        protocol: socket.getProtocol(),
        issuer: cert.issuer ? Object.entries(cert.issuer).map(([k, v]) => `${k}=${String(v)}`).join(', ') : null,
        subject: cert.subject ? Object.entries(cert.subject).map(([k, v]) => `${k}=${String(v)}`).join(', ') : null,
        validTo,
        daysUntilExpiry: Number.isNaN(expires) ? null : Math.floor((expires - Date.now()) / 86_400_000),
        address: socket.remoteAddress ?? host,
      });
      socket.end();
    });
    socket.once('error', (error: Error & { code?: string }) => {
      // Verification failures end the handshake; report them as facts, never by skipping the check.
      if (error.code && /CERT|SELF_SIGNED|UNABLE_TO|ALTNAME|HOSTNAME/.test(error.code)) {
        resolve({ authorized: false, authorizationError: error.code, alpnProtocol: null, protocol: null, issuer: null, subject: null, validTo: null, daysUntilExpiry: null, address: host });
      } else {
        reject(error);
      }
    });
  });
}

/** A LayerContext for `url` with the plain probes above. */
export function testContext(url: string | URL, options: ProbeOptions & { timeoutMs?: number; signal?: AbortSignal } = {}): LayerContext {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    url: new URL(url),
    fetch: plainFetch(options),
    signal: options.signal ?? AbortSignal.timeout(timeoutMs),
    timeoutMs,
    tlsInfo: plainTlsInfo(options),
    options: {},
  };
}

/** Runs a layer and adds its wall time, as the pipeline does. */
export async function runLayer(layer: Layer, ctx: LayerContext): Promise<LayerResult> {
  const started = performance.now();
  const result = await layer.run(ctx);
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

/** The codes of a result's messages, for compact assertions. */
export const codes = (result: Pick<LayerResult, 'messages'>) => result.messages.map((m) => m.code);
