/**
 * An author-written `freeQuery` in a 3.x resource is dropped: the runtime injects its own, guarded
 * one under that name (RES021 otherwise). Clients then get the runtime's, which the plan says.
 */
import { ts } from 'ts-morph';
import { detectFormat } from '../conversion.ts';
import { nodeAt, propertyOf } from '../schema-ast.ts';
import type { SourceEdit } from '../source-edits.ts';
import { isObject, removePropertyEdit, type Fixer } from './fixer.ts';

export const resourceFreeQuery: Fixer = {
  id: 'resource-free-query',
  summary: 'an author-written freeQuery in a resource is dropped (the runtime provides its own)',
  plan(ast) {
    const resources = ast.value.resources;
    if (detectFormat(ast.value.version) !== 3 || !isObject(resources)) return { edits: [] };
    const edits: SourceEdit[] = [];
    const behaviour: string[] = [];
    for (const [name, resource] of Object.entries(resources)) {
      if (!isObject(resource) || !isObject(resource.queries) || resource.queries.freeQuery === undefined) continue;
      const queries = nodeAt(ast.main, ['resources', name, 'queries']);
      const property = queries && ts.isObjectLiteralExpression(queries) ? propertyOf(queries, 'freeQuery') : undefined;
      if (!property) continue;
      edits.push(
        removePropertyEdit(
          ast.text,
          property,
          `resource ${name}: the author's freeQuery dropped (the runtime injects its own)`,
        ),
      );
      behaviour.push(
        `resource ${name}: freeQuery is now the runtime's own (read-only, row-capped), not the one the file defined`,
      );
    }
    return { edits, behaviour };
  },
};
