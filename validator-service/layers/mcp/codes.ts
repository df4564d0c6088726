/**
 * Message codes of the MCP layer. The rendered table with every requirement:
 * docs/validator-checks.md. What counts as MCP evidence at all: `evidence.ts`. MCP-007 (an unknown
 * negotiated version) is retired: the SDK client refuses such a handshake (MCP-004). Numbers are
 * never reused.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const initialization = spec.mcp('basic/lifecycle', 'Initialization', '#initialization');
const versions = spec.mcp('basic/lifecycle', 'Version Negotiation', '#version-negotiation');
const toolNames = spec.mcp('server/tools', 'Tool Names', '#tool-names');
const serverCard = spec.mcpServerCard('docs/discovery.md (card locations and fields)', '/blob/main/docs/discovery.md');
const cardConsistency = spec.mcpServerCard(
  'docs/discovery.md § Consistency with Runtime Behavior: the card SHOULD NOT contradict what a client observes',
  '/blob/main/docs/discovery.md#consistency-with-runtime-behavior',
);
const origin = spec.mcp(
  'basic/transports',
  'Security Warning: servers MUST validate Origin and answer an invalid one with 403',
  '#security-warning',
);
const modernHeaders = spec.mcpModern(
  'basic/transports',
  'MCP-Protocol-Version, Mcp-Method and Mcp-Name headers; error codes -32020/-32022',
  '#streamable-http',
);

export const mcpCodes = {
  'MCP-001': check('info', 'MCP server detected (initialize result of the MCP shape)', initialization),
  'MCP-002': check('info', 'not an MCP endpoint (no MCP-shaped answer)', initialization),
  'MCP-003': check(
    'info',
    'MCP endpoint requiring authorization (challenge names resource_metadata)',
    spec.mcp(
      'basic/authorization',
      'Protected Resource Metadata Discovery Requirements',
      '#protected-resource-metadata-discovery-requirements',
    ),
  ),
  'MCP-004': check('error', 'the endpoint answers initialize like MCP but the handshake failed', initialization),
  'MCP-005': check(
    'warning',
    'legacy HTTP+SSE transport (deprecated since 2025-03-26)',
    spec.mcp('basic/transports', 'Backwards Compatibility', '#backwards-compatibility'),
  ),
  'MCP-006': check('info', 'negotiated an older protocol version than the latest', versions),
  'MCP-008': check(
    'error',
    'tools/list failed although the tools capability is declared',
    spec.mcp('server/tools', 'Listing Tools', '#listing-tools'),
  ),
  'MCP-009': check(
    'error',
    'a page of tools/list is not a valid result',
    spec.mcp('server/tools', 'Data Types: Tool', '#tool'),
  ),
  'MCP-010': check(
    'error',
    'resources/list failed although the resources capability is declared',
    spec.mcp('server/resources', 'Listing Resources', '#listing-resources'),
  ),
  'MCP-011': check(
    'error',
    'prompts/list failed although the prompts capability is declared',
    spec.mcp('server/prompts', 'Listing Prompts', '#listing-prompts'),
  ),
  'MCP-012': check(
    'warning',
    'pagination stopped: repeated cursor or page limit',
    spec.mcp('server/utilities/pagination', 'Pagination Model', '#pagination-model'),
  ),
  'MCP-013': check('warning', 'tool name outside the naming guidance', toolNames),
  'MCP-014': check('error', 'duplicate tool names', toolNames),
  'MCP-015': check(
    'warning',
    'tool without description',
    spec.mcp('server/tools', 'Data Types: Tool (description)', '#tool'),
  ),
  'MCP-016': check('info', 'server name and version', initialization),
  'MCP-017': check('info', 'server instructions provided', initialization),
  'MCP-018': check(
    'warning',
    'resources/templates/list failed',
    spec.mcp('server/resources', 'Resource Templates', '#resource-templates'),
  ),
  'MCP-019': check(
    'info',
    'not checked: the endpoint could not be reached',
    spec.validator('The MCP layer', '#the-mcp-layer'),
  ),
  'MCP-020': check(
    'info',
    'list skipped: capability not declared',
    spec.mcp('basic/lifecycle', 'Capability Negotiation', '#capability-negotiation'),
  ),
  'MCP-021': check(
    'info',
    'list counts (tools, resources, templates, prompts)',
    spec.mcp('server/tools', 'Listing Tools', '#listing-tools'),
  ),
  'MCP-022': check('info', 'server card found (which convention)', serverCard),
  'MCP-023': check('warning', 'server card lacks required fields', serverCard),
  'MCP-024': check('info', 'no server card at the known locations', serverCard),
  'MCP-025': check(
    'info',
    'stateless 2026-07-28 server (server/discover)',
    spec.mcpModern('basic/lifecycle', 'server/discover', '#discovery'),
  ),
  'MCP-026': check(
    'warning',
    'stateless results lack resultType, ttlMs/cacheScope or server info',
    spec.mcpModern('basic', 'Results: resultType, ttlMs, cacheScope, _meta serverInfo', '#results'),
  ),
  'MCP-027': check('info', 'the server card does not list this endpoint in remotes', serverCard),
  'MCP-028': check('warning', 'a 2026-07-28 requirement missed (headers, error codes, server/discover)', modernHeaders),
  'MCP-029': check(
    'info',
    'which protocol eras the endpoint speaks',
    spec.mcpModern('basic/lifecycle', 'Backwards compatibility with initialize', '#backwards-compatibility'),
  ),
  'MCP-030': check(
    'error',
    'a request with a foreign Origin is accepted (DNS-rebinding protection missing)',
    origin,
    '0.2.0',
  ),
  'MCP-031': check('info', 'a request with a foreign Origin is refused with 403', origin, '0.2.0'),
  'MCP-032': check('warning', 'a request with a foreign Origin is refused, but not with 403', origin, '0.2.0'),
  'MCP-033': check(
    'warning',
    'the server card names another server than serverInfo (name or title)',
    cardConsistency,
    '0.2.0',
  ),
  'MCP-034': check('warning', 'the server card version differs from serverInfo.version', cardConsistency, '0.2.0'),
  'MCP-035': check(
    'warning',
    'the server card protocol versions differ from those the server speaks',
    cardConsistency,
    '0.2.0',
  ),
  'MCP-036': check(
    'warning',
    'a card remote naming this endpoint has another transport type than the one that served it',
    cardConsistency,
    '0.2.0',
  ),
  'MCP-037': check(
    'warning',
    'the server card capabilities differ from those the server declares',
    cardConsistency,
    '0.2.0',
  ),
  'MCP-038': check(
    'warning',
    'the server card lists tools, resources or prompts other than the server lists',
    cardConsistency,
    '0.2.0',
  ),
} as const satisfies Record<string, CodeEntry>;

export type McpCode = keyof typeof mcpCodes;
