/**
 * The wire name of a tool that a prompt or skill names, found through a schema source and the served
 * listing without reading the schemas that hold no such tool: a plain name within the naming schema
 * (the listing holds each schema's tools in a row, in schema order), `<namespace>/tool/<name>` in
 * the first schema of that namespace that has the tool. What `createPrimitives` is given when it is
 * handed only the schemas with resources, prompts or skills.
 */
import type { Tool } from '@modelcontextprotocol/server';
import type { SchemaModel } from './model.ts';
import type { SchemaSource } from './schema-source.ts';

export type ToolNameOf = (schema: SchemaModel, reference: string) => string | undefined;

/** Resolves references of the schemas at `indexes` of `source`; `listing` is the served tool listing. */
export function sourceToolNames(
  source: SchemaSource,
  indexes: readonly number[],
  listing: () => readonly Tool[],
): ToolNameOf {
  const starts: number[] = [];
  for (let index = 0, position = 0; index < source.length; position += source.toolCount(index), index++)
    starts.push(position);
  let positions: Map<SchemaModel, number> | undefined;
  const nameIn = (index: number, schema: SchemaModel, tool: string): string | undefined => {
    // The last of a name wins, as a map filled in tool order keeps it.
    for (let at = schema.tools.length - 1; at >= 0; at--)
      if (schema.tools[at]!.name === tool) return listing()[starts[index]! + at]?.name;
    return undefined;
  };
  return (schema, reference) => {
    if (!reference.includes('/')) {
      positions ??= new Map(indexes.map((index) => [source.at(index), index]));
      const index = positions.get(schema);
      return index === undefined ? undefined : nameIn(index, schema, reference);
    }
    for (let index = 0; index < source.length; index++) {
      // Only schemas of the named namespace are read (all of them when the source cannot say).
      const namespace = source.namespaceOf?.(index);
      if (namespace !== undefined && !reference.startsWith(`${namespace}/tool/`)) continue;
      const candidate = source.at(index);
      const prefix = `${candidate.namespace}/tool/`;
      if (!reference.startsWith(prefix)) continue;
      const tool = reference.slice(prefix.length);
      if (candidate.tools.some((t) => t.name === tool)) {
        // The first schema with the tool wins, its first tool of that name.
        const at = candidate.tools.findIndex((t) => t.name === tool);
        return listing()[starts[index]! + at]?.name;
      }
    }
    return undefined;
  };
}
