/**
 * Message codes of the A2A / AP2 layer (A2A 0.2, 0.3 and 1.0 agent cards; AP2 and x402 extensions).
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | A2A-001 | info | agent card found (where, version, casing) |
 * | A2A-002 | info | no agent card at any location tried |
 * | A2A-003 | info | the card is also served in another A2A version (`A2A-Version: 1.0`) |
 * | A2A-004 | warning | a 0.3 / 1.0 card only at the old `/.well-known/agent.json` path |
 * | A2A-005 | error | a field this card version requires is missing |
 * | A2A-006 | error | a field has the wrong type |
 * | A2A-007 | warning | snake_case (proto) field names: ProtoJSON / JSON cards use lowerCamelCase |
 * | A2A-008 | error | a skill misses `id`, `name`, `description` or `tags` |
 * | A2A-009 | warning | the card lists no skills |
 * | A2A-010 | error | an interface (`supportedInterfaces`, `url`, `additionalInterfaces`) is incomplete or not a URL |
 * | A2A-011 | warning | unknown protocol binding / transport |
 * | A2A-012 | error | a security scheme is malformed or a requirement names an undeclared scheme |
 * | A2A-013 | warning | `provider` without `organization` or `url` |
 * | A2A-014 | warning | a signature lacks `protected` or `signature` |
 * | A2A-015 | info | AP2 extension (version, roles, required) |
 * | A2A-016 | warning | AP2 under a non-standard URI |
 * | A2A-017 | error | AP2 v0.1 without `params.roles` (required, at least one) |
 * | A2A-018 | warning | AP2 role outside the spec's enum |
 * | A2A-019 | info | A2A x402 extension |
 * | A2A-020 | warning | x402 extension under a non-standard URI |
 * | A2A-021 | info | extensions negotiated on a read-only A2A call: the agent echoed the activated ones |
 * | A2A-022 | warning | the agent did not echo requested extensions in the extensions header |
 * | A2A-023 | warning | the JSON-RPC interface did not answer JSON-RPC (or refused the A2A version) |
 * | A2A-024 | error | an extension without `uri` |
 * | A2A-025 | info | not checked: the endpoint could not be reached |
 * | A2A-026 | warning | the card mixes version forms (e.g. top-level `protocolVersion` in a 1.0 card) |
 * | A2A-027 | info | the JSON-RPC interface answered a read-only call |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const a2aCodes = {
  'A2A-001': { severity: 'info', meaning: 'agent card found' },
  'A2A-002': { severity: 'info', meaning: 'no agent card' },
  'A2A-003': { severity: 'info', meaning: 'card served in another version too' },
  'A2A-004': { severity: 'warning', meaning: 'only at the old agent.json path' },
  'A2A-005': { severity: 'error', meaning: 'required field missing' },
  'A2A-006': { severity: 'error', meaning: 'wrong type' },
  'A2A-007': { severity: 'warning', meaning: 'snake_case field names' },
  'A2A-008': { severity: 'error', meaning: 'skill incomplete' },
  'A2A-009': { severity: 'warning', meaning: 'no skills' },
  'A2A-010': { severity: 'error', meaning: 'interface incomplete' },
  'A2A-011': { severity: 'warning', meaning: 'unknown binding' },
  'A2A-012': { severity: 'error', meaning: 'security scheme invalid' },
  'A2A-013': { severity: 'warning', meaning: 'provider incomplete' },
  'A2A-014': { severity: 'warning', meaning: 'signature incomplete' },
  'A2A-015': { severity: 'info', meaning: 'AP2 extension' },
  'A2A-016': { severity: 'warning', meaning: 'non-standard AP2 URI' },
  'A2A-017': { severity: 'error', meaning: 'AP2 roles missing' },
  'A2A-018': { severity: 'warning', meaning: 'non-standard AP2 role' },
  'A2A-019': { severity: 'info', meaning: 'x402 extension' },
  'A2A-020': { severity: 'warning', meaning: 'non-standard x402 extension URI' },
  'A2A-021': { severity: 'info', meaning: 'extensions negotiated' },
  'A2A-022': { severity: 'warning', meaning: 'extensions not echoed' },
  'A2A-023': { severity: 'warning', meaning: 'JSON-RPC interface not answering' },
  'A2A-024': { severity: 'error', meaning: 'extension without uri' },
  'A2A-025': { severity: 'info', meaning: 'not checked: unreachable' },
  'A2A-026': { severity: 'warning', meaning: 'mixed version forms' },
  'A2A-027': { severity: 'info', meaning: 'JSON-RPC interface answered' },
} as const satisfies Record<string, CodeEntry>;

export type A2aCode = keyof typeof a2aCodes;
