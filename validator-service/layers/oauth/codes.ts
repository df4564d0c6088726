/**
 * Message codes of the OAuth layer (MCP authorization 2025-11-25, RFC 9728, RFC 8414, OIDC
 * discovery). The rendered table with every requirement: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const prmDiscovery = spec.mcp(
  'basic/authorization',
  'Protected Resource Metadata Discovery Requirements',
  '#protected-resource-metadata-discovery-requirements',
);
const asDiscovery = spec.mcp(
  'basic/authorization',
  'Authorization Server Metadata Discovery',
  '#authorization-server-metadata-discovery',
);
const registration = spec.mcp(
  'basic/authorization',
  'Client Registration Approaches',
  '#client-registration-approaches',
);

export const oauthCodes = {
  'OAUTH-001': check(
    'info',
    'the endpoint asks for a Bearer token (401/403 with a challenge)',
    spec.rfc6750('§3 The WWW-Authenticate Response Header Field'),
  ),
  'OAUTH-002': check('info', 'no OAuth: no challenge and no protected-resource metadata', prmDiscovery),
  'OAUTH-003': check(
    'error',
    'the challenge names resource_metadata but no protected-resource metadata can be read anywhere',
    prmDiscovery,
  ),
  'OAUTH-004': check(
    'warning',
    'the challenge has no resource_metadata parameter',
    spec.rfc9728('§5.1 WWW-Authenticate Response'),
  ),
  'OAUTH-005': check(
    'error',
    'the metadata URL named in the challenge cannot be used',
    spec.rfc9728('§5.1 WWW-Authenticate Response'),
  ),
  'OAUTH-006': check(
    'info',
    'protected-resource metadata found',
    spec.rfc9728('§3 Obtaining Protected Resource Metadata'),
  ),
  'OAUTH-007': check(
    'error',
    'metadata resource missing or not this endpoint',
    spec.rfc9728('§3.3 Protected Resource Metadata Validation'),
  ),
  'OAUTH-008': check(
    'warning',
    'metadata resource differs from the endpoint only by a trailing slash',
    spec.rfc9728('§3.3 Protected Resource Metadata Validation'),
  ),
  'OAUTH-009': check(
    'error',
    'metadata has no authorization_servers',
    spec.mcp('basic/authorization', 'Authorization Server Location', '#authorization-server-location'),
  ),
  'OAUTH-010': check('error', 'no authorization-server metadata at any discovery URL', asDiscovery),
  'OAUTH-011': check(
    'info',
    'authorization-server metadata found',
    spec.rfc8414('§3 Obtaining Authorization Server Metadata'),
  ),
  'OAUTH-012': check(
    'error',
    "issuer differs from the authorization server's identifier",
    spec.rfc8414('§3.3 Authorization Server Metadata Validation'),
  ),
  'OAUTH-013': check('error', 'a required metadata field is missing', spec.rfc8414('§2 Authorization Server Metadata')),
  'OAUTH-014': check(
    'error',
    'PKCE S256 not advertised (MCP clients must refuse)',
    spec.mcp('basic/authorization', 'Authorization Code Protection', '#authorization-code-protection'),
  ),
  'OAUTH-015': check('info', 'Client ID Metadata Documents supported', registration),
  'OAUTH-016': check('info', 'Dynamic Client Registration endpoint present', registration),
  'OAUTH-017': check('warning', 'no registration mechanism: clients need pre-registration', registration),
  'OAUTH-018': check(
    'warning',
    'issuer or endpoint not on HTTPS',
    spec.mcp('basic/authorization', 'Communication Security', '#communication-security'),
  ),
  'OAUTH-019': check(
    'info',
    'scopes advertised',
    spec.mcp('basic/authorization', 'Scope Selection Strategy', '#scope-selection-strategy'),
  ),
  'OAUTH-020': check(
    'info',
    'not checked: the endpoint could not be reached',
    spec.validator('The OAuth layer', '#the-mcp-layer'),
  ),
  'OAUTH-021': check(
    'info',
    'a Bearer challenge naming no protected-resource metadata: a token-protected API, not MCP authorization',
    prmDiscovery,
    '0.2.0',
  ),
} as const satisfies Record<string, CodeEntry>;

export type OauthCode = keyof typeof oauthCodes;
