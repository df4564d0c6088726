/**
 * Message codes of the MCP layer.
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | MCP-001 | info | MCP server detected (transport, negotiated version) |
 * | MCP-002 | info | not an MCP endpoint |
 * | MCP-003 | info | MCP endpoint requires authorization (401/403 with a challenge; see the OAuth layer) |
 * | MCP-004 | error | the endpoint speaks MCP but `initialize` failed |
 * | MCP-005 | warning | legacy HTTP+SSE transport (deprecated since 2025-03-26) |
 * | MCP-006 | info | negotiated an older protocol version than the latest |
 * | MCP-007 | warning | negotiated a protocol version this validator does not know |
 * | MCP-008 | error | `tools/list` failed although the `tools` capability is declared |
 * | MCP-009 | error | a page of `tools/list` is not a valid result |
 * | MCP-010 | error | `resources/list` failed although the `resources` capability is declared |
 * | MCP-011 | error | `prompts/list` failed although the `prompts` capability is declared |
 * | MCP-012 | warning | pagination stopped: repeated cursor or page limit |
 * | MCP-013 | warning | tool name outside the naming guidance (1–128 of A–Z a–z 0–9 _ - .) |
 * | MCP-014 | error | duplicate tool names |
 * | MCP-015 | warning | tool without description |
 * | MCP-016 | info | server name and version |
 * | MCP-017 | info | server instructions provided |
 * | MCP-018 | warning | `resources/templates/list` failed |
 * | MCP-019 | info | not checked: the endpoint could not be reached (see the HTTP layer) |
 * | MCP-020 | info | list skipped: capability not declared |
 * | MCP-021 | info | list counts (tools, resources, prompts, pages) |
 * | MCP-022 | info | server card found (which convention) |
 * | MCP-023 | warning | server card lacks required fields |
 * | MCP-024 | info | no server card at the known locations |
 * | MCP-025 | info | stateless 2026-07-28 server (`server/discover`) |
 * | MCP-026 | warning | stateless results lack required fields (`resultType`, `ttlMs`, `cacheScope`, server info) |
 * | MCP-027 | info | the server card does not list this endpoint in `remotes` |
 * | MCP-028 | warning | a 2026-07-28 requirement missed (headers, error codes, `server/discover`) |
 * | MCP-029 | info | which protocol eras the endpoint speaks (2026-07-28, 2025 `initialize`, or both) |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const mcpCodes = {
  'MCP-001': { severity: 'info', meaning: 'MCP server detected' },
  'MCP-002': { severity: 'info', meaning: 'not an MCP endpoint' },
  'MCP-003': { severity: 'info', meaning: 'authorization required' },
  'MCP-004': { severity: 'error', meaning: 'initialize failed' },
  'MCP-005': { severity: 'warning', meaning: 'legacy HTTP+SSE transport' },
  'MCP-006': { severity: 'info', meaning: 'older protocol version' },
  'MCP-007': { severity: 'warning', meaning: 'unknown protocol version' },
  'MCP-008': { severity: 'error', meaning: 'tools/list failed' },
  'MCP-009': { severity: 'error', meaning: 'tools/list result invalid' },
  'MCP-010': { severity: 'error', meaning: 'resources/list failed' },
  'MCP-011': { severity: 'error', meaning: 'prompts/list failed' },
  'MCP-012': { severity: 'warning', meaning: 'pagination stopped' },
  'MCP-013': { severity: 'warning', meaning: 'tool name outside guidance' },
  'MCP-014': { severity: 'error', meaning: 'duplicate tool names' },
  'MCP-015': { severity: 'warning', meaning: 'tool without description' },
  'MCP-016': { severity: 'info', meaning: 'server name and version' },
  'MCP-017': { severity: 'info', meaning: 'instructions provided' },
  'MCP-018': { severity: 'warning', meaning: 'resources/templates/list failed' },
  'MCP-019': { severity: 'info', meaning: 'not checked: unreachable' },
  'MCP-020': { severity: 'info', meaning: 'list skipped: capability not declared' },
  'MCP-021': { severity: 'info', meaning: 'list counts' },
  'MCP-022': { severity: 'info', meaning: 'server card found' },
  'MCP-023': { severity: 'warning', meaning: 'server card incomplete' },
  'MCP-024': { severity: 'info', meaning: 'no server card' },
  'MCP-025': { severity: 'info', meaning: 'stateless server' },
  'MCP-026': { severity: 'warning', meaning: 'stateless result incomplete' },
  'MCP-027': { severity: 'info', meaning: 'server card does not list this endpoint' },
  'MCP-028': { severity: 'warning', meaning: '2026-07-28 requirement missed' },
  'MCP-029': { severity: 'info', meaning: 'protocol eras spoken' },
} as const satisfies Record<string, CodeEntry>;

export type McpCode = keyof typeof mcpCodes;
