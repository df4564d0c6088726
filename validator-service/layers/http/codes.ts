/**
 * Message codes of the HTTP layer. HTTP-001…013 keep the numbering of the reference validator so
 * existing readers recognise them; later codes are ours. Severities are fixed here, not at call sites.
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | HTTP-001 | error | DNS lookup failed |
 * | HTTP-002 | error | connection refused |
 * | HTTP-003 | error | request timed out |
 * | HTTP-004 | warning | plain HTTP, no TLS |
 * | HTTP-005 | error | certificate expired or not yet valid |
 * | HTTP-006 | error | certificate not trusted (self-signed or unknown issuer) |
 * | HTTP-007 | info | redirects followed (chain in `raw.redirectChain`) |
 * | HTTP-008 | warning | more than 5 redirects |
 * | HTTP-009 | info | the URL serves a website (text/html) |
 * | HTTP-010 | info | the URL serves an API (not text/html) |
 * | HTTP-011 | info | `Server` header present |
 * | HTTP-012 | info | CORS preflight allows browser MCP clients |
 * | HTTP-013 | info | HTTP/2 negotiated via ALPN |
 * | HTTP-014 | error | request failed for another reason |
 * | HTTP-015 | error | certificate does not match the host name |
 * | HTTP-016 | warning | certificate expires within 14 days |
 * | HTTP-017 | error | redirect limit (10) exceeded |
 * | HTTP-018 | warning | a redirect downgrades HTTPS to HTTP |
 * | HTTP-019 | info | no CORS: the preflight is not allowed |
 * | HTTP-020 | warning | CORS preflight allowed but MCP request headers are not |
 * | HTTP-021 | warning | `Access-Control-Allow-Origin: *` combined with credentials |
 * | HTTP-022 | warning | `Mcp-Session-Id` is not exposed to browser clients |
 * | HTTP-023 | info | a foreign `Origin` is rejected with 403 (DNS-rebinding protection) |
 * | HTTP-024 | info | HTTP/2 not applicable to `http://` |
 * | HTTP-025 | info | HTTP/2 not negotiated (ALPN chose HTTP/1.1) |
 * | HTTP-026 | warning | the server answered with a 5xx status |
 * | HTTP-027 | info | certificate facts (issuer, expiry) |
 * | HTTP-028 | error | TLS handshake failed for another reason |
 * | HTTP-029 | error | the address is not allowed (refused by the SSRF guard) |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const httpCodes = {
  'HTTP-001': { severity: 'error', meaning: 'DNS lookup failed' },
  'HTTP-002': { severity: 'error', meaning: 'connection refused' },
  'HTTP-003': { severity: 'error', meaning: 'request timed out' },
  'HTTP-004': { severity: 'warning', meaning: 'plain HTTP, no TLS' },
  'HTTP-005': { severity: 'error', meaning: 'certificate expired or not yet valid' },
  'HTTP-006': { severity: 'error', meaning: 'certificate not trusted' },
  'HTTP-007': { severity: 'info', meaning: 'redirects followed' },
  'HTTP-008': { severity: 'warning', meaning: 'more than 5 redirects' },
  'HTTP-009': { severity: 'info', meaning: 'serves a website' },
  'HTTP-010': { severity: 'info', meaning: 'serves an API' },
  'HTTP-011': { severity: 'info', meaning: 'Server header present' },
  'HTTP-012': { severity: 'info', meaning: 'CORS preflight allows browser MCP clients' },
  'HTTP-013': { severity: 'info', meaning: 'HTTP/2 negotiated' },
  'HTTP-014': { severity: 'error', meaning: 'request failed' },
  'HTTP-015': { severity: 'error', meaning: 'certificate host name mismatch' },
  'HTTP-016': { severity: 'warning', meaning: 'certificate expires soon' },
  'HTTP-017': { severity: 'error', meaning: 'redirect limit exceeded' },
  'HTTP-018': { severity: 'warning', meaning: 'redirect downgrades HTTPS to HTTP' },
  'HTTP-019': { severity: 'info', meaning: 'no CORS' },
  'HTTP-020': { severity: 'warning', meaning: 'CORS preflight misses MCP headers' },
  'HTTP-021': { severity: 'warning', meaning: 'wildcard origin with credentials' },
  'HTTP-022': { severity: 'warning', meaning: 'Mcp-Session-Id not exposed' },
  'HTTP-023': { severity: 'info', meaning: 'foreign Origin rejected' },
  'HTTP-024': { severity: 'info', meaning: 'HTTP/2 not applicable' },
  'HTTP-025': { severity: 'info', meaning: 'HTTP/2 not negotiated' },
  'HTTP-026': { severity: 'warning', meaning: 'server error status' },
  'HTTP-027': { severity: 'info', meaning: 'certificate facts' },
  'HTTP-028': { severity: 'error', meaning: 'TLS handshake failed' },
  'HTTP-029': { severity: 'error', meaning: 'address not allowed' },
} as const satisfies Record<string, CodeEntry>;

export type HttpCode = keyof typeof httpCodes;
