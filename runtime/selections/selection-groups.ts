/**
 * Selections as the MCP grouping extension (`io.modelcontextprotocol/grouping`, draft) serves
 * them: each selection a group (`groups/list`) named by its ID, described by its description and
 * when to use it, and each served tool, resource and prompt it names marked a member with
 * `_meta["io.modelcontextprotocol/groups"]`; the group's own `_meta` lists every member as the
 * client calls it (tool names, resource URIs, prompt names, skill URIs), skills included, which the
 * skills extension lists without `_meta`. A selection none of whose members this server serves is
 * not listed (a group bundle serves part of the catalog).
 */
import type { SchemaModel, SelectionMember, SelectionModel } from '../model.ts';

export const GROUPING_EXTENSION = 'io.modelcontextprotocol/grouping';
export const GROUPS_META = 'io.modelcontextprotocol/groups';
export const SELECTION_META = 'io.toolkit/selection';

export interface GroupEntry {
  name: string;
  title?: string;
  description?: string;
  _meta?: Record<string, unknown>;
}

/** How this server names what a selection names. */
export interface SelectionNaming {
  /** Wire names of a namespace's tool (several when files of the namespace share it). */
  tools(member: SelectionMember): readonly string[];
  /** URIs of a namespace's resource (its own and those of its queries start with it). */
  resources(member: SelectionMember): readonly string[];
  prompts(member: SelectionMember): readonly string[];
  /** A skill's `SKILL.md` URIs and its names among the prompts. */
  skills(member: SelectionMember): { readonly uris: readonly string[]; readonly prompts: readonly string[] };
}

export interface SelectionGroups {
  readonly groups: readonly GroupEntry[];
  /** Group names by tool wire name, by prompt name, and by resource URI prefix. */
  readonly tools: ReadonlyMap<string, readonly string[]>;
  readonly prompts: ReadonlyMap<string, readonly string[]>;
  readonly resources: ReadonlyMap<string, readonly string[]>;
}

function add(map: Map<string, string[]>, key: string, group: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [group]);
  else if (!list.includes(group)) list.push(group);
}

/** The groups of `selections` on a server naming its primitives with `naming`. */
export function selectionGroups(selections: readonly SelectionModel[], naming: SelectionNaming): SelectionGroups {
  const groups: GroupEntry[] = [];
  const tools = new Map<string, string[]>();
  const prompts = new Map<string, string[]>();
  const resources = new Map<string, string[]>();
  for (const selection of selections) {
    const members = {
      tools: selection.tools.flatMap((m) => naming.tools(m)),
      resources: selection.resources.flatMap((m) => naming.resources(m)),
      prompts: selection.prompts.flatMap((m) => naming.prompts(m)),
      skills: selection.skills.flatMap((m) => naming.skills(m).uris),
    };
    const skillPrompts = selection.skills.flatMap((m) => naming.skills(m).prompts);
    if (members.tools.length + members.resources.length + members.prompts.length + members.skills.length === 0)
      continue;
    groups.push({
      name: selection.id,
      description: `${selection.description} Use when: ${selection.whenToUse}`,
      _meta: { [SELECTION_META]: members },
    });
    for (const name of members.tools) add(tools, name, selection.id);
    for (const uri of members.resources) add(resources, uri, selection.id);
    for (const name of [...members.prompts, ...skillPrompts]) add(prompts, name, selection.id);
  }
  return { groups, tools, prompts, resources };
}

/** `entry` with `_meta[GROUPS_META]` set to `groups` (unchanged without groups). */
function withGroups<T extends { _meta?: Record<string, unknown> }>(entry: T, groups: readonly string[] | undefined): T {
  if (!groups || groups.length === 0) return entry;
  return { ...entry, _meta: { ...(entry._meta ?? {}), [GROUPS_META]: [...groups] } };
}

/** Tool, prompt and resource listings with the membership of each entry. */
export function markTools<T extends { name: string; _meta?: Record<string, unknown> }>(
  entries: readonly T[],
  groups: SelectionGroups,
): T[] {
  return entries.map((entry) => withGroups(entry, groups.tools.get(entry.name)));
}

export function markPrompts<T extends { name: string; _meta?: Record<string, unknown> }>(
  entries: readonly T[],
  groups: SelectionGroups,
): T[] {
  return entries.map((entry) => withGroups(entry, groups.prompts.get(entry.name)));
}

/**
 * A resource or template is a member when its URI is a member's or lies under it (`<resource>/<query>`,
 * `<document>{?…}`).
 */
export function markResources<
  T extends { _meta?: Record<string, unknown> } & ({ uri: string } | { uriTemplate: string }),
>(entries: readonly T[], groups: SelectionGroups): T[] {
  if (groups.resources.size === 0) return [...entries];
  return entries.map((entry) => {
    const uri = 'uri' in entry ? entry.uri : entry.uriTemplate;
    const names = [...groups.resources]
      .filter(
        ([base]) =>
          uri === base || uri.startsWith(`${base}/`) || uri.startsWith(`${base}{`) || uri.startsWith(`${base}?`),
      )
      .flatMap(([, g]) => g);
    return withGroups(entry, [...new Set(names)]);
  });
}

/** Every schema tool's wire name by namespace and name, from the names in serving order (schema, then tool). */
export function toolNamesByMember(
  schemas: readonly SchemaModel[],
  wireNames: readonly string[],
): (member: SelectionMember) => string[] {
  const byMember = new Map<string, string[]>();
  let index = 0;
  for (const schema of schemas) {
    for (const tool of schema.tools) {
      const name = wireNames[index++];
      if (name === undefined) continue;
      const key = `${schema.namespace}/${tool.name}`;
      byMember.set(key, [...(byMember.get(key) ?? []), name]);
    }
  }
  return (member) => byMember.get(`${member.namespace}/${member.name}`) ?? [];
}
