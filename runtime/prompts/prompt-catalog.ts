/**
 * What a set of schemas serves as MCP prompts: each prompt (`main.prompts`) and each skill
 * (`main.skills`), named on the wire like tools (`snake(name)_<namespace>`, a short hash added when
 * two would share a name), with their arguments: a skill's declared inputs (then those of the
 * skills it inlines, optional), a prompt's `{{input:x}}` placeholders (optional). Computed from the
 * models alone, for the runtime and for the listing a build embeds.
 */
import type { PromptModel, SchemaModel, SkillInputModel, SkillModel } from '../model.ts';
import type { PromptArgumentEntry, PromptEntry } from '../served-primitives.ts';
import { assignWireNames } from '../wire-name.ts';
import { inlinedSkills, inputNames } from './render-content.ts';

export interface CatalogPrompt {
  readonly schema: SchemaModel;
  readonly kind: 'prompt' | 'skill';
  readonly model: PromptModel | SkillModel;
  /** The name on the wire. */
  readonly name: string;
  readonly description: string;
  readonly arguments: readonly PromptArgumentEntry[];
  /** Declared inputs by key (skills), for checking argument values. */
  readonly inputs: ReadonlyMap<string, SkillInputModel>;
}

/** A skill of a schema by name. */
export const skillOf = (schema: SchemaModel, name: string): SkillModel | undefined =>
  schema.skills.find((s) => s.name === name);

function inputArgument(input: SkillInputModel, required: boolean): PromptArgumentEntry {
  const kind = input.type === 'enum' ? `one of ${(input.values ?? []).join(', ')}` : input.type;
  return { name: input.key, description: `${input.description} (${kind})`, required };
}

function skillArguments(
  schema: SchemaModel,
  skill: SkillModel,
): { args: PromptArgumentEntry[]; inputs: Map<string, SkillInputModel> } {
  const inputs = new Map<string, SkillInputModel>();
  const args: PromptArgumentEntry[] = [];
  for (const input of skill.input) {
    if (inputs.has(input.key)) continue;
    inputs.set(input.key, input);
    args.push(inputArgument(input, input.required));
  }
  for (const name of inlinedSkills(skill.content, schema, { skill: (s, n) => skillOf(s, n) }, [skill.name]).slice(1)) {
    for (const input of skillOf(schema, name)?.input ?? []) {
      if (inputs.has(input.key)) continue;
      inputs.set(input.key, input);
      args.push(inputArgument(input, false));
    }
  }
  return { args, inputs };
}

/** Every prompt and skill of these schemas, in schema order, prompts before skills. */
export function promptCatalog(schemas: readonly SchemaModel[]): CatalogPrompt[] {
  const drafts: Omit<CatalogPrompt, 'name'>[] = [];
  for (const schema of schemas) {
    for (const prompt of schema.prompts) {
      const args = inputNames(prompt.content).map(
        (name): PromptArgumentEntry => ({ name, description: `fills {{input:${name}}} in the text`, required: false }),
      );
      drafts.push({
        schema,
        kind: 'prompt',
        model: prompt,
        description: prompt.description,
        arguments: args,
        inputs: new Map(),
      });
    }
    for (const skill of schema.skills) {
      const { args, inputs } = skillArguments(schema, skill);
      drafts.push({
        schema,
        kind: 'skill',
        model: skill,
        description: `${skill.description}${skill.output ? ` Result: ${skill.output}` : ''}`,
        arguments: args,
        inputs,
      });
    }
  }
  const names = assignWireNames(
    drafts.map((d) => ({
      namespace: d.schema.namespace,
      toolName: d.model.name,
      source: `${d.schema.file}#${d.kind}`,
    })),
  );
  return drafts.map((draft, index) => ({ ...draft, name: names[index]! }));
}

/** The `prompts/list` answer for a prompt catalog. */
export function listPrompts(catalog: readonly CatalogPrompt[]): PromptEntry[] {
  return catalog.map((p) => ({
    name: p.name,
    description: p.description,
    ...(p.arguments.length ? { arguments: p.arguments.map((a) => ({ ...a })) } : {}),
  }));
}
