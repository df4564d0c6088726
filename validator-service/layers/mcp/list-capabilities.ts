/**
 * Lists tools, resources, resource templates and prompts, each only when the server declared the
 * matching capability (asking for undeclared ones is a protocol error, not a finding), following
 * pagination to the end one page at a time (the v2 client's own `listTools()` would gather every
 * page into one answer and hide how the server paginates).
 */
import type {
  Client,
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
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

type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** Every page of one list method, read with the SDK's per-page request (validated by its schemas). */
function lister<T>(client: Pick<Client, 'request'>, method: ListMethod, key: string, limits: CallLimits) {
  return listAll<T>(async (cursor) => {
    const page = (await client.request(
      { method, params: cursor ? { cursor } : {} } as never,
      limits,
    )) as unknown as Record<string, unknown> & { nextCursor?: string };
    const items = page[key];
    return { items: Array.isArray(items) ? (items as T[]) : [], nextCursor: page.nextCursor };
  });
}

/** Lists what the capabilities allow, concurrently. */
export async function listDeclared(
  connection: { readonly client: Pick<Client, 'request'> },
  capabilities: ServerCapabilities,
  limits: CallLimits,
): Promise<Listings> {
  const { client } = connection;
  const options = { signal: limits.signal, timeout: limits.timeout };
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.tools ? lister<Tool>(client, 'tools/list', 'tools', options) : null,
    capabilities.resources ? lister<Resource>(client, 'resources/list', 'resources', options) : null,
    capabilities.resources
      ? lister<ResourceTemplate>(client, 'resources/templates/list', 'resourceTemplates', options)
      : null,
    capabilities.prompts ? lister<Prompt>(client, 'prompts/list', 'prompts', options) : null,
  ]);
  return { tools, resources, resourceTemplates, prompts };
}
