/**
 * Fills the placeholders of prompt and skill content in one pass (a value is never read again for
 * placeholders): `{{tool:x}}` becomes the tool's wire name, `{{resource:x}}` the resource's URI,
 * `{{skill:x}}` the referenced skill's own content (rendered the same way; a reference back to a
 * skill already being rendered stays its name, though the compiler refuses such cycles), and
 * `{{input:x}}` the argument's value, or `<x>` when it was not given. A tool or resource that does
 * not resolve (the compiler warned about it) stays as its plain name.
 */
import type { SchemaModel, SkillModel } from '../model.ts';

/** The same pattern the compiler reads placeholders with. */
const PLACEHOLDER = /\{\{([A-Za-z]+):([^{}]+)\}\}/g;

export interface RenderContext {
  /** The wire name of a tool: a plain name within `schema`, or `<namespace>/tool/<name>` of any served schema. */
  toolName(schema: SchemaModel, reference: string): string | undefined;
  /** The URI of a resource of `schema`. */
  resourceUri(schema: SchemaModel, name: string): string | undefined;
  /** A skill of `schema`. */
  skill(schema: SchemaModel, name: string): SkillModel | undefined;
}

export function renderContent(content: string, schema: SchemaModel, args: Readonly<Record<string, string>>, context: RenderContext, rendering: readonly string[] = []): string {
  return content.replace(PLACEHOLDER, (whole, type: string, raw: string) => {
    const name = raw.trim();
    switch (type) {
      case 'tool':
        return context.toolName(schema, name) ?? name;
      case 'resource':
        return context.resourceUri(schema, name) ?? name;
      case 'input':
        return Object.hasOwn(args, name) ? args[name]! : `<${name}>`;
      case 'skill': {
        const skill = rendering.includes(name) ? undefined : context.skill(schema, name);
        return skill ? renderContent(skill.content, schema, args, context, [...rendering, name]) : name;
      }
      default:
        return whole;
    }
  });
}

/** The names of the `{{input:x}}` placeholders of a text, in order of first use. */
export function inputNames(content: string): string[] {
  const names: string[] = [];
  for (const match of content.matchAll(PLACEHOLDER)) {
    const name = match[2]!.trim();
    if (match[1] === 'input' && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The names of the skills a text inlines, directly or through them (each once, cycles cut). */
export function inlinedSkills(content: string, schema: SchemaModel, context: Pick<RenderContext, 'skill'>, seen: string[] = []): string[] {
  for (const match of content.matchAll(PLACEHOLDER)) {
    const name = match[2]!.trim();
    if (match[1] !== 'skill' || seen.includes(name)) continue;
    const skill = context.skill(schema, name);
    if (!skill) continue;
    seen.push(name);
    inlinedSkills(skill.content, schema, context, seen);
  }
  return seen;
}
