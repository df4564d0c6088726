/**
 * Maps a network failure or a certificate verification error to the HTTP layer's codes, so the
 * fetch path and the TLS probe report the same problem with the same code.
 */
import type { Findings } from '../shared/findings.ts';
import { classifyCertificateError, type NetworkFailure, type NetworkFailureKind } from '../shared/network-error.ts';
import type { HttpCode } from './codes.ts';

const codeByKind: Record<NetworkFailureKind, HttpCode> = {
  dns: 'HTTP-001',
  refused: 'HTTP-002',
  timeout: 'HTTP-003',
  'tls-expired': 'HTTP-005',
  'tls-untrusted': 'HTTP-006',
  'tls-hostname': 'HTTP-015',
  tls: 'HTTP-028',
  reset: 'HTTP-014',
  blocked: 'HTTP-029',
  other: 'HTTP-014',
};

const sentence: Record<NetworkFailureKind, string> = {
  dns: 'The host name could not be resolved',
  refused: 'The connection was refused: nothing listens on that port',
  timeout: 'The server did not answer in time',
  'tls-expired': 'The TLS certificate is expired or not yet valid',
  'tls-untrusted': 'The TLS certificate is not trusted (self-signed or unknown issuer)',
  'tls-hostname': 'The TLS certificate does not match the host name',
  tls: 'The TLS handshake failed',
  reset: 'The connection was closed by the server',
  blocked: 'The address is not allowed for validation',
  other: 'The request failed',
};

/** Records the failure of a request to `location`. */
export function addNetworkFailure(findings: Findings<HttpCode>, failure: NetworkFailure, location: string): void {
  const suffix = failure.code ? ` (${failure.code})` : '';
  findings.add(codeByKind[failure.kind], `${sentence[failure.kind]}${suffix}.`, location);
}

/** Records a certificate the TLS probe could not verify; returns the code used. */
export function addCertificateError(
  findings: Findings<HttpCode>,
  authorizationError: string,
  location: string,
): HttpCode {
  const kind = classifyCertificateError(authorizationError);
  const code = codeByKind[kind];
  if (!findings.has(code)) findings.add(code, `${sentence[kind]} (${authorizationError}).`, location);
  return code;
}
