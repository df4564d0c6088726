/**
 * Lists tools, resources, resource templates and prompts, each only when the server declared the
 * matching capability (asking for undeclared ones is a protocol error, not a finding), following
 * pagination to the end.
 */
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection } from './connect.ts';
import { listAll, type ListOutcome } from './list-all.ts';

export interface Listings {
  readonly tools: ListOutcome<Tool> | null;
  readonly resources: ListOutcome<Resource> | null;
  readonly resourceTemplates: ListOutcome<ResourceTemplate> | null;
  readonly prompts: ListOutcome<Prompt> | null;
}

/** The request options every list call gets: the deadline's signal and the remaining time. */
export interface CallLimits {
  readonly signal: AbortSignal;
  readonly timeout: number;
}

/** Lists what the capabilities allow, concurrently. */
export async function listDeclared(connection: McpConnection, capabilities: ServerCapabilities, limits: CallLimits): Promise<Listings> {
  const { client } = connection;
  const options = { signal: limits.signal, timeout: limits.timeout };
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.tools ? listAll(async (cursor) => { const r = await client.listTools(cursor ? { cursor } : {}, options); return { items: r.tools, nextCursor: r.nextCursor }; }) : null,
    capabilities.resources ? listAll(async (cursor) => { const r = await client.listResources(cursor ? { cursor } : {}, options); return { items: r.resources, nextCursor: r.nextCursor }; }) : null,
    capabilities.resources ? listAll(async (cursor) => { const r = await client.listResourceTemplates(cursor ? { cursor } : {}, options); return { items: r.resourceTemplates, nextCursor: r.nextCursor }; }) : null,
    capabilities.prompts ? listAll(async (cursor) => { const r = await client.listPrompts(cursor ? { cursor } : {}, options); return { items: r.prompts, nextCursor: r.nextCursor }; }) : null,
  ]);
  return { tools, resources, resourceTemplates, prompts };
}
