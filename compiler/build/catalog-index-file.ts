/**
 * The catalog index file as the command line reads it (`catalog-index.ts` makes it): its name, its
 * shape and its reader, with nothing heavier, so that `toolkit search`'s fast start can read it.
 */
import type { DefaultValue } from '../../runtime/model.ts';

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

/** A resource, prompt or skill of the catalog, for `toolkit search`. */
export interface CatalogPrimitive {
  readonly kind: 'resource' | 'prompt' | 'skill';
  readonly namespace: string;
  /** The name in the schema. */
  readonly name: string;
  /** What an MCP client asks for: the resource's URI, or the prompt's name on the wire. */
  readonly wireName: string;
  readonly description: string;
  /** Extra search words: the schema's name, a resource's source, database and query names. */
  readonly hints: readonly string[];
}

export interface CatalogIndex {
  readonly version: 1;
  /** The catalog directory, relative to the directory holding this index. */
  readonly schemasDir: string;
  readonly schemas: readonly CatalogSchema[];
  readonly tools: readonly CatalogTool[];
  /** Resources, prompts and skills (absent in indexes of older builds). */
  readonly primitives?: readonly CatalogPrimitive[];
}

/** Reads a catalog index from parsed JSON, naming what is wrong when it is not one. */
export function readCatalogIndex(data: unknown): CatalogIndex {
  const index = data as Partial<CatalogIndex> | null;
  if (
    index === null ||
    typeof index !== 'object' ||
    index.version !== 1 ||
    typeof index.schemasDir !== 'string' ||
    !Array.isArray(index.schemas) ||
    !Array.isArray(index.tools)
  ) {
    throw new Error('not a toolkit catalog index (expected { version: 1, schemasDir, schemas, tools })');
  }
  return index as CatalogIndex;
}
