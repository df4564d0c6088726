/**
 * Message codes of the MCP Apps layer (SEP-1865, extension `io.modelcontextprotocol/ui`).
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | UI-001 | info | MCP Apps detected |
 * | UI-002 | info | not detected: no `ui://` resources and no tool linkage |
 * | UI-003 | info | not checked: no MCP session (unreachable, not MCP, or authorization required) |
 * | UI-004 | error | a listed `ui://` resource has a MIME type other than `text/html;profile=mcp-app` |
 * | UI-005 | error | an app resource whose URI does not start with `ui://` |
 * | UI-006 | info | vendor form: OpenAI Apps SDK (`openai/outputTemplate`, `text/html+skybridge`) |
 * | UI-007 | warning | deprecated linkage `_meta["ui/resourceUri"]` without `_meta.ui.resourceUri` |
 * | UI-008 | error | `_meta.ui.resourceUri` and `_meta["ui/resourceUri"]` disagree |
 * | UI-009 | error | a linked `resourceUri` is not a `ui://` URI |
 * | UI-010 | error | a linked or listed UI resource cannot be read |
 * | UI-011 | error | `resources/read` content has the wrong MIME type |
 * | UI-012 | error | content is empty, has neither `text` nor `blob`, or the blob is not base64 |
 * | UI-013 | error | content is not an HTML document |
 * | UI-014 | warning | HTML without `<!DOCTYPE html>` |
 * | UI-015 | info | no CSP declared: hosts apply their restrictive default |
 * | UI-016 | error | malformed CSP (`_meta.ui.csp`) |
 * | UI-017 | warning | CSP allows too much (wildcard or unencrypted origins) |
 * | UI-018 | warning | unknown CSP key or permission |
 * | UI-019 | error | invalid tool `visibility` |
 * | UI-020 | info | the server advertises the UI extension in `capabilities.extensions` |
 * | UI-021 | error | tools link UI resources but the `resources` capability is missing |
 * | UI-022 | error | `tools/list` or `resources/list` failed |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const uiCodes = {
  'UI-001': { severity: 'info', meaning: 'MCP Apps detected' },
  'UI-002': { severity: 'info', meaning: 'no UI resources or linkage' },
  'UI-003': { severity: 'info', meaning: 'not checked: no MCP session' },
  'UI-004': { severity: 'error', meaning: 'wrong MIME type on listed resource' },
  'UI-005': { severity: 'error', meaning: 'app resource not under ui://' },
  'UI-006': { severity: 'info', meaning: 'vendor OpenAI Apps SDK form' },
  'UI-007': { severity: 'warning', meaning: 'deprecated ui/resourceUri linkage' },
  'UI-008': { severity: 'error', meaning: 'linkage keys disagree' },
  'UI-009': { severity: 'error', meaning: 'linked URI not ui://' },
  'UI-010': { severity: 'error', meaning: 'UI resource cannot be read' },
  'UI-011': { severity: 'error', meaning: 'wrong MIME type in content' },
  'UI-012': { severity: 'error', meaning: 'empty or undecodable content' },
  'UI-013': { severity: 'error', meaning: 'content is not HTML' },
  'UI-014': { severity: 'warning', meaning: 'no doctype' },
  'UI-015': { severity: 'info', meaning: 'no CSP declared' },
  'UI-016': { severity: 'error', meaning: 'malformed CSP' },
  'UI-017': { severity: 'warning', meaning: 'CSP too broad' },
  'UI-018': { severity: 'warning', meaning: 'unknown CSP key or permission' },
  'UI-019': { severity: 'error', meaning: 'invalid visibility' },
  'UI-020': { severity: 'info', meaning: 'server advertises the UI extension' },
  'UI-021': { severity: 'error', meaning: 'resources capability missing' },
  'UI-022': { severity: 'error', meaning: 'list failed' },
} as const satisfies Record<string, CodeEntry>;

export type UiCode = keyof typeof uiCodes;
