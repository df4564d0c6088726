/**
 * Everything a runtime serves besides the schemas' tools: resources (SQLite queries), prompts
 * (prompts and skills), and, when switched on, the queries as tools. `listPrimitives` is the one
 * place their listings are computed: the build embeds its answer (hash-checked), the runtime
 * computes it when no build did, and both are the same data.
 */
import type { Tool } from '@modelcontextprotocol/server';
import type { SchemaModel, SelectionModel, SkillModel } from '../model.ts';
import {
  markPrompts,
  markResources,
  selectionGroups,
  type GroupEntry,
  type SelectionGroups,
} from '../selections/selection-groups.ts';
import { selectionNaming } from '../selections/selection-naming.ts';
import { listPrompts, promptCatalog, skillOf, type CatalogPrompt } from '../prompts/prompt-catalog.ts';
import { createServedPrompts } from '../prompts/served-prompts.ts';
import type { RuntimeTool } from '../runtime-tool.ts';
import type { PromptEntry, ResourceEntry, ResourceTemplateEntry, ServedPrompts } from '../served-primitives.ts';
import type { ServedSkills } from '../skills/served-skills.ts';
import { deferredSkills, type AttachableSkills } from '../skills/deferred-skills.ts';
import { servableAsExtensionSkill } from '../skills/servable.ts';
import { skillDocuments } from '../skills/skill-documents.ts';
import { skillFileRecordOf, storedSkillFiles, type StoredSkillFiles } from '../skills/skill-files.ts';
import {
  missingDatabaseNotes,
  primitiveFactsOf,
  type BuildPrimitiveFacts,
  type PrimitiveFacts,
} from './primitive-facts.ts';
import { now, schemasNow, type LazySchemas, type Later } from './lazy-schemas.ts';
import { createCompletions, type CompletionSources, type ServedCompletions } from '../completion/served-completions.ts';
import type { DatabasePlaces } from './database-location.ts';
import type { QueryLimits } from './query-lane.ts';
import { createQueryTools, listQueryTools } from './query-tools.ts';
import { queryLimitsFrom } from './query-runner.ts';
import { resourceCatalog } from './resource-catalog.ts';
import type { ServedDocuments } from './documents/served-documents.ts';
import { listAllResources, queryRunnerFor, withDocuments, type RemoteAccess } from './format-4-resources.ts';
import { createServedResources, type ServedResourcesHandle } from './served-resources.ts';

/** The listings of everything but the schemas' tools, as a build embeds them. */
export interface PrimitivesListing {
  readonly resources: readonly ResourceEntry[];
  readonly templates: readonly ResourceTemplateEntry[];
  readonly prompts: readonly PromptEntry[];
  /** Every query as a tool; served only when the tool form is switched on. */
  readonly queryTools: readonly Tool[];
  /** The selections as groups of the grouping extension (absent when there are none). */
  readonly groups?: readonly GroupEntry[];
}

/** The groups of `selections` over `schemas` (undefined without selections). */
export function groupsOf(
  schemas: readonly SchemaModel[],
  toolNames: readonly string[],
  selections: readonly SelectionModel[] | undefined,
): SelectionGroups | undefined {
  return selections && selections.length > 0
    ? selectionGroups(selections, selectionNaming(schemas, toolNames))
    : undefined;
}

/**
 * The listings for `schemas`; `toolNames` are the wire names of their tools (query tools keep clear
 * of them). With selections, members carry their groups and the groups are listed.
 */
export function listPrimitives(
  schemas: readonly SchemaModel[],
  toolNames: readonly string[],
  selections?: readonly SelectionModel[],
): PrimitivesListing {
  const catalog = resourceCatalog(schemas);
  const { resources, templates } = listAllResources(schemas);
  const prompts = listPrompts(promptCatalog(schemas));
  const queryTools = listQueryTools(catalog, toolNames);
  const groups = groupsOf(schemas, toolNames, selections);
  if (!groups) return { resources, templates, prompts, queryTools };
  return {
    resources: markResources(resources, groups),
    templates: markResources(templates, groups),
    prompts: markPrompts(prompts, groups),
    queryTools,
    ...(groups.groups.length > 0 ? { groups: groups.groups } : {}),
  };
}

export interface PrimitivesOptions {
  /** Where databases are looked for (home, project, a bundle's data directory). */
  readonly places?: DatabasePlaces;
  /** Caps of every query (default: 3 s, 1,000 rows, 1 MiB, 256 MiB; the entries read `TOOLKIT_QUERY_TIMEOUT_MS`). */
  readonly queryLimits?: Partial<QueryLimits>;
  /** Also serve every query as a tool (default: off; the entries read `TOOLKIT_QUERY_TOOLS=1`). */
  readonly queryTools?: boolean;
  /** The listings computed at build time over these same schemas (a function: read when first listed). */
  readonly listing?: Later<PrimitivesListing>;
  /** What start-up needs of the schemas and listings without reading them (a build records it with the listing). */
  readonly facts?: BuildPrimitiveFacts;
  /**
   * Where warnings about skills the skills extension leaves out, or about a failed refresh of an http resource, go
   * (default stderr).
   */
  readonly log?: (line: string) => void;
  /**
   * How http resources are downloaded (the runtime's upstream client); without it they are read from the cache only.
   */
  readonly remote?: RemoteAccess;
  /** Format 4's selections over these schemas (served as groups); a build's listing already holds them. */
  readonly selections?: readonly SelectionModel[];
  /**
   * The wire name of a tool a prompt or skill of `schema` names (a plain name within its schema,
   * `<namespace>/tool/<name>` across all), when the schemas given are only some of the served ones.
   * Default: found among the schemas given, whose tools are all of `toolNames` in order.
   */
  readonly toolName?: (schema: SchemaModel, reference: string) => string | undefined;
  /** The skills' files made at build time: served as they are, no schema read or rendered for them. */
  readonly skillFiles?: () => StoredSkillFiles | undefined;
}

export interface RuntimePrimitives {
  /** Absent when the schemas have no resource. */
  readonly resources?: ServedResourcesHandle;
  /** Absent when the schemas have no prompt or skill. */
  readonly prompts?: ServedPrompts;
  /** The query tools to add to the tool listing (empty unless switched on). */
  readonly queryTools: { readonly listing: readonly Tool[]; tool(name: string): RuntimeTool | undefined };
  /** The skills through the skills extension, loaded on the first call (undefined when there is none to serve). */
  skills(): Promise<ServedSkills | undefined>;
  /**
   * The skills as a server attaches them before they are loaded (the first request about them loads
   * them); present when the build's facts say some skill is served through the extension.
   */
  readonly deferredSkills?: AttachableSkills;
  /** The skills' files as the extension serves them (what a build stores; undefined without any). */
  skillFiles(): StoredSkillFiles | undefined;
  /** `completion/complete` over the prompts and resources (absent when there are neither). */
  readonly completions?: ServedCompletions;
  /** The selections as groups (absent without selections), and the tool wire names that are members of each. */
  readonly groups?: readonly GroupEntry[];
  readonly toolGroups?: SelectionGroups;
  close(): void;
}

/**
 * The primitives of a runtime. `toolNames` are the served tool wire names in schema then tool
 * order (to render `{{tool:x}}` and to name query tools); nothing is opened or started until used.
 */
export function createPrimitives(
  schemas: LazySchemas,
  toolNames: () => readonly string[],
  given: PrimitivesOptions = {},
): RuntimePrimitives {
  // Read on first need when the build's facts say what there is; else now.
  let read: readonly SchemaModel[] | undefined;
  const schemasOf = (): readonly SchemaModel[] => (read ??= schemasNow(schemas));
  // Without a build, selections are listed here as a build would list them: members marked, groups made.
  const selected =
    given.selections && given.selections.length > 0 && !given.listing
      ? groupsOf(schemasOf(), toolNames(), given.selections)
      : undefined;
  const options: PrimitivesOptions = selected
    ? { ...given, listing: listPrimitives(schemasOf(), toolNames(), given.selections) }
    : given;
  let built: PrimitivesListing | undefined;
  const buildListing = options.listing && (() => (built ??= now(options.listing!)));
  // A build's facts come with its listing; without them the schemas are read now.
  const facts: PrimitiveFacts = (buildListing && options.facts) || primitiveFactsOf(schemasOf());
  const hasResources = facts.resources || facts.documents;
  const hasPrompts = facts.prompts;
  const places = options.places ?? {};
  const runner = queryRunnerFor(facts.remote, places, queryLimitsFrom(options.queryLimits), options.remote);
  const listing =
    buildListing && (() => ({ resources: buildListing().resources, templates: buildListing().templates }));
  const sqlite = hasResources
    ? createServedResources(schemasOf, runner, facts.documents ? undefined : listing)
    : undefined;
  const withDocs = sqlite && facts.documents ? withDocuments(sqlite, schemasOf, places, listing) : sqlite;
  // The start-up note about missing databases, from the facts: no schema is read for it.
  const known = buildListing && options.facts;
  const resources =
    withDocs &&
    withKnown(withDocs, {
      missingDatabases: () => missingDatabaseNotes(facts.databases, places),
      ...(known ? { listed: known.resourceEntries } : {}),
    });

  let toolNameMap: Map<string, string> | undefined;
  const toolName =
    options.toolName ??
    ((schema: SchemaModel, reference: string): string | undefined => {
      const schemas = schemasOf();
      if (!toolNameMap) {
        const names = toolNames();
        toolNameMap = new Map();
        let index = 0;
        schemas.forEach((s, position) => {
          for (const tool of s.tools) {
            const name = names[index++]!;
            // A plain name resolves within its own schema, `<namespace>/tool/<name>` across all of them (first wins).
            toolNameMap!.set(`${position}\u0000${tool.name}`, name);
            if (!toolNameMap!.has(`${s.namespace}/tool/${tool.name}`))
              toolNameMap!.set(`${s.namespace}/tool/${tool.name}`, name);
          }
        });
      }
      return reference.includes('/')
        ? toolNameMap.get(reference)
        : toolNameMap.get(`${schemas.indexOf(schema)}\u0000${reference}`);
    });
  const resourceUri = (schema: SchemaModel, name: string): string | undefined =>
    resources?.catalog.resources.find((r) => r.schema === schema && r.resource.name === name)?.uri ??
    (resources && 'documents' in resources
      ? (resources.documents as ServedDocuments).catalog.find((d) => d.schema === schema && d.document.name === name)
          ?.uri
      : undefined);
  const prompts = hasPrompts
    ? withKnown(
        createServedPrompts(schemasOf, { toolName, resourceUri }, buildListing && (() => buildListing().prompts)),
        known ? { listed: known.promptEntries } : {},
      )
    : undefined;
  let skills: Promise<ServedSkills | undefined> | undefined;
  const promptName = (schema: SchemaModel, skill: SkillModel): string | undefined =>
    prompts?.catalog.find((p) => p.kind === 'skill' && p.schema === schema && p.model === skill)?.name;
  const skillFiles = (): StoredSkillFiles | undefined => {
    if (!facts.extensionSkills) return undefined;
    const stored = options.skillFiles?.();
    if (stored) return stored;
    const context = { toolName, resourceUri, skill: skillOf, promptName };
    return storedSkillFiles(skillDocuments(schemasOf(), context, servableAsExtensionSkill));
  };
  const loadSkills = (): Promise<ServedSkills | undefined> =>
    // The skills extension (the SDK's and ours) is loaded only for a catalog with skills.
    (skills ??= facts.extensionSkills
      ? import('../skills/served-skills.ts').then(({ loadServedSkills }) =>
          loadServedSkills(skillFileRecordOf(skillFiles() ?? {}), { ...(options.log ? { log: options.log } : {}) }),
        )
      : Promise.resolve(undefined));
  const deferred = buildListing && options.facts?.extensionSkills ? deferredSkills(loadSkills) : undefined;

  const switchedOn = hasResources && (options.queryTools ?? false);
  const queryTools =
    switchedOn && resources
      ? createQueryTools(resources, buildListing?.().queryTools ?? listQueryTools(resources.catalog, toolNames()))
      : { listing: [], tool: () => undefined };
  // Getters, never spread (a spread runs them): the catalogs read the schemas, only when a completion needs them.
  const sources: { prompts?: readonly CatalogPrompt[]; resources?: CompletionSources['resources'] } = {};
  if (prompts) Object.defineProperty(sources, 'prompts', { get: () => prompts.catalog, enumerable: true });
  if (resources)
    sources.resources = {
      get catalog() {
        return resources.catalog;
      },
      runner: resources.runner,
      get templates() {
        return resources.templates;
      },
      get resources() {
        return resources.resources;
      },
      get documents() {
        return facts.documents ? (resources as { documents?: ServedDocuments }).documents : undefined;
      },
    };
  const completions = resources || prompts || facts.skills ? createCompletions(sources) : undefined;
  return {
    ...(resources ? { resources } : {}),
    ...(prompts ? { prompts } : {}),
    ...(completions ? { completions } : {}),
    ...((!options.facts || options.facts.groups) && buildListing?.().groups ? { groups: buildListing().groups } : {}),
    ...(selected ? { toolGroups: selected } : {}),
    queryTools,
    skills: loadSkills,
    ...(deferred ? { deferredSkills: deferred } : {}),
    skillFiles,
    close: () => runner.close(),
  };
}

/** `provider` with `known` answered from the build's facts; its own getters stay lazy (a spread would run them). */
function withKnown<T extends object>(provider: T, known: Readonly<Record<string, unknown>>): T {
  return new Proxy(provider, {
    get: (target, key) => (Object.hasOwn(known, key) ? known[key as string] : Reflect.get(target, key, target)),
    has: (target, key) => Object.hasOwn(known, key) || Reflect.has(target, key),
  });
}
