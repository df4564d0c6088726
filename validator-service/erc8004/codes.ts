/**
 * Message codes of the ERC-8004 lookup and layer. The rendered table with every requirement:
 * docs/validator-checks.md.
 */
import { spec } from '../checks/spec-refs.ts';
import { check, type CodeEntry } from '../layers/shared/findings.ts';

const file = (section: string) => spec.erc8004(`Registration file: ${section}`);
const reputation = spec.erc8004('Reputation Registry: getClients, getSummary');
const domain = spec.erc8004('Endpoint domain verification (/.well-known/agent-registration.json)');

export const ercCodes = {
  'ERC-001': check(
    'info',
    'agent found on chain: owner, agent URI kind',
    spec.erc8004('Identity Registry: ownerOf, tokenURI (agentURI)'),
  ),
  'ERC-002': check(
    'error',
    'the registration file could not be retrieved or decoded',
    spec.erc8004('Identity Registry: agentURI resolves to the registration file'),
  ),
  'ERC-003': check('error', 'the registration file is not a JSON object', file('JSON object')),
  'ERC-004': check('warning', 'type missing or not the registration-v1 type', file('type')),
  'ERC-005': check('warning', 'name or description missing (SHOULD)', file('name, description, image')),
  'ERC-006': check('warning', 'legacy endpoints instead of services (renamed 2026-01-24)', file('services')),
  'ERC-007': check('error', 'a service without name or endpoint', file('services[].name, endpoint')),
  'ERC-008': check('warning', 'a known service name in the wrong case (e.g. mcp for MCP)', file('services[].name')),
  'ERC-009': check('info', 'a service without version', file('services[].version (SHOULD)')),
  'ERC-010': check('warning', 'no registrations (agents SHOULD list at least one)', file('registrations')),
  'ERC-011': check(
    'error',
    'a registration without agentId / agentRegistry, or not CAIP-10',
    file('registrations[].agentId, agentRegistry'),
  ),
  'ERC-012': check('warning', 'no registration entry names this agent: not verified on chain', file('registrations')),
  'ERC-013': check('info', "the file's registrations name this agent: verified on chain", file('registrations')),
  'ERC-014': check(
    'warning',
    'non-standard spellings (x402support, supportedTrusts, top-level oasf_skills …)',
    file('field names'),
  ),
  'ERC-015': check('warning', 'unknown supportedTrust value', file('supportedTrust')),
  'ERC-016': check(
    'error',
    'x402Support / active not a boolean, services / registrations not arrays',
    file('field types'),
  ),
  'ERC-017': check('info', 'OASF classification (skills, domains)', spec.oasf('skills and domains taxonomy')),
  'ERC-018': check('info', 'reputation: clients, feedback count, average value', reputation),
  'ERC-019': check('info', 'no feedback yet', reputation),
  'ERC-020': check('warning', 'the reputation registry could not be read', reputation),
  'ERC-021': check('info', "an endpoint's domain is verified by its /.well-known/agent-registration.json", domain),
  'ERC-022': check('warning', "an endpoint's domain is not verified (file missing or not naming this agent)", domain),
  'ERC-023': check(
    'warning',
    'agent URI over plain http',
    spec.erc8004('Identity Registry: agentURI (https, ipfs, data)'),
  ),
  'ERC-024': check('info', 'the assessed endpoint publishes /.well-known/agent-registration.json', domain),
  'ERC-025': check('info', 'no ERC-8004 registration found for the endpoint', domain),
  'ERC-026': check('error', 'the on-chain registration does not list the assessed endpoint', domain),
  'ERC-027': check(
    'error',
    "the on-chain lookup for the endpoint's registration failed",
    spec.erc8004('Identity Registry'),
  ),
  'ERC-028': check('warning', 'the registration says the agent is not active', file('active')),
  'ERC-029': check('error', "the endpoint's well-known registration file is malformed", domain),
} as const satisfies Record<string, CodeEntry>;

export type ErcCode = keyof typeof ercCodes;
