/**
 * The documents the validator's checks rest on, and a helper to name a section of one. Every code in
 * the check registry points at one requirement: a document and a section (or requirement id), with a
 * link where the document has a stable public address.
 */

export interface SpecRef {
  /** The document, with its version where it has one, e.g. `MCP specification 2025-11-25`. */
  readonly document: string;
  /** The section or requirement id, e.g. `basic/transports § Security Warning`. */
  readonly section: string;
  /** A link to the section, or null when the document has no stable address. */
  readonly url: string | null;
}

type Section = (section: string, anchor?: string) => SpecRef;

const document =
  (name: string, base: string | null): Section =>
  (section, anchor = '') => ({ document: name, section, url: base === null ? null : `${base}${anchor}` });

const rfc = (number: number, title: string): Section => {
  const cite = document(`RFC ${number} (${title})`, `https://www.rfc-editor.org/rfc/rfc${number}`);
  return (section, anchor = '') =>
    cite(
      section,
      anchor || (/^§\s*[\d.]+/.test(section) ? `#section-${section.replace(/^§\s*([\d.]+).*$/, '$1')}` : ''),
    );
};

const MCP_2025 = 'https://modelcontextprotocol.io/specification/2025-11-25/';
const MCP_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28/';
const X402 = 'https://github.com/x402-foundation/x402/blob/main/specs/';

/** The documents, each a function of the section cited. */
export const spec = {
  rfc5280: rfc(5280, 'X.509 certificate profile'),
  rfc6750: rfc(6750, 'OAuth 2.0 Bearer Token Usage'),
  rfc7636: rfc(7636, 'PKCE'),
  rfc8414: rfc(8414, 'OAuth 2.0 Authorization Server Metadata'),
  rfc9110: rfc(9110, 'HTTP Semantics'),
  rfc9112: rfc(9112, 'HTTP/1.1'),
  rfc9113: rfc(9113, 'HTTP/2'),
  rfc9728: rfc(9728, 'OAuth 2.0 Protected Resource Metadata'),
  oidcDiscovery: document('OpenID Connect Discovery 1.0', 'https://openid.net/specs/openid-connect-discovery-1_0.html'),
  fetch: document('WHATWG Fetch Standard', 'https://fetch.spec.whatwg.org/'),
  html: document('WHATWG HTML Standard', 'https://html.spec.whatwg.org/multipage/'),
  mcp: (page: string, section: string, anchor = '') =>
    document('MCP specification 2025-11-25', MCP_2025)(`${page} § ${section}`, `${page}${anchor}`),
  mcpModern: (page: string, section: string, anchor = '') =>
    document('MCP specification 2026-07-28', MCP_2026)(`${page} § ${section}`, `${page}${anchor}`),
  mcpServerCard: document(
    'MCP server card (SEP-2127, draft)',
    'https://github.com/modelcontextprotocol/experimental-ext-server-card',
  ),
  mcpApps: document(
    'MCP Apps extension (SEP-1865) 2026-01-26',
    'https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx',
  ),
  a2a: document('A2A specification 1.0', 'https://a2a-protocol.org/v1.0.0/specification/'),
  a2a03: document('A2A specification 0.3', 'https://a2a-protocol.org/v0.3.0/specification/'),
  a2aSdk: document('@a2a-js/sdk 1.3.0 (agent card legacy compatibility)', 'https://github.com/a2aproject/a2a-js'),
  ap2: document('AP2 (Agent Payments Protocol) A2A extension', 'https://github.com/google-agentic-commerce/AP2'),
  a2aX402: document('A2A x402 extension v0.1', 'https://github.com/google-agentic-commerce/a2a-x402'),
  x402v1: document('x402 specification v1', `${X402}x402-specification-v1.md`),
  x402v2: document('x402 specification v2', `${X402}x402-specification-v2.md`),
  x402Mcp: document('x402 MCP transport (v2)', `${X402}transports-v2/mcp.md`),
  x402Scheme: (scheme: string) =>
    document(`x402 scheme "${scheme}" (EVM)`, `${X402}schemes/${scheme}/scheme_${scheme.replace(/-/g, '_')}_evm.md`),
  bazaar: document('x402 Bazaar discovery extension', `${X402}extensions/bazaar.md`),
  caip2: document('CAIP-2 (blockchain id)', 'https://github.com/ChainAgnostic/CAIPs/blob/main/CAIPs/caip-2.md'),
  eip55: document('EIP-55 (mixed-case checksum address)', 'https://eips.ethereum.org/EIPS/eip-55'),
  erc8004: document('ERC-8004 Trustless Agents', 'https://eips.ethereum.org/EIPS/eip-8004'),
  oasf: document('OASF (Open Agentic Schema Framework)', 'https://github.com/agntcy/oasf'),
  ucp: document(
    'UCP (Universal Commerce Protocol) v2026-04-08',
    'https://github.com/Universal-Commerce-Protocol/ucp/blob/main/source/',
  ),
  acp: document(
    'ACP (Agentic Commerce Protocol) 2026-04-17',
    'https://github.com/agentic-commerce-protocol/agentic-commerce-protocol/blob/main/',
  ),
  validator: document('toolkit validator', 'docs/validator-api.md'),
} as const;
