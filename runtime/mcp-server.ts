/**
 * The MCP server over a set of runtime tools: the SDK's low-level `Server`, answering `tools/list`
 * from precomputed JSON schemas (no zod → JSON Schema per request) and `tools/call` through
 * `RuntimeTool.call`. Unknown tools are a JSON-RPC error (InvalidParams), as the spec says; a bad
 * input for a known tool is a tool error result (SEP-1303) so the model can correct itself.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolRequest, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
import type { RuntimeTool } from './runtime-tool.ts';

export interface ServerInfo {
  name: string;
  version: string;
}

interface Listing {
  readonly list: Tool[];
  readonly byName: Map<string, RuntimeTool>;
}

// Listings are computed once per tool set and shared by every Server (one per HTTP request).
const listings = new WeakMap<readonly RuntimeTool[], Listing>();

function listingOf(tools: readonly RuntimeTool[]): Listing {
  let listing = listings.get(tools);
  if (!listing) {
    const list = tools.map((tool) => {
      const entry: Tool = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema as Tool['inputSchema'] };
      if (tool.title) entry.title = tool.title;
      if (tool.outputSchema) entry.outputSchema = tool.outputSchema as Tool['outputSchema'];
      return entry;
    });
    listing = { list, byName: new Map(tools.map((tool) => [tool.name, tool])) };
    listings.set(tools, listing);
  }
  return listing;
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

/** Low-level SDK Server answering tools/list and tools/call for these tools. */
export function createMcpServer(tools: readonly RuntimeTool[], info: ServerInfo = { name: 'toolkit', version: '0.1.0' }): Server {
  const listing = listingOf(tools);
  const server = new Server(info, { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: NO_ELICITATION });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing.list }));
  server.setRequestHandler(AnyCallToolRequest, async (loose, extra) => {
    const request = loose as unknown as CallToolRequest;
    const tool = listing.byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return tool.call(request.params.arguments ?? {}, { signal: extra.signal });
  });
  return server;
}
