/**
 * The resources, prompts and skills of a catalog as `toolkit search` finds them: named as an MCP
 * client asks for them (a resource's URI, a prompt's wire name, as the runtime serves them), with
 * the words a searcher may use (a SQLite resource is found by `sqlite`, its database and queries).
 */
import type { SchemaModel } from '../../runtime/model.ts';
import { promptCatalog } from '../../runtime/prompts/prompt-catalog.ts';
import { resourceCatalog } from '../../runtime/resources/resource-catalog.ts';
import type { CatalogPrimitive } from './catalog-index-file.ts';

export function primitiveEntries(models: readonly SchemaModel[]): CatalogPrimitive[] {
  const resources = resourceCatalog(models).resources.map(
    ({ schema, resource, uri }): CatalogPrimitive => ({
      kind: 'resource',
      namespace: schema.namespace,
      name: resource.name,
      wireName: uri,
      description: resource.description,
      hints: [
        schema.name,
        'resource',
        resource.source,
        resource.database.replace(/\.[a-z]+$/, ''),
        ...resource.queries.map((query) => query.name),
      ],
    }),
  );
  const prompts = promptCatalog(models).map(
    ({ schema, kind, model, name, description }): CatalogPrimitive => ({
      kind,
      namespace: schema.namespace,
      name: model.name,
      wireName: name,
      description,
      hints: [schema.name, kind],
    }),
  );
  return [...resources, ...prompts];
}
