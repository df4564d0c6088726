/**
 * The `/mcp` handler: the validator's tools served statelessly over Streamable HTTP through the
 * project runtime, the same code that serves generated tool servers.
 */
import { validatorIdentity } from '../identity.ts';
import { createMcpFetchHandler, createMcpServer, type McpFetchHandler, type RuntimeTool } from '../../runtime/index.ts';

/** A Request → Response handler answering MCP for `tools`. */
export function createMcpFace(tools: readonly RuntimeTool[]): McpFetchHandler {
  return createMcpFetchHandler(() => createMcpServer(tools, { ...validatorIdentity }));
}
