/**
 * Message codes of the MCP Apps layer (SEP-1865, `io.modelcontextprotocol/ui`). The rendered table
 * with every requirement: docs/validator-checks.md.
 */
import { spec } from '../../checks/spec-refs.ts';
import { check, type CodeEntry } from '../shared/findings.ts';

const apps = (section: string) => spec.mcpApps(section);

export const uiCodes = {
  'UI-001': check('info', 'MCP Apps detected', apps('UI Resource Format')),
  'UI-002': check('info', 'not detected: no ui:// resources and no tool linkage', apps('UI Resource Format')),
  'UI-003': check(
    'info',
    'not checked: no MCP session (unreachable, not MCP, or authorization required)',
    spec.validator('One MCP conversation per assessment', '#the-mcp-layer'),
  ),
  'UI-004': check(
    'error',
    'a listed ui:// resource has a MIME type other than text/html;profile=mcp-app',
    apps('UI Resource Format: mimeType'),
  ),
  'UI-005': check(
    'error',
    'an app resource whose URI does not start with ui://',
    apps('UI Resource Format: uri MUST start with ui://'),
  ),
  'UI-006': check(
    'info',
    'vendor form: OpenAI Apps SDK (openai/outputTemplate, text/html+skybridge)',
    apps('Relationship to prior work (MCP-UI, OpenAI Apps SDK)'),
  ),
  'UI-007': check(
    'warning',
    'deprecated linkage _meta["ui/resourceUri"] without _meta.ui.resourceUri',
    apps('Resource Discovery: deprecated flat key'),
  ),
  'UI-008': check('error', '_meta.ui.resourceUri and _meta["ui/resourceUri"] disagree', apps('Resource Discovery')),
  'UI-009': check('error', 'a linked resourceUri is not a ui:// URI', apps('Resource Discovery: resourceUri')),
  'UI-010': check(
    'error',
    'a linked or listed UI resource cannot be read',
    apps('Resource Discovery: the referenced resource MUST exist'),
  ),
  'UI-011': check(
    'error',
    'resources/read content has the wrong MIME type',
    apps('UI Resource Format: mimeType in contents'),
  ),
  'UI-012': check(
    'error',
    'content is empty, has neither text nor blob, or the blob is not base64',
    apps('UI Resource Format: text or blob'),
  ),
  'UI-013': check('error', 'content is not an HTML document', apps('UI Resource Format: valid HTML5 document')),
  'UI-014': check(
    'warning',
    'HTML without <!DOCTYPE html>',
    spec.html('§13.1.1 The DOCTYPE', 'syntax.html#the-doctype'),
  ),
  'UI-015': check('info', 'no CSP declared: hosts apply their restrictive default', apps('Security: _meta.ui.csp')),
  'UI-016': check('error', 'malformed CSP (_meta.ui.csp)', apps('Security: _meta.ui.csp')),
  'UI-017': check('warning', 'CSP allows too much (wildcard or unencrypted origins)', apps('Security: _meta.ui.csp')),
  'UI-018': check('warning', 'unknown CSP key or permission', apps('Security: csp and permissions keys')),
  'UI-019': check('error', 'invalid tool visibility', apps('Tool visibility: ["model", "app"]')),
  'UI-020': check(
    'info',
    'the server advertises the UI extension in capabilities.extensions',
    apps('Capability Negotiation'),
  ),
  'UI-021': check(
    'error',
    'tools link UI resources but the resources capability is missing',
    spec.mcp('server/resources', 'Capabilities', '#capabilities'),
  ),
  'UI-022': check(
    'error',
    'tools/list or resources/list failed',
    spec.mcp('server/tools', 'Listing Tools', '#listing-tools'),
  ),
} as const satisfies Record<string, CodeEntry>;

export type UiCode = keyof typeof uiCodes;
