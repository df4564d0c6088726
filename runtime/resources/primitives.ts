/**
 * Everything a runtime serves besides the schemas' tools: resources (SQLite queries), prompts
 * (prompts and skills), and, when switched on, the queries as tools. `listPrimitives` is the one
 * place their listings are computed: the build embeds its answer (hash-checked), the runtime
 * computes it when no build did, and both are the same data.
 */
import type { Tool } from '@modelcontextprotocol/server';
import type { SchemaModel } from '../model.ts';
import { listPrompts, promptCatalog } from '../prompts/prompt-catalog.ts';
import { createServedPrompts } from '../prompts/served-prompts.ts';
import type { RuntimeTool } from '../runtime-tool.ts';
import type { PromptEntry, ResourceEntry, ResourceTemplateEntry, ServedPrompts } from '../served-primitives.ts';
import type { DatabasePlaces } from './database-location.ts';
import type { QueryLimits } from './query-lane.ts';
import { createQueryTools, listQueryTools, queryToolsFromEnv } from './query-tools.ts';
import { queryLimitsFrom, QueryRunner } from './query-runner.ts';
import { listResources, resourceCatalog } from './resource-catalog.ts';
import { createServedResources, type ServedResourcesHandle } from './served-resources.ts';

/** The listings of everything but the schemas' tools, as a build embeds them. */
export interface PrimitivesListing {
  readonly resources: readonly ResourceEntry[];
  readonly templates: readonly ResourceTemplateEntry[];
  readonly prompts: readonly PromptEntry[];
  /** Every query as a tool; served only when the tool form is switched on. */
  readonly queryTools: readonly Tool[];
}

/** The listings for `schemas`; `toolNames` are the wire names of their tools (query tools keep clear of them). */
export function listPrimitives(schemas: readonly SchemaModel[], toolNames: readonly string[]): PrimitivesListing {
  const catalog = resourceCatalog(schemas);
  const { resources, templates } = listResources(catalog);
  return { resources, templates, prompts: listPrompts(promptCatalog(schemas)), queryTools: listQueryTools(catalog, toolNames) };
}

export interface PrimitivesOptions {
  /** Where databases are looked for (home, project, a bundle's data directory). */
  readonly places?: DatabasePlaces;
  /** Caps of every query (default: 3 s — or `TOOLKIT_QUERY_TIMEOUT_MS` — 1,000 rows, 1 MiB, 256 MiB). */
  readonly queryLimits?: Partial<QueryLimits>;
  /** Also serve every query as a tool (default: `TOOLKIT_QUERY_TOOLS=1`). */
  readonly queryTools?: boolean;
  /** The listings computed at build time over these same schemas. */
  readonly listing?: PrimitivesListing;
}

export interface RuntimePrimitives {
  /** Absent when the schemas have no resource. */
  readonly resources?: ServedResourcesHandle;
  /** Absent when the schemas have no prompt or skill. */
  readonly prompts?: ServedPrompts;
  /** The query tools to add to the tool listing (empty unless switched on). */
  readonly queryTools: { readonly listing: readonly Tool[]; tool(name: string): RuntimeTool | undefined };
  close(): void;
}

/**
 * The primitives of a runtime. `toolNames` are the served tool wire names in schema then tool
 * order (to render `{{tool:x}}` and to name query tools); nothing is opened or started until used.
 */
export function createPrimitives(schemas: readonly SchemaModel[], toolNames: () => readonly string[], options: PrimitivesOptions = {}): RuntimePrimitives {
  const hasResources = schemas.some((s) => s.resources.length > 0);
  const hasPrompts = schemas.some((s) => s.prompts.length > 0 || s.skills.length > 0);
  const runner = new QueryRunner(options.places ?? {}, queryLimitsFrom(options.queryLimits));
  const resources = hasResources
    ? createServedResources(schemas, runner, options.listing && { resources: options.listing.resources, templates: options.listing.templates })
    : undefined;

  let toolNameMap: Map<string, string> | undefined;
  const toolName = (schema: SchemaModel, reference: string): string | undefined => {
    if (!toolNameMap) {
      const names = toolNames();
      toolNameMap = new Map();
      let index = 0;
      schemas.forEach((s, position) => {
        for (const tool of s.tools) {
          const name = names[index++]!;
          // A plain name resolves within its own schema, `<namespace>/tool/<name>` across all of them (first wins).
          toolNameMap!.set(`${position}\u0000${tool.name}`, name);
          if (!toolNameMap!.has(`${s.namespace}/tool/${tool.name}`)) toolNameMap!.set(`${s.namespace}/tool/${tool.name}`, name);
        }
      });
    }
    return reference.includes('/') ? toolNameMap.get(reference) : toolNameMap.get(`${schemas.indexOf(schema)}\u0000${reference}`);
  };
  const resourceUri = (schema: SchemaModel, name: string): string | undefined => resources?.catalog.resources.find((r) => r.schema === schema && r.resource.name === name)?.uri;
  const prompts = hasPrompts ? createServedPrompts(schemas, { toolName, resourceUri }, options.listing?.prompts) : undefined;

  const switchedOn = hasResources && (options.queryTools ?? queryToolsFromEnv());
  const queryTools = switchedOn && resources
    ? createQueryTools(resources, options.listing?.queryTools ?? listQueryTools(resources.catalog, toolNames()))
    : { listing: [], tool: () => undefined };
  return {
    ...(resources ? { resources } : {}),
    ...(prompts ? { prompts } : {}),
    queryTools,
    close: () => runner.close(),
  };
}
