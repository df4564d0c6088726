/**
 * The tool's `output`: the first 2xx response with a JSON body (`application/json`, `*+json`),
 * written with the keywords the format has (`type`, `properties`, `items`, `nullable`, `format`),
 * nested at most four levels (deeper objects keep only their type). It states what the document
 * says the API sends; the runtime then reports an answer that contradicts it as a tool error, so
 * enums (which real APIs extend) and descriptions (which only cost listing size) are left out, and
 * a `oneOf` of different kinds is written without a type.
 */
import type { References } from './references.ts';
import { viewSchema, type SchemaView } from './schema-view.ts';
import type { SourceOperation } from './operations.ts';

type Json = Record<string, unknown>;

const MAX_LEVEL = 4;
const FORMATS = new Set(['date-time', 'uri']);
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean']);

const isJsonType = (type: string): boolean =>
  type === 'application/json' ||
  /^application\/[^;]*\+json/.test(type) ||
  type === '*/*' ||
  type.startsWith('application/json;');

/** Outputs already written, by document, schema node and level: shared, so never changed once made. */
const converted = new WeakMap<References, WeakMap<object, Json[]>>();

/** A member's schema at `level`, converted once per document. */
function convertNode(node: unknown, refs: References, level: number): Json {
  if (node === null || typeof node !== 'object') return convert(viewSchema(node, refs), refs, level);
  let byNode = converted.get(refs);
  if (byNode === undefined) converted.set(refs, (byNode = new WeakMap()));
  let byLevel = byNode.get(node);
  if (byLevel === undefined) byNode.set(node, (byLevel = []));
  return (byLevel[level] ??= convert(viewSchema(node, refs), refs, level));
}

function convert(view: SchemaView, refs: References, level: number): Json {
  const out: Json = {};
  let type = view.type;
  if (type === undefined && view.branches) {
    const kinds = new Set(view.branches.map((b) => b.type));
    if (kinds.size === 1) type = [...kinds][0];
    if (kinds.size === 2 && kinds.has('integer') && kinds.has('number')) type = 'number';
  }
  if (type !== undefined && TYPES.has(type)) out.type = type;
  if (view.nullable && out.type !== undefined) out.nullable = true;
  if (view.format && FORMATS.has(view.format) && out.type === 'string') out.format = view.format;
  if (level >= MAX_LEVEL) return out;
  if (out.type === 'object' && view.properties && !view.branches) {
    const properties: Json = {};
    for (const [name, child] of Object.entries(view.properties)) properties[name] = convertNode(child, refs, level + 1);
    if (Object.keys(properties).length > 0) out.properties = properties;
  }
  if (out.type === 'array' && view.items !== undefined) {
    const items = convertNode(view.items, refs, level + 1);
    if (Object.keys(items).length > 0) out.items = items;
  }
  return out;
}

/** The output block for an operation, or undefined when it answers nothing JSON-shaped the format can describe. */
export function outputOf(
  operation: SourceOperation,
  refs: References,
): { mimeType: 'application/json'; schema: Json } | undefined {
  const statuses = [...operation.responses.keys()].filter((s) => /^2(\d\d|XX)$/i.test(s)).sort();
  for (const status of statuses) {
    const media = operation.responses.get(status)!;
    const entry = [...media.entries()].find(([type]) => isJsonType(type));
    if (!entry || entry[1] === undefined) continue;
    const view = viewSchema(entry[1], refs);
    const schema = convert(view, refs, 1);
    if (schema.type === 'object' || schema.type === 'array') {
      // The root can be null only in the document's eyes: an empty answer is never data.
      delete schema.nullable;
      return { mimeType: 'application/json', schema };
    }
    return undefined;
  }
  return undefined;
}
