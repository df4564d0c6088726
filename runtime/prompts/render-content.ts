/**
 * Fills the placeholders of prompt and skill content in one pass (a value is never read again for
 * placeholders): `{{tool:x}}` becomes the tool's wire name, `{{resource:x}}` the resource's URI,
 * `{{skill:x}}` the referenced skill's own content (rendered the same way; a reference back to a
 * skill already being rendered stays its name, though the compiler refuses such cycles), and
 * `{{input:x}}` the argument's value, or `<x>` when it was not given. A tool or resource that does
 * not resolve (the compiler warned about it) stays as its plain name.
 *
 * Rendering is bounded: skills that inline each other many times over (a DAG of fan-out 250 is
 * 250^depth copies) or a prompt naming one long input thousands of times would otherwise build
 * replies of gigabytes on the server's one thread. Past `MAX_RENDER_EXPANSIONS` placeholders or
 * `MAX_RENDER_CHARS` characters, rendering stops with a `RenderTooLarge` naming the limit.
 */
import type { SchemaModel, SkillModel } from '../model.ts';

/** Placeholders one rendering may fill, inlined skills' own included. */
export const MAX_RENDER_EXPANSIONS = 1_000;
/** Characters one rendering may produce (about the reply cap's 1 MiB). */
export const MAX_RENDER_CHARS = 1024 * 1024;

/** A prompt or skill whose rendering would pass a bound; the schema's author must inline less. */
export class RenderTooLarge extends Error {
  override readonly name = 'RenderTooLarge';
}

/** What one rendering has used so far, shared by the skills it inlines. */
export interface RenderBudget {
  /** The prompt as the client named it, for the error. */
  readonly label: string;
  expansions: number;
  chars: number;
}

export const renderBudget = (label: string): RenderBudget => ({ label, expansions: 0, chars: 0 });

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

export function renderContent(
  content: string,
  schema: SchemaModel,
  args: Readonly<Record<string, string>>,
  context: RenderContext,
  rendering: readonly string[] = [],
  budget: RenderBudget = renderBudget(rendering[0] ?? 'the content'),
): string {
  const spend = (chars: number): void => {
    budget.chars += chars;
    if (budget.chars > MAX_RENDER_CHARS)
      throw new RenderTooLarge(
        `prompt ${budget.label}: rendering makes over ${MAX_RENDER_CHARS} characters (the limit of one prompt); ` +
          `inline fewer skills or inputs`,
      );
  };
  // The text around placeholders (an upper bound: the placeholders themselves are counted too).
  spend(content.length);
  const leaf = (text: string): string => {
    spend(text.length);
    return text;
  };
  return content.replace(PLACEHOLDER, (whole, type: string, raw: string) => {
    budget.expansions += 1;
    if (budget.expansions > MAX_RENDER_EXPANSIONS)
      throw new RenderTooLarge(
        `prompt ${budget.label}: rendering fills over ${MAX_RENDER_EXPANSIONS} placeholders (the limit of one ` +
          `prompt, inlined skills included); inline fewer skills or inputs`,
      );
    const name = raw.trim();
    switch (type) {
      case 'tool':
        return leaf(context.toolName(schema, name) ?? name);
      case 'resource':
        return leaf(context.resourceUri(schema, name) ?? name);
      case 'input':
        return leaf(Object.hasOwn(args, name) ? args[name]! : `<${name}>`);
      case 'skill': {
        const skill = rendering.includes(name) ? undefined : context.skill(schema, name);
        return skill ? renderContent(skill.content, schema, args, context, [...rendering, name], budget) : leaf(name);
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
export function inlinedSkills(
  content: string,
  schema: SchemaModel,
  context: Pick<RenderContext, 'skill'>,
  seen: string[] = [],
): string[] {
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
