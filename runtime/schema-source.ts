/**
 * The schemas a runtime serves, read one at a time. A built bundle keeps each schema's data as text
 * in a file beside it and parses a schema on first need (the first call of one of its tools), so a
 * start-up that only lists tools parses none. Tools, resources and prompts are found by position:
 * a listing holds each schema's tools in a row, in schema order.
 */
import type { SchemaModel } from './model.ts';

export interface SchemaSource {
  readonly length: number;
  /** How many tools schema `index` serves. */
  toolCount(index: number): number;
  /** Schema `index`, parsed on its first call and kept. */
  at(index: number): SchemaModel;
  /** Whether some schema has resources, prompts or skills (those are made at start). */
  readonly hasPrimitives: boolean;
  /**
   * The indexes of the schemas with resources, prompts or skills, when known without reading any (a
   * build records them): then only those are read at start, not every schema.
   */
  readonly primitiveIndexes?: readonly number[];
  /** Schema `index`'s namespace without reading it (a build records it), to find a `<namespace>/tool/<name>`. */
  namespaceOf?(index: number): string;
}

const isSource = (schemas: readonly SchemaModel[] | SchemaSource): schemas is SchemaSource =>
  typeof (schemas as SchemaSource).at === 'function' && !Array.isArray(schemas);

/** Every schema, parsing those not read yet (an array is returned as it is). */
export function allSchemas(schemas: readonly SchemaModel[] | SchemaSource): readonly SchemaModel[] {
  if (!isSource(schemas)) return schemas;
  return Array.from({ length: schemas.length }, (_, index) => schemas.at(index));
}

/** The schemas as a source; an array's schemas are all read already. */
export function sourceOf(schemas: readonly SchemaModel[] | SchemaSource): SchemaSource {
  if (isSource(schemas)) return schemas;
  return {
    length: schemas.length,
    toolCount: (index) => schemas[index]!.tools.length,
    at: (index) => schemas[index]!,
    hasPrimitives: schemas.some(
      (s) => s.resources.length > 0 || (s.documents?.length ?? 0) > 0 || s.prompts.length > 0 || s.skills.length > 0,
    ),
  };
}

/** The number of tools all schemas serve, without reading any. */
export function toolTotal(source: SchemaSource): number {
  let total = 0;
  for (let index = 0; index < source.length; index++) total += source.toolCount(index);
  return total;
}
