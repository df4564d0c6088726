/**
 * Message codes of the OAuth layer (MCP authorization 2025-11-25, RFC 9728, RFC 8414, OIDC discovery).
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | OAUTH-001 | info | the endpoint asks for a Bearer token (401/403 with a challenge) |
 * | OAUTH-002 | info | no OAuth: no challenge and no protected-resource metadata |
 * | OAUTH-003 | error | a Bearer challenge but no protected-resource metadata anywhere |
 * | OAUTH-004 | warning | the challenge has no `resource_metadata` parameter |
 * | OAUTH-005 | error | the metadata URL named in the challenge cannot be used |
 * | OAUTH-006 | info | protected-resource metadata found |
 * | OAUTH-007 | error | metadata `resource` missing or not this endpoint |
 * | OAUTH-008 | warning | metadata `resource` differs from the endpoint only by a trailing slash |
 * | OAUTH-009 | error | metadata has no `authorization_servers` |
 * | OAUTH-010 | error | no authorization-server metadata at any discovery URL |
 * | OAUTH-011 | info | authorization-server metadata found |
 * | OAUTH-012 | error | `issuer` differs from the authorization server's identifier |
 * | OAUTH-013 | error | a required metadata field is missing |
 * | OAUTH-014 | error | PKCE `S256` not advertised (MCP clients must refuse) |
 * | OAUTH-015 | info | Client ID Metadata Documents supported |
 * | OAUTH-016 | info | Dynamic Client Registration endpoint present |
 * | OAUTH-017 | warning | no registration mechanism: clients need pre-registration |
 * | OAUTH-018 | warning | issuer or endpoint not on HTTPS |
 * | OAUTH-019 | info | scopes advertised |
 * | OAUTH-020 | info | not checked: the endpoint could not be reached |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const oauthCodes = {
  'OAUTH-001': { severity: 'info', meaning: 'Bearer token required' },
  'OAUTH-002': { severity: 'info', meaning: 'no OAuth' },
  'OAUTH-003': { severity: 'error', meaning: 'challenge without protected-resource metadata' },
  'OAUTH-004': { severity: 'warning', meaning: 'challenge without resource_metadata' },
  'OAUTH-005': { severity: 'error', meaning: 'resource_metadata URL unusable' },
  'OAUTH-006': { severity: 'info', meaning: 'protected-resource metadata found' },
  'OAUTH-007': { severity: 'error', meaning: 'resource mismatch' },
  'OAUTH-008': { severity: 'warning', meaning: 'resource differs by trailing slash' },
  'OAUTH-009': { severity: 'error', meaning: 'no authorization_servers' },
  'OAUTH-010': { severity: 'error', meaning: 'authorization-server metadata not found' },
  'OAUTH-011': { severity: 'info', meaning: 'authorization-server metadata found' },
  'OAUTH-012': { severity: 'error', meaning: 'issuer mismatch' },
  'OAUTH-013': { severity: 'error', meaning: 'required metadata field missing' },
  'OAUTH-014': { severity: 'error', meaning: 'PKCE S256 not supported' },
  'OAUTH-015': { severity: 'info', meaning: 'CIMD supported' },
  'OAUTH-016': { severity: 'info', meaning: 'dynamic registration' },
  'OAUTH-017': { severity: 'warning', meaning: 'no registration mechanism' },
  'OAUTH-018': { severity: 'warning', meaning: 'not HTTPS' },
  'OAUTH-019': { severity: 'info', meaning: 'scopes advertised' },
  'OAUTH-020': { severity: 'info', meaning: 'not checked: unreachable' },
} as const satisfies Record<string, CodeEntry>;

export type OauthCode = keyof typeof oauthCodes;
