/**
 * Turns a failed fetch into a kind a person can act on (DNS, refused, timeout, TLS, blocked, other).
 * Errors from fetch implementations nest the system error in `cause`, so the whole chain is searched.
 */

export type NetworkFailureKind =
  | 'dns'
  | 'refused'
  | 'timeout'
  | 'tls-expired'
  | 'tls-untrusted'
  | 'tls-hostname'
  | 'tls'
  | 'reset'
  | 'blocked'
  | 'other';

export interface NetworkFailure {
  readonly kind: NetworkFailureKind;
  /** The system or library code found in the cause chain, e.g. `ECONNREFUSED`. */
  readonly code: string | null;
  /** A short description without stack traces. */
  readonly detail: string;
}

const untrustedCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
  'INVALID_CA',
  'CERT_REJECTED',
]);

/** Classifies a certificate verification code (as in `TlsInfo.authorizationError`). */
export function classifyCertificateError(code: string): NetworkFailureKind {
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return 'tls-expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'tls-hostname';
  if (untrustedCodes.has(code)) return 'tls-untrusted';
  return 'tls';
}

function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth += 1) {
    out.push(current);
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return out;
}

/** Finds the most specific known failure in the cause chain. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const links = chain(error);
  for (const link of links) {
    if (typeof link !== 'object' || link === null) continue;
    const { code, name, message } = link as { code?: unknown; name?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : String(link);
    if (typeof code === 'string') {
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME')
        return { kind: 'dns', code, detail: text };
      if (code === 'ECONNREFUSED') return { kind: 'refused', code, detail: text };
      if (
        code === 'TIMEOUT' ||
        code === 'ETIMEDOUT' ||
        code === 'UND_ERR_CONNECT_TIMEOUT' ||
        code === 'UND_ERR_HEADERS_TIMEOUT'
      )
        return { kind: 'timeout', code, detail: text };
      if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET')
        return { kind: 'reset', code, detail: text };
      if (code === 'SSRF_BLOCKED') return { kind: 'blocked', code, detail: text };
      if (code.startsWith('ERR_TLS') || code.includes('CERT') || untrustedCodes.has(code))
        return { kind: classifyCertificateError(code), code, detail: text };
    }
    if (name === 'TimeoutError' || name === 'AbortError')
      return { kind: 'timeout', code: typeof code === 'string' ? code : null, detail: text };
  }
  const first = links[0];
  const detail = first instanceof Error ? first.message : String(first);
  return { kind: 'other', code: null, detail };
}
