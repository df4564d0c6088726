/**
 * Message codes of the ERC-8004 lookup and layer.
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | ERC-001 | info | agent found on chain: owner, agent URI kind |
 * | ERC-002 | error | the registration file could not be retrieved or decoded |
 * | ERC-003 | error | the registration file is not a JSON object |
 * | ERC-004 | warning | `type` missing or not the registration-v1 type |
 * | ERC-005 | warning | `name` or `description` missing (SHOULD) |
 * | ERC-006 | warning | legacy `endpoints` instead of `services` (renamed 2026-01-24) |
 * | ERC-007 | error | a service without `name` or `endpoint` |
 * | ERC-008 | warning | a known service name in the wrong case (e.g. `mcp` for `MCP`) |
 * | ERC-009 | info | a service without `version` |
 * | ERC-010 | warning | no `registrations` (agents SHOULD list at least one) |
 * | ERC-011 | error | a registration without `agentId` / `agentRegistry`, or not CAIP-10 `eip155:<chain>:<address>` |
 * | ERC-012 | warning | no registration entry names this agent (chain, registry, id): not verified on chain |
 * | ERC-013 | info | the file's registrations name this agent: verified on chain |
 * | ERC-014 | warning | non-standard spellings (`x402support`, `supportedTrusts`, top-level `oasf_skills` …) |
 * | ERC-015 | warning | unknown `supportedTrust` value |
 * | ERC-016 | error | `x402Support` / `active` not a boolean, `services` / `registrations` not arrays |
 * | ERC-017 | info | OASF classification (skills, domains) |
 * | ERC-018 | info | reputation: clients, feedback count, average value |
 * | ERC-019 | info | no feedback yet |
 * | ERC-020 | warning | the reputation registry could not be read |
 * | ERC-021 | info | an endpoint's domain is verified by its `/.well-known/agent-registration.json` |
 * | ERC-022 | warning | an endpoint's domain is not verified (file missing or not naming this agent) |
 * | ERC-023 | warning | agent URI over plain http |
 * | ERC-024 | info | the assessed endpoint publishes `/.well-known/agent-registration.json` |
 * | ERC-025 | info | no ERC-8004 registration found for the endpoint |
 * | ERC-026 | error | the on-chain registration does not list the assessed endpoint |
 * | ERC-027 | error | the on-chain lookup for the endpoint's registration failed |
 * | ERC-028 | warning | the registration says the agent is not active |
 * | ERC-029 | error | the endpoint's well-known registration file is malformed |
 */
import type { CodeEntry } from '../layers/shared/findings.ts';

export const ercCodes = {
  'ERC-001': { severity: 'info', meaning: 'agent found' },
  'ERC-002': { severity: 'error', meaning: 'registration file unavailable' },
  'ERC-003': { severity: 'error', meaning: 'registration file not an object' },
  'ERC-004': { severity: 'warning', meaning: 'type missing or unexpected' },
  'ERC-005': { severity: 'warning', meaning: 'name or description missing' },
  'ERC-006': { severity: 'warning', meaning: 'legacy endpoints field' },
  'ERC-007': { severity: 'error', meaning: 'service incomplete' },
  'ERC-008': { severity: 'warning', meaning: 'service name case' },
  'ERC-009': { severity: 'info', meaning: 'service without version' },
  'ERC-010': { severity: 'warning', meaning: 'no registrations' },
  'ERC-011': { severity: 'error', meaning: 'registration entry invalid' },
  'ERC-012': { severity: 'warning', meaning: 'not verified on chain' },
  'ERC-013': { severity: 'info', meaning: 'verified on chain' },
  'ERC-014': { severity: 'warning', meaning: 'non-standard spelling' },
  'ERC-015': { severity: 'warning', meaning: 'unknown trust model' },
  'ERC-016': { severity: 'error', meaning: 'wrong type' },
  'ERC-017': { severity: 'info', meaning: 'OASF classification' },
  'ERC-018': { severity: 'info', meaning: 'reputation' },
  'ERC-019': { severity: 'info', meaning: 'no feedback' },
  'ERC-020': { severity: 'warning', meaning: 'reputation unreadable' },
  'ERC-021': { severity: 'info', meaning: 'endpoint domain verified' },
  'ERC-022': { severity: 'warning', meaning: 'endpoint domain not verified' },
  'ERC-023': { severity: 'warning', meaning: 'agent URI over http' },
  'ERC-024': { severity: 'info', meaning: 'well-known registration on the endpoint' },
  'ERC-025': { severity: 'info', meaning: 'no ERC-8004 registration' },
  'ERC-026': { severity: 'error', meaning: 'endpoint not in the on-chain registration' },
  'ERC-027': { severity: 'error', meaning: 'on-chain lookup failed' },
  'ERC-028': { severity: 'warning', meaning: 'agent not active' },
  'ERC-029': { severity: 'error', meaning: 'well-known registration malformed' },
} as const satisfies Record<string, CodeEntry>;

export type ErcCode = keyof typeof ercCodes;
