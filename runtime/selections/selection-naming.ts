/**
 * How a set of schemas names what selections name, for `selectionGroups`: tools by wire name,
 * resources and documents by URI, prompts and skills (as prompts) by their prompt names, skills by
 * their `SKILL.md` URIs. Computed from the models and the served tool names alone, so a build and a
 * runtime without one mark the same entries.
 */
import type { SchemaModel, SelectionMember } from '../model.ts';
import { promptCatalog } from '../prompts/prompt-catalog.ts';
import { documentCatalog } from '../resources/documents/served-documents.ts';
import { resourceCatalog } from '../resources/resource-catalog.ts';
import { servableAsExtensionSkill } from '../skills/servable.ts';
import { skillPaths } from '../skills/skill-documents.ts';
import { toolNamesByMember, type SelectionNaming } from './selection-groups.ts';

export function selectionNaming(schemas: readonly SchemaModel[], toolNames: readonly string[]): SelectionNaming {
  const tools = toolNamesByMember(schemas, toolNames);
  const sqlite = resourceCatalog(schemas);
  const documents = documentCatalog(schemas, new Set(sqlite.resources.map((r) => r.uri)));
  const prompts = promptCatalog(schemas);
  const paths = skillPaths(schemas);
  const matches = (member: SelectionMember, schema: SchemaModel, name: string): boolean =>
    schema.namespace === member.namespace && name === member.name;
  return {
    tools,
    resources: (member) => [
      ...sqlite.resources.filter((r) => matches(member, r.schema, r.resource.name)).map((r) => r.uri),
      ...documents.filter((d) => matches(member, d.schema, d.document.name)).map((d) => d.uri),
    ],
    prompts: (member) =>
      prompts.filter((p) => p.kind === 'prompt' && matches(member, p.schema, p.model.name)).map((p) => p.name),
    skills: (member) => {
      const found = prompts.filter((p) => p.kind === 'skill' && matches(member, p.schema, p.model.name));
      return {
        prompts: found.map((p) => p.name),
        uris: found
          .filter((p) => servableAsExtensionSkill(p.model as { name: string; description: string }))
          .map((p) => `skill://${paths.get(p.model as never)}/SKILL.md`),
      };
    },
  };
}
