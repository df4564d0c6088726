/**
 * A tool's declared output as an MCP `outputSchema`, and the check that structured data matches it.
 *
 * Only `application/json` outputs whose schema is an object become an `outputSchema` (MCP requires
 * an object at the root). The conversion keeps types, properties, items, enums and descriptions and
 * turns `nullable` into a `null` type; it does not forbid extra properties or require any, because
 * real APIs add fields. Data that still does not fit becomes a readable tool error here instead of
 * a client-side validation failure the model never sees.
 */
import type { OutputModel } from './model.ts';

type Json = Record<string, unknown>;

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

function convert(node: unknown): Json {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return {};
  const source = node as Json;
  const out: Json = {};
  const type = source.type;
  if (typeof type === 'string' && TYPES.has(type))
    out.type = source.nullable === true && type !== 'null' ? [type, 'null'] : type;
  if (typeof source.description === 'string') out.description = source.description;
  if (Array.isArray(source.enum)) out.enum = source.nullable === true ? [...source.enum, null] : [...source.enum];
  if (source.properties !== null && typeof source.properties === 'object' && !Array.isArray(source.properties)) {
    out.properties = Object.fromEntries(Object.entries(source.properties as Json).map(([k, v]) => [k, convert(v)]));
  }
  if (source.items !== undefined) out.items = convert(source.items);
  return out;
}

/** The `outputSchema` to advertise, or undefined when the output is not a JSON object. */
export function outputJsonSchema(output: OutputModel | undefined): (Json & { type: 'object' }) | undefined {
  if (output?.mimeType !== 'application/json' || output.schema.type !== 'object') return undefined;
  const schema = convert(output.schema);
  return { ...schema, type: 'object' };
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** First mismatch between data and a converted schema, as `path: expected X, got Y`; undefined when it fits. */
export function findMismatch(schema: Json, value: unknown, path = '(root)'): string | undefined {
  const types =
    schema.type === undefined ? undefined : ((Array.isArray(schema.type) ? schema.type : [schema.type]) as string[]);
  if (types) {
    const actual = typeOf(value);
    const fits = types.some((t) => t === actual || (t === 'integer' && Number.isInteger(value)));
    if (!fits) return `${path}: expected ${types.join(' or ')}, got ${actual}`;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => allowed === value))
    return `${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(schema.properties as Record<string, Json>)) {
      const member = (value as Json)[key];
      if (member === undefined) continue;
      const problem = findMismatch(child, member, path === '(root)' ? key : `${path}.${key}`);
      if (problem) return problem;
    }
  }
  if (schema.items && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findMismatch(schema.items as Json, value[i], `${path === '(root)' ? '' : path}[${i}]`);
      if (problem) return problem;
    }
  }
  return undefined;
}
