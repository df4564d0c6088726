/**
 * The listings of a bundle's resources, resource templates, prompts and query tools, computed at
 * build time by the runtime's own `listPrimitives` and embedded as JSON text with its hash: the
 * bundle checks the hash before serving (like the tool listing) and answers the list requests from
 * it without computing anything at start.
 */
import { sha256 } from '../../runtime/hash.ts';
import type { SchemaModel, SelectionModel } from '../../runtime/model.ts';
import { listPrimitives } from '../../runtime/resources/primitives.ts';

/**
 * The JSON text of the listings of `models` (as the bundle serves them) and its hash; `toolNames` are their tools' wire
 * names.
 */
export function primitivesListing(
  models: readonly SchemaModel[],
  toolNames: readonly string[],
  selections: readonly SelectionModel[] = [],
): { readonly json: string; readonly hash: string } {
  const json = JSON.stringify(listPrimitives(models, toolNames, selections));
  return { json, hash: sha256(json) };
}
