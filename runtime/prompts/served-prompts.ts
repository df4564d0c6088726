/**
 * `ServedPrompts` over a set of schemas: the listing (computed here or taken from a build), and
 * `get`, which checks the arguments (known names, required ones present, a skill input's type) and
 * returns the content rendered as one user message.
 */
import type { SchemaModel } from '../model.ts';
import { now, schemasNow, type LazySchemas, type Later } from '../resources/lazy-schemas.ts';
import {
  InvalidArgumentsError,
  PromptNotFoundError,
  type GetPromptResult,
  type PromptEntry,
  type ServedPrompts,
} from '../served-primitives.ts';
import { listPrompts, promptCatalog, skillOf, type CatalogPrompt } from './prompt-catalog.ts';
import { renderBudget, renderContent, type RenderContext } from './render-content.ts';

/** The longest argument value accepted. */
export const MAX_ARGUMENT_LENGTH = 10_000;

/** How the runtime names what prompts refer to: tool wire names and resource URIs. */
export interface PromptReferences {
  toolName(schema: SchemaModel, reference: string): string | undefined;
  resourceUri(schema: SchemaModel, name: string): string | undefined;
}

function checkArguments(prompt: CatalogPrompt, args: Readonly<Record<string, string>>): void {
  const known = new Set(prompt.arguments.map((a) => a.name));
  for (const [name, value] of Object.entries(args)) {
    if (!known.has(name))
      throw new InvalidArgumentsError(
        `prompt ${prompt.name} has no argument ${JSON.stringify(name.slice(0, 40))}` +
          `${known.size ? ` (arguments: ${[...known].join(', ')})` : ' (it takes none)'}`,
      );
    if (typeof value !== 'string') throw new InvalidArgumentsError(`argument ${name} must be a string`);
    if (value.length > MAX_ARGUMENT_LENGTH)
      throw new InvalidArgumentsError(`argument ${name} is longer than ${MAX_ARGUMENT_LENGTH} characters`);
    const input = prompt.inputs.get(name);
    if (input?.type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value))))
      throw new InvalidArgumentsError(`argument ${name} must be a number, got ${JSON.stringify(value.slice(0, 40))}`);
    if (input?.type === 'boolean' && value !== 'true' && value !== 'false')
      throw new InvalidArgumentsError(
        `argument ${name} must be true or false, got ${JSON.stringify(value.slice(0, 40))}`,
      );
    if (input?.type === 'enum' && !(input.values ?? []).includes(value))
      throw new InvalidArgumentsError(
        `argument ${name} must be one of ${(input.values ?? []).join(', ')}, got ${JSON.stringify(value.slice(0, 40))}`,
      );
  }
  for (const argument of prompt.arguments) {
    if (argument.required && !Object.hasOwn(args, argument.name))
      throw new InvalidArgumentsError(`prompt ${prompt.name} needs the argument ${argument.name}`);
  }
}

/**
 * The prompts of `schemas` (read on first need); `listing` is the answer a build computed ahead
 * (`listPrompts(promptCatalog(schemas))`).
 */
export function createServedPrompts(
  schemas: LazySchemas,
  references: PromptReferences,
  listing?: Later<readonly PromptEntry[]>,
): ServedPrompts & { readonly catalog: readonly CatalogPrompt[] } {
  let catalog: CatalogPrompt[] | undefined;
  let byName: Map<string, CatalogPrompt> | undefined;
  let listed: readonly PromptEntry[] | undefined;
  const catalogOf = (): CatalogPrompt[] => (catalog ??= promptCatalog(schemasNow(schemas)));
  const context: RenderContext = { ...references, skill: skillOf };
  return {
    get prompts() {
      return (listed ??= listing === undefined ? listPrompts(catalogOf()) : now(listing));
    },
    get catalog() {
      return catalogOf();
    },
    async get(name, args) {
      const prompt = (byName ??= new Map(catalogOf().map((p) => [p.name, p]))).get(name);
      if (!prompt) throw new PromptNotFoundError(name);
      const given = args ?? {};
      checkArguments(prompt, given);
      const text = renderContent(
        prompt.model.content,
        prompt.schema,
        given,
        context,
        prompt.kind === 'skill' ? [prompt.model.name] : [],
        renderBudget(prompt.name),
      );
      return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
    },
  };
}
