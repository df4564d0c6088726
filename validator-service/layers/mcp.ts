/**
 * The MCP layer: both protocol eras (the 2026-07-28 revision through `server/discover`, the 2025
 * handshake over Streamable HTTP with the legacy SSE fallback), server info, capabilities and
 * instructions, tools/resources/prompts listed with pagination where declared, the 2026-07-28
 * requirements an endpoint misses, and server cards. The run lives in `mcp/run-layer.ts`.
 */
import type { Layer } from './layer.ts';
import { runMcpLayer } from './mcp/run-layer.ts';
import { defineLayer } from './shared/define-layer.ts';

export { knownProtocolVersions } from './mcp/run-layer.ts';

/** The MCP layer. */
export const mcpLayer: Layer = defineLayer('mcp', runMcpLayer);
