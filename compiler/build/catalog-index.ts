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
import { requiredServerKeys } from '../../runtime/upstream/request-assembly.ts';
import { buildSearchIndex, type SearchIndex } from '../../runtime/search/search-index.ts';
import { assignWireNames, namingFormatOf } from '../../runtime/wire-name.ts';
import { metaHints } from '../../runtime/toolset/search-entries.ts';

export const CATALOG_INDEX_FILE = 'catalog-index.json';
export const SEARCH_INDEX_FILE = 'search-index.json';

export interface CatalogParameter {
  readonly name: string;
  readonly type: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object';
  readonly required: boolean;
  readonly description?: string;
  readonly default?: DefaultValue;
  /** The values an enum accepts. */
  readonly values?: readonly string[];
}

export interface CatalogTool {
  /** The CLI name, `<tool_name>_<namespace>` (unique in the catalog). */
  readonly name: string;
  /** The MCP name a server of the whole catalog lists it under. */
  readonly wireName: string;
  readonly namespace: string;
  /** The tool name as written in the schema (camelCase). */
  readonly tool: string;
  readonly description: string;
  /** Index into `schemas`. */
  readonly schema: number;
  /** Server params (environment variables) a call of this tool needs. */
  readonly serverParams: readonly string[];
  /** The parameters a caller gives (fixed and server-filled ones are not listed). */
  readonly parameters: readonly CatalogParameter[];
}

export interface CatalogSchema {
  /** Schema file relative to the catalog directory, with `/` separators. */
  readonly file: string;
  readonly namespace: string;
  readonly name: string;
  readonly version: string;
  readonly requiredServerParams: readonly string[];
  readonly resources: readonly string[];
  readonly prompts: readonly string[];
  readonly skills: readonly string[];
}

export interface CatalogIndex {
  readonly version: 1;
  /** The catalog directory, relative to the directory holding this index. */
  readonly schemasDir: string;
  readonly schemas: readonly CatalogSchema[];
  readonly tools: readonly CatalogTool[];
}

/** Both indexes of a set of models (`file` of each model relative to the catalog directory). */
export function buildCatalogIndexes(models: readonly SchemaModel[], schemasDir: string): { catalog: CatalogIndex; search: SearchIndex } {
  const entries = models.flatMap((schema, index) => schema.tools.map((tool) => ({ schema, index, tool })));
  const cliNames = assignWireNames(entries.map(({ schema, tool }) => ({ namespace: schema.namespace, toolName: tool.name, source: schema.file })), { duplicatesByFile: true });
  const wireNames = assignWireNames(entries.map(({ schema, tool }) => ({ namespace: schema.namespace, toolName: tool.name, source: schema.file, format: namingFormatOf(schema.version) })), { duplicatesByFile: true });
  const tools: CatalogTool[] = entries.map(({ schema, index, tool }, i) => ({
    name: cliNames[i]!,
    wireName: wireNames[i]!,
    namespace: schema.namespace,
    tool: tool.name,
    description: tool.description,
    schema: index,
    serverParams: [...requiredServerKeys(schema, tool)].sort(),
    parameters: tool.parameters.filter((p) => p.visible).map((p): CatalogParameter => ({
      name: p.key,
      type: p.type.kind,
      required: !p.options.optional,
      ...(p.description ? { description: p.description } : {}),
      ...(p.options.default !== undefined ? { default: p.options.default } : {}),
      ...(p.type.kind === 'enum' ? { values: p.type.values } : {}),
    })),
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
  const search = buildSearchIndex(entries.map(({ schema, tool }, i) => ({
    name: wireNames[i]!,
    namespace: schema.namespace,
    tool: tool.name,
    description: tool.description,
    tags: schema.tags,
    // The schema's name, and the CLI name where the wire name differs (format 2.0.0 routes).
    hints: [schema.name, ...(cliNames[i] !== wireNames[i] ? [cliNames[i]!] : []), ...metaHints(tool)],
  })));
  return { catalog: { version: 1, schemasDir, schemas, tools }, search };
}

/** Reads a catalog index from parsed JSON, naming what is wrong when it is not one. */
export function readCatalogIndex(data: unknown): CatalogIndex {
  const index = data as Partial<CatalogIndex> | null;
  if (index === null || typeof index !== 'object' || index.version !== 1 || typeof index.schemasDir !== 'string' || !Array.isArray(index.schemas) || !Array.isArray(index.tools)) {
    throw new Error('not a toolkit catalog index (expected { version: 1, schemasDir, schemas, tools })');
  }
  return index as CatalogIndex;
}
