/**
 * Interim hook-up of `ServedResources` / `ServedPrompts` onto the SDK v1 low-level `Server` of
 * `mcp-server.ts` (until the server moves to SDK v2, which serves the same providers): the list
 * requests answer the providers' listings, `resources/read` and `prompts/get` call them, and their
 * typed errors become the JSON-RPC errors the spec asks for (an unknown URI or prompt and bad
 * arguments: -32602 InvalidParams, with `data.uri` for the URI; other failures: -32603 with the
 * provider's message). The capabilities are declared by the caller, only for what is served.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { InvalidArgumentsError, PromptNotFoundError, ResourceNotFoundError, type ServedPrompts, type ServedResources } from '../served-primitives.ts';

export interface ServedPrimitives {
  readonly resources?: ServedResources;
  readonly prompts?: ServedPrompts;
}

/** The capabilities these providers call for: a kind only when it has at least one entry. */
export function primitiveCapabilities(primitives: ServedPrimitives): { resources?: { listChanged: false }; prompts?: { listChanged: false } } {
  const { resources, prompts } = primitives;
  return {
    ...(resources && resources.resources.length + resources.templates.length > 0 ? { resources: { listChanged: false } } : {}),
    ...(prompts && prompts.prompts.length > 0 ? { prompts: { listChanged: false } } : {}),
  };
}

function protocolError(error: unknown): Error {
  if (error instanceof ResourceNotFoundError) return new McpError(ErrorCode.InvalidParams, error.message, { uri: error.uri });
  if (error instanceof PromptNotFoundError || error instanceof InvalidArgumentsError) return new McpError(ErrorCode.InvalidParams, error.message);
  if (error instanceof McpError) return error;
  return new McpError(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
}

/** Registers the handlers for the kinds `primitiveCapabilities` declared on `server`. */
export function servePrimitives(server: Server, primitives: ServedPrimitives): void {
  const declared = primitiveCapabilities(primitives);
  const { resources, prompts } = primitives;
  if (declared.resources && resources) {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...resources.resources] }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [...resources.templates] }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      try {
        const { contents } = await resources.read(request.params.uri, { signal: extra.signal });
        return { contents } as { contents: { uri: string; text: string }[] };
      } catch (error) {
        throw protocolError(error);
      }
    });
  }
  if (declared.prompts && prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [...prompts.prompts] }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      try {
        const { description, messages } = await prompts.get(request.params.name, request.params.arguments);
        return { ...(description !== undefined ? { description } : {}), messages: messages.map((m) => ({ role: m.role, content: { ...m.content } })) };
      } catch (error) {
        throw protocolError(error);
      }
    });
  }
}
