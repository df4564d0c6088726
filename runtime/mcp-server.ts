/**
 * The MCP server over a set of runtime tools: the SDK's low-level `Server`, answering `tools/list`
 * from precomputed JSON schemas (no zod → JSON Schema per request; for a built bundle, from the
 * listing computed at build time) and `tools/call` through `RuntimeTool.call`. Unknown tools are a
 * JSON-RPC error (InvalidParams), as the spec says; a bad input for a known tool is a tool error
 * result (SEP-1303) so the model can correct itself.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolRequest, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
import type { ServedTools } from './create-runtime.ts';
import { listEntryOf, type RuntimeTool } from './runtime-tool.ts';
import { primitiveCapabilities, servePrimitives, type ServedPrimitives } from './resources/serve-primitives-v1.ts';

export interface ServerInfo {
  name: string;
  version: string;
}

// Listings of plain tool arrays are computed once per array and shared by every Server (one per HTTP request).
const servedArrays = new WeakMap<readonly RuntimeTool[], ServedTools>();

function servedOf(tools: readonly RuntimeTool[] | ServedTools): ServedTools {
  if (!Array.isArray(tools)) return tools as ServedTools;
  const array = tools as readonly RuntimeTool[];
  let served = servedArrays.get(array);
  if (!served) {
    const byName = new Map(array.map((tool) => [tool.name, tool]));
    served = { listing: array.map(listEntryOf), tool: (name) => byName.get(name) };
    servedArrays.set(array, served);
  }
  return served;
}

/**
 * Matches any `tools/call`: the SDK's own wrapper then checks the full shape and answers a malformed
 * one with InvalidParams (-32602). With the strict schema here, the protocol layer would answer
 * InternalError (-32603) instead.
 */
const AnyCallToolRequest = z.looseObject({ method: z.literal('tools/call'), params: z.unknown().optional() });

/**
 * The SDK uses a JSON Schema validator only to check elicitation answers, which this server never
 * asks for; its default builds an Ajv instance per Server (~0.5–1.4 ms), i.e. per HTTP request.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'the toolkit runtime does not use elicitation' }),
};

/**
 * Low-level SDK Server answering tools/list and tools/call for these tools: an array of built tools,
 * or a runtime (whose listing may come from the build and whose tools are built on first call);
 * and resources and prompts when providers for them are given. A capability is declared only for
 * what is served (tools: at least one tool).
 */
export function createMcpServer(tools: readonly RuntimeTool[] | ServedTools, info: ServerInfo = { name: 'toolkit', version: '0.1.0' }, primitives: ServedPrimitives = {}): Server {
  const served = servedOf(tools);
  const hasTools = served.listing.length > 0 || (primitives.resources === undefined && primitives.prompts === undefined);
  const capabilities = { ...(hasTools ? { tools: { listChanged: false } } : {}), ...primitiveCapabilities(primitives) };
  const server = new Server(info, { capabilities, jsonSchemaValidator: NO_ELICITATION });
  servePrimitives(server, primitives);
  if (!hasTools) return server;
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.listing as Tool[] }));
  server.setRequestHandler(AnyCallToolRequest, async (loose, extra) => {
    const request = loose as unknown as CallToolRequest;
    const tool = served.tool(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return tool.call(request.params.arguments ?? {}, { signal: extra.signal });
  });
  return server;
}
