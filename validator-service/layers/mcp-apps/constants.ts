/** Identifiers of the MCP Apps extension and its predecessors, in one place so checks and tests agree. */

/** Extension id negotiated in `capabilities.extensions`. */
export const uiExtensionId = 'io.modelcontextprotocol/ui';
/** MIME type every MCP App resource must carry. */
export const appMimeType = 'text/html;profile=mcp-app';
/** OpenAI Apps SDK MIME type (vendor predecessor). */
export const skybridgeMimeType = 'text/html+skybridge';
/** Deprecated flat tool `_meta` key. */
export const deprecatedLinkKey = 'ui/resourceUri';
/** OpenAI Apps SDK tool `_meta` key. */
export const vendorLinkKey = 'openai/outputTemplate';

/** Compares MIME types ignoring case and spaces around parameters. */
export function sameMime(a: string | undefined, b: string): boolean {
  return (a ?? '').toLowerCase().replace(/\s+/g, '') === b.toLowerCase();
}
