/**
 * Certificate and ALPN facts for a `https:` URL, read over a TLS handshake to the checked address.
 * Verification stays on: a certificate that fails it is reported as `authorized: false` with the
 * OpenSSL reason (`CERT_HAS_EXPIRED`, `DEPTH_ZERO_SELF_SIGNED_CERT`, …); its other fields are then
 * null, because reading them would need a connection that skips verification.
 */
import { isIP } from 'node:net';
import { connect, rootCertificates, type PeerCertificate, type TLSSocket } from 'node:tls';
import type { TlsInfo } from '../layers/layer.ts';
import { raceSignal } from '../layers/shared/deadline.ts';
import { GuardedFetchError } from './errors.ts';
import { resolveTarget, type TargetPolicy } from './resolve-target.ts';
import { bareHost, effectivePort } from './target-url.ts';

export interface TlsInfoOptions extends TargetPolicy {
  readonly timeoutMs?: number;
  readonly ca?: string | readonly string[];
  /** Clock for `daysUntilExpiry`, injectable for tests. */
  readonly now?: () => number;
}

const DAY_MS = 86_400_000;
const first = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));

/** Builds `LayerContext.tlsInfo`. Returns null for `http:` URLs. */
export function createTlsInfo(options: TlsInfoOptions): (url: URL) => Promise<TlsInfo | null> {
  const ca = options.ca === undefined ? undefined : [...rootCertificates, ...[options.ca].flat()];
  const now = options.now ?? Date.now;
  return async (url) => {
    if (url.protocol !== 'https:') return null;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const target = await raceSignal(resolveTarget(url, options), undefined, {
      ms: timeoutMs,
      error: () => new GuardedFetchError('TIMEOUT', `resolving ${url.host} took longer than ${timeoutMs} ms`),
    });
    const host = bareHost(url);
    return new Promise<TlsInfo>((resolve, reject) => {
      const socket: TLSSocket = connect({
        host: target.address,
        port: effectivePort(url),
        servername: isIP(host) ? '' : host,
        ALPNProtocols: ['h2', 'http/1.1'],
        ...(ca ? { ca } : {}),
      });
      socket.setTimeout(timeoutMs, () => {
        socket.destroy();
        reject(new GuardedFetchError('TIMEOUT', `TLS handshake with ${url.host} timed out`));
      });
      const describe = (authorizationError: string | null): TlsInfo => {
        const cert: PeerCertificate | null = (() => {
          try {
            const c = socket.getPeerCertificate();
            return c && Object.keys(c).length > 0 ? c : null;
          } catch {
            return null;
          }
        })();
        const validTo = cert?.valid_to ? new Date(cert.valid_to) : null;
        return {
          authorized: authorizationError === null,
          authorizationError,
          alpnProtocol: socket.alpnProtocol || null,
          protocol: socket.getProtocol() ?? null,
          issuer: first(cert?.issuer?.CN ?? cert?.issuer?.O),
          subject: first(cert?.subject?.CN),
          validTo: validTo ? validTo.toISOString() : null,
          daysUntilExpiry: validTo ? Math.floor((validTo.getTime() - now()) / DAY_MS) : null,
          address: target.address,
        };
      };
      socket.once('secureConnect', () => {
        const info = describe(socket.authorized ? null : String(socket.authorizationError ?? 'unauthorized'));
        socket.end();
        resolve(info);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? '';
        const isCertificateError = /CERT|SELF_SIGNED|UNABLE_TO|ALTNAME|LEAF_SIGNATURE/.test(code);
        if (isCertificateError) {
          const info = describe(code);
          socket.destroy();
          resolve(info);
        } else {
          socket.destroy();
          reject(
            new GuardedFetchError('NETWORK', `TLS connection to ${url.host} failed: ${code || error.message}`, {
              cause: error,
            }),
          );
        }
      });
    });
  };
}
