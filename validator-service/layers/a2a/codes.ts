/**
 * Message codes of the A2A / AP2 layer (A2A 0.2, 0.3 and 1.0 agent cards, and the hybrid 0.3 + 1.0
 * card of `@a2a-js/sdk`; AP2 and x402 extensions). The rendered table with every requirement:
 * docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const discovery = spec.a2a('§8.2 Discovery: well-known URI /.well-known/agent-card.json', '#82-discovery-strategies');
const card = spec.a2a('§4.4.1 AgentCard (required fields)', '#441-agentcard');
const interfaces = spec.a2a('§4.4.6 AgentInterface (url, protocolBinding, protocolVersion)', '#446-agentinterface');
const extensions = spec.a2a('§4.6 Extensions (A2A-Extensions header)', '#46-extensions');

export const a2aCodes = {
  'A2A-001': check('info', 'agent card found (where, version, casing)', discovery),
  'A2A-002': check('info', 'no agent card at any location tried', discovery),
  'A2A-003': check(
    'info',
    'the card is also served in another A2A version (A2A-Version: 1.0)',
    spec.a2a('§3.2.6 Versioning (A2A-Version header)', '#326-versioning'),
  ),
  'A2A-004': check('warning', 'a 0.3 / 1.0 card only at the old /.well-known/agent.json path', discovery),
  'A2A-005': check('error', 'a field this card version requires is missing', card),
  'A2A-006': check('error', 'a field has the wrong type', card),
  'A2A-007': check(
    'warning',
    'snake_case (proto) field names: JSON cards use lowerCamelCase',
    spec.a2a('§5.5 JSON field naming (ProtoJSON lowerCamelCase)', '#55-json-field-naming-convention'),
  ),
  'A2A-008': check(
    'error',
    'a skill misses id, name, description or tags',
    spec.a2a('§4.4.5 AgentSkill', '#445-agentskill'),
  ),
  'A2A-009': check('warning', 'the card lists no skills', spec.a2a('§4.4.5 AgentSkill', '#445-agentskill')),
  'A2A-010': check(
    'error',
    'an interface (supportedInterfaces, url, additionalInterfaces) is incomplete or not a URL',
    interfaces,
  ),
  'A2A-011': check('warning', 'unknown protocol binding / transport', interfaces),
  'A2A-012': check(
    'error',
    'a security scheme is malformed or a requirement names an undeclared scheme',
    spec.a2a('§4.5 Security Objects', '#45-security-objects'),
  ),
  'A2A-013': check(
    'warning',
    'provider without organization or url',
    spec.a2a('§4.4.2 AgentProvider', '#442-agentprovider'),
  ),
  'A2A-014': check(
    'warning',
    'a signature lacks protected or signature',
    spec.a2a('§4.4.7 AgentCardSignature', '#447-agentcardsignature'),
  ),
  'A2A-015': check('info', 'AP2 extension (version, roles, required)', spec.ap2('A2A extension (v0.1 params.roles)')),
  'A2A-016': check('warning', 'AP2 under a non-standard URI', spec.ap2('A2A extension URI')),
  'A2A-017': check(
    'error',
    'AP2 v0.1 without params.roles (required, at least one)',
    spec.ap2('A2A extension v0.1: params.roles minItems 1'),
  ),
  'A2A-018': check('warning', "AP2 role outside the spec's enum", spec.ap2('A2A extension v0.1: roles enum')),
  'A2A-019': check('info', 'A2A x402 extension', spec.a2aX402('Extension URI')),
  'A2A-020': check('warning', 'x402 extension under a non-standard URI', spec.a2aX402('Extension URI')),
  'A2A-021': check(
    'info',
    'extensions negotiated on a read-only call: the agent echoed the activated ones',
    extensions,
  ),
  'A2A-022': check('warning', 'the agent did not echo requested extensions in the extensions header', extensions),
  'A2A-023': check(
    'warning',
    'the JSON-RPC interface did not answer JSON-RPC (or refused the A2A version)',
    spec.a2a('§9 JSON-RPC binding', '#9-json-rpc-protocol-binding'),
  ),
  'A2A-024': check(
    'error',
    'an extension without uri',
    spec.a2a('§4.4.4 AgentExtension (uri required)', '#444-agentextension'),
  ),
  'A2A-025': check(
    'info',
    'not checked: the endpoint could not be reached',
    spec.validator('The A2A / AP2 layer', '#the-a2a--ap2-x402-and-erc-8004-layers'),
  ),
  'A2A-026': check(
    'warning',
    'the card mixes version forms inconsistently (0.3 root fields that no 0.3 interface backs, or 0.3 fields in a ' +
      '1.0 card)',
    spec.a2aSdk('toCompatAgentCard: 0.3 root fields derived from the interfaces with protocolVersion in [0.3, 1.0)'),
  ),
  'A2A-027': check(
    'info',
    'the JSON-RPC interface answered a read-only call',
    spec.a2a('§9 JSON-RPC binding', '#9-json-rpc-protocol-binding'),
  ),
  'A2A-028': check(
    'info',
    'hybrid card: 0.3 root fields and 1.0 supportedInterfaces that agree (as @a2a-js/sdk serves with legacyCompat)',
    spec.a2aSdk('agentCardHandler legacyCompat: hybrid card for clients without A2A-Version'),
    '0.2.0',
  ),
  'A2A-029': check('warning', 'a card location answers JSON that is not an object (e.g. an array)', card, '0.2.0'),
} as const satisfies Record<string, CodeEntry>;

export type A2aCode = keyof typeof a2aCodes;
