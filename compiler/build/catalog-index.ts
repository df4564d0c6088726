/**
 * What the command line knows about a catalog without loading it: written by `toolkit build` beside
 * its output (and computed in memory by the CLI when there is no build). Two files:
 *
 * - `search-index.json`: the shared search index (`runtime/search`), one entry per tool under its
 *   MCP wire name, ranked by `toolkit search` and the toolset mode;
 * - `catalog-index.json`: each tool's CLI name (`<tool_name>_<namespace>`), wire name, schema,
 *   server params and visible parameters, for `add`, `list`, `status`, `call` and agent checks.
 *
 * Plain JSON in serving order, with the catalog directory relative to the index's own directory,
 * so the same schemas give the same bytes wherever they are built.
 */
import type { DefaultValue, SchemaModel } from '../../runtime/model.ts';
import type { CatalogIndex, CatalogParameter, CatalogSchema, CatalogTool } from './catalog-index-file.ts';
import { primitiveEntries } from './primitive-entries.ts';
import { requiredServerKeys } from '../../runtime/upstream/request-assembly.ts';
import { buildSearchIndex, type SearchIndex } from '../../runtime/search/search-index.ts';
import { assignWireNames, namingFormatOf } from '../../runtime/wire-name.ts';
import { metaHints } from '../../runtime/toolset/search-entries.ts';

export * from './catalog-index-file.ts';

/** Both indexes of a set of models (`file` of each model relative to the catalog directory). */
export function buildCatalogIndexes(
  models: readonly SchemaModel[],
  schemasDir: string,
): { catalog: CatalogIndex; search: SearchIndex } {
  const entries = models.flatMap((schema, index) => schema.tools.map((tool) => ({ schema, index, tool })));
  const cliNames = assignWireNames(
    entries.map(({ schema, tool }) => ({ namespace: schema.namespace, toolName: tool.name, source: schema.file })),
    { duplicatesByFile: true },
  );
  const wireNames = assignWireNames(
    entries.map(({ schema, tool }) => ({
      namespace: schema.namespace,
      toolName: tool.name,
      source: schema.file,
      format: namingFormatOf(schema.version),
    })),
    { duplicatesByFile: true },
  );
  const tools: CatalogTool[] = entries.map(({ schema, index, tool }, i) => ({
    name: cliNames[i]!,
    wireName: wireNames[i]!,
    namespace: schema.namespace,
    tool: tool.name,
    description: tool.description,
    schema: index,
    serverParams: [...requiredServerKeys(schema, tool)].sort(),
    parameters: tool.parameters
      .filter((p) => p.visible)
      .map(
        (p): CatalogParameter => ({
          name: p.key,
          type: p.type.kind,
          required: !p.options.optional,
          ...(p.description ? { description: p.description } : {}),
          ...(p.options.default !== undefined ? { default: p.options.default } : {}),
          ...(p.type.kind === 'enum' ? { values: p.type.values } : {}),
        }),
      ),
  }));
  const schemas: CatalogSchema[] = models.map((m) => ({
    file: m.file,
    namespace: m.namespace,
    name: m.name,
    version: m.version,
    requiredServerParams: m.requiredServerParams,
    resources: m.resources.map((r) => r.name),
    prompts: m.prompts.map((p) => p.name),
    skills: m.skills.map((s) => s.name),
  }));
  const search = buildSearchIndex(
    entries.map(({ schema, tool }, i) => ({
      name: wireNames[i]!,
      namespace: schema.namespace,
      tool: tool.name,
      description: tool.description,
      tags: schema.tags,
      // The schema's name, and the CLI name where the wire name differs (format 2.0.0 routes).
      hints: [schema.name, ...(cliNames[i] !== wireNames[i] ? [cliNames[i]!] : []), ...metaHints(tool)],
    })),
  );
  return { catalog: { version: 1, schemasDir, schemas, tools, primitives: primitiveEntries(models) }, search };
}
