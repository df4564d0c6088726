/**
 * The prior art's (3.1) form of a resource query, read as the spec's: `parameters` as an array of
 * `{ position: { key, value: '{{USER_PARAM}}' }, z: { primitive, options } }` bound to the `?`
 * placeholders in array order, and `output` as `{ mimeType: 'application/json', schema }`. One
 * reading for the rules (resources.ts) and the model (normalize.ts), so the two cannot disagree.
 */
import { parseOption, parsePrimitive } from '../parse/primitive.ts';
import { isObject, isString, isStringArray, show, type Obj } from './checks.ts';
import { unquote } from './primitive-options.ts';

/** One parameter in the spec's object form, and what could not be read of it. */
export interface ReadParameter {
  readonly name: string;
  readonly definition?: { type: string; required: boolean; default?: string | number | boolean; description?: string };
  readonly problem?: string;
  /** Constraint options (min, max, length, regex) the spec form has no place for: not enforced. */
  readonly ignored: readonly string[];
}

const SCALAR_PRIMITIVES = new Set(['string', 'number', 'boolean']);

/** Reads one `{ position, z }` entry of an array-form query parameter list. */
export function readArrayParameter(entry: unknown, index: number): ReadParameter {
  const fallback = `#${index + 1}`;
  if (!isObject(entry) || !isObject(entry.position) || !isObject(entry.z))
    return { name: fallback, problem: 'must be { position: { key, value }, z: { primitive, options } }', ignored: [] };
  const { position, z } = entry;
  const name = isString(position.key) && position.key !== '' ? position.key : fallback;
  if (name === fallback) return { name, problem: 'position.key must be a non-empty string', ignored: [] };
  if (position.value !== '{{USER_PARAM}}')
    return {
      name,
      problem:
        `position.value must be '{{USER_PARAM}}' (a query parameter is the client's input), got ` +
        `${show(position.value)}`,
      ignored: [],
    };
  if (position.location !== undefined)
    return { name, problem: 'a query parameter has no position.location (it binds to a ? placeholder)', ignored: [] };
  const primitive = parsePrimitive(isString(z.primitive) ? z.primitive : '');
  if (!SCALAR_PRIMITIVES.has(primitive.kind))
    return {
      name,
      problem: `z.primitive must be string(), number() or boolean(), got ${show(z.primitive)}`,
      ignored: [],
    };
  const type = primitive.kind;
  const options = z.options === undefined ? [] : z.options;
  if (!isStringArray(options)) return { name, problem: 'z.options must be an array of strings', ignored: [] };
  let required = true;
  let fallbackValue: string | number | boolean | undefined;
  const ignored: string[] = [];
  for (const text of options) {
    const option = parseOption(text);
    if (option.kind === 'optional') required = false;
    else if (option.kind === 'default') {
      const arg = option.argument.trim();
      const value =
        type === 'number'
          ? Number(arg)
          : type === 'boolean'
            ? arg === 'true'
              ? true
              : arg === 'false'
                ? false
                : undefined
            : unquote(arg);
      if (value === undefined || (typeof value === 'number' && (arg === '' || !Number.isFinite(value))))
        return { name, problem: `${text}: not a ${type}`, ignored: [] };
      fallbackValue = value;
      required = false;
    } else if (option.kind === 'min' || option.kind === 'max' || option.kind === 'length' || option.kind === 'regex')
      ignored.push(text);
    else
      return {
        name,
        problem: `option ${show(text)} is not one of optional(), default(…), min, max, length, regex`,
        ignored: [],
      };
  }
  const description = isString(entry.description)
    ? entry.description
    : isString(z.description)
      ? z.description
      : undefined;
  return {
    name,
    definition: {
      type,
      required,
      ...(fallbackValue !== undefined ? { default: fallbackValue } : {}),
      ...(description !== undefined ? { description } : {}),
    },
    ignored,
  };
}

/** A query's parameters in the spec's object form (keyed by name, in binding order), whichever form was written. */
export function queryParametersOf(query: Obj): Record<string, Obj> {
  if (Array.isArray(query.parameters)) {
    const out: Record<string, Obj> = {};
    query.parameters.forEach((entry, index) => {
      const read = readArrayParameter(entry, index);
      if (read.definition) out[read.name] = read.definition;
    });
    return out;
  }
  return isObject(query.parameters) ? (query.parameters as Record<string, Obj>) : {};
}

/**
 * The columns a query's `output` names: `{ columns }`, or in the prior-art form the property names
 * of `schema.items` (none when the schema does not say). Undefined when the output is not readable.
 */
export function queryColumnsOf(output: unknown): readonly string[] | undefined {
  if (!isObject(output)) return undefined;
  if (isStringArray(output.columns)) return output.columns;
  if (output.mimeType !== 'application/json' || !isObject(output.schema) || output.schema.type !== 'array')
    return undefined;
  const items = output.schema.items;
  if (items === undefined) return [];
  if (!isObject(items)) return undefined;
  return isObject(items.properties) ? Object.keys(items.properties) : [];
}
