/**
 * Message codes of the HTTP layer. HTTP-001…013 keep the numbering of the reference validator so
 * existing readers recognise them; later codes are ours. Severities are fixed here, not at call
 * sites. The rendered table with every requirement: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const certificates = spec.rfc9110('§4.3.4 https Certificate Verification');
const redirection = spec.rfc9110('§15.4 Redirection 3xx');
const cors = spec.fetch('§3.2 The CORS protocol', '#http-cors-protocol');
const http2 = spec.rfc9113('§3.2 Starting HTTP/2 for "https" URIs');
const failures = spec.rfc9112('§9.5 Failures and Timeouts');

export const httpCodes = {
  'HTTP-001': check('error', 'DNS lookup failed', spec.rfc9110('§4.3.2 http origin (host resolution)')),
  'HTTP-002': check('error', 'connection refused', spec.rfc9112('§9.1 Establishment')),
  'HTTP-003': check('error', 'request timed out', failures),
  'HTTP-004': check('warning', 'plain HTTP, no TLS', spec.rfc9110('§4.2.2 https URI Scheme')),
  'HTTP-005': check('error', 'certificate expired or not yet valid', certificates),
  'HTTP-006': check('error', 'certificate not trusted', certificates),
  'HTTP-007': check('info', 'redirects followed', redirection),
  'HTTP-008': check('warning', 'more than 5 redirects', redirection),
  'HTTP-009': check('info', 'serves a website (text/html)', spec.rfc9110('§8.3 Content-Type')),
  'HTTP-010': check('info', 'serves an API (not text/html)', spec.rfc9110('§8.3 Content-Type')),
  'HTTP-011': check('info', 'Server header present', spec.rfc9110('§10.2.4 Server')),
  'HTTP-012': check('info', 'CORS preflight allows browser MCP clients', cors),
  'HTTP-013': check('info', 'HTTP/2 negotiated (ALPN h2)', http2),
  'HTTP-014': check('error', 'request failed', failures),
  'HTTP-015': check('error', 'certificate does not match the host name', certificates),
  'HTTP-016': check('warning', 'certificate expires within 14 days', spec.rfc5280('§4.1.2.5 Validity')),
  'HTTP-017': check('error', 'redirect limit (10) exceeded', redirection),
  'HTTP-018': check('warning', 'a redirect downgrades HTTPS to HTTP', spec.rfc9110('§4.2.2 https URI Scheme')),
  'HTTP-019': check('info', 'no CORS: the preflight is not allowed', cors),
  'HTTP-020': check(
    'warning',
    'CORS preflight allowed but MCP request headers are not',
    spec.fetch('§3.2.3 Access-Control-Allow-Headers', '#http-access-control-allow-headers'),
  ),
  'HTTP-021': check(
    'warning',
    'Access-Control-Allow-Origin "*" combined with credentials',
    spec.fetch('§3.2.5 CORS protocol and credentials', '#cors-protocol-and-credentials'),
  ),
  'HTTP-022': check(
    'warning',
    'Mcp-Session-Id not exposed to browser clients',
    spec.mcp('basic/transports', 'Session Management', '#session-management'),
  ),
  'HTTP-023': check(
    'info',
    'a foreign Origin is rejected with 403',
    spec.mcp('basic/transports', 'Security Warning', '#security-warning'),
  ),
  'HTTP-024': check('info', 'HTTP/2 not applicable to http://', http2),
  'HTTP-025': check('info', 'HTTP/2 not negotiated (ALPN chose HTTP/1.1)', http2),
  'HTTP-026': check('warning', 'the server answered with a 5xx status', spec.rfc9110('§15.6 Server Error 5xx')),
  'HTTP-027': check('info', 'certificate facts (issuer, expiry)', spec.rfc5280('§4.1 Basic Certificate Fields')),
  'HTTP-028': check('error', 'TLS handshake failed', certificates),
  'HTTP-029': check('error', 'the address is not allowed (SSRF guard)', spec.validator('SSRF guard', '#ssrf-guard')),
} as const satisfies Record<string, CodeEntry>;

export type HttpCode = keyof typeof httpCodes;
