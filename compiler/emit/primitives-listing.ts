/**
 * The listings of a bundle's resources, resource templates, prompts and query tools, computed at
 * build time by the runtime's own `listPrimitives` and embedded as JSON text with its hash, with the
 * facts a start needs of the schemas (`primitive-facts.ts`): the bundle checks the hash before serving
 * (like the tool listing) and answers the list requests from it without reading any schema. The
 * skills' files (`skillFilesJson`) are made here too, by the runtime's own code, for the data file.
 */
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel, SelectionModel } from '../../runtime/model.ts';
import { createPrimitives, listPrimitives } from '../../runtime/resources/primitives.ts';
import { primitiveFactsOf, type BuildPrimitiveFacts } from '../../runtime/resources/primitive-facts.ts';

/**
 * The JSON text of the listings of `models` (as the bundle serves them) and its hash; `toolNames` are their tools' wire
 * names.
 */
export function primitivesListing(
  models: readonly SchemaModel[],
  toolNames: readonly string[],
  selections: readonly SelectionModel[] = [],
): { readonly json: string; readonly hash: string; readonly facts: BuildPrimitiveFacts } {
  const listing = listPrimitives(models, toolNames, selections);
  const json = JSON.stringify(listing);
  const facts: BuildPrimitiveFacts = {
    ...primitiveFactsOf(models),
    resourceEntries: listing.resources.length + listing.templates.length,
    promptEntries: listing.prompts.length,
    groups: (listing.groups?.length ?? 0) > 0,
  };
  return { json, hash: sha256(json), facts };
}

/**
 * The skills' files of `models` as the runtime serves them through the skills extension (JSON), or
 * undefined when no skill is served that way; `toolNames` are their tools' wire names.
 */
export function skillFilesJson(models: readonly SchemaModel[], toolNames: readonly string[]): string | undefined {
  const primitives = createPrimitives(models, () => toolNames);
  try {
    const files = primitives.skillFiles();
    return files === undefined ? undefined : JSON.stringify(files);
  } finally {
    primitives.close();
  }
}
