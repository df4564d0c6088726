/**
 * One reading of a JSON-Schema-like node whatever the dialect wrote: references resolved, `allOf`
 * merged, `nullable` (3.0), `x-nullable` (Swagger 2.0) and `type: [T, 'null']` (3.1) as one flag,
 * a `oneOf`/`anyOf` with a single non-null branch read as that branch. Several real branches stay
 * `branches` for the caller to judge. Depth is bounded, so self-referencing schemas end.
 */
import type { References } from './references.ts';
import { isObject } from '../../../runtime/is-object.ts';

type Json = Record<string, unknown>;

export interface SchemaView {
  /** `string`, `number`, `integer`, `boolean`, `array`, `object`, or undefined (any). */
  readonly type?: string;
  readonly nullable: boolean;
  readonly format?: string;
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly items?: unknown;
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required: readonly string[];
  readonly additionalProperties?: unknown;
  readonly readOnly: boolean;
  readonly examples: readonly unknown[];
  /** The real alternatives of a `oneOf`/`anyOf` (two or more), as views. */
  readonly branches?: readonly SchemaView[];
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const EMPTY: SchemaView = { nullable: false, required: [], readOnly: false, examples: [] };

/** How deep `allOf` members and composed branches are followed. */
const MAX_DEPTH = 12;

/**
 * Views already made, by document, node and depth: a document reuses its schemas in many places. Views are never
 * changed.
 */
const made = new WeakMap<References, WeakMap<object, SchemaView[]>>();

export function viewSchema(node: unknown, refs: References, depth = 0): SchemaView {
  if (node === null || typeof node !== 'object') return EMPTY;
  let byNode = made.get(refs);
  if (byNode === undefined) made.set(refs, (byNode = new WeakMap()));
  let byDepth = byNode.get(node);
  if (byDepth === undefined) byNode.set(node, (byDepth = []));
  return (byDepth[depth] ??= makeView(node, refs, depth));
}

function makeView(node: object, refs: References, depth: number): SchemaView {
  const schema = refs.resolve(node);
  if (!isObject(schema) || depth > MAX_DEPTH) return EMPTY;
  let type: string | undefined;
  let nullable = schema.nullable === true || schema['x-nullable'] === true;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t): t is string => typeof t === 'string');
    nullable ||= types.includes('null');
    const real = types.filter((t) => t !== 'null');
    type =
      real.length === 1
        ? real[0]
        : real.length === 2 && real.includes('integer') && real.includes('number')
          ? 'number'
          : undefined;
  } else if (typeof schema.type === 'string') {
    if (schema.type === 'null') nullable = true;
    else type = schema.type;
  }
  const examples: unknown[] = [];
  if (schema.example !== undefined) examples.push(schema.example);
  if (Array.isArray(schema.examples)) examples.push(...schema.examples);
  let view: {
    -readonly [K in keyof SchemaView]: SchemaView[K];
  } = {
    ...(type !== undefined ? { type } : {}),
    nullable,
    ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
    ...(typeof schema.description === 'string'
      ? { description: schema.description }
      : typeof schema.title === 'string'
        ? { description: schema.title }
        : {}),
    ...(Array.isArray(schema.enum)
      ? { enum: schema.enum }
      : schema.const !== undefined
        ? { enum: [schema.const] }
        : {}),
    ...(schema.default !== undefined ? { default: schema.default } : {}),
    ...(num(schema.minimum) !== undefined ? { minimum: num(schema.minimum)! } : {}),
    ...(num(schema.maximum) !== undefined ? { maximum: num(schema.maximum)! } : {}),
    ...(num(schema.exclusiveMinimum) !== undefined
      ? { minimum: num(schema.exclusiveMinimum)!, exclusiveMinimum: true }
      : schema.exclusiveMinimum === true
        ? { exclusiveMinimum: true }
        : {}),
    ...(num(schema.exclusiveMaximum) !== undefined
      ? { maximum: num(schema.exclusiveMaximum)!, exclusiveMaximum: true }
      : schema.exclusiveMaximum === true
        ? { exclusiveMaximum: true }
        : {}),
    ...(num(schema.minLength) !== undefined ? { minLength: num(schema.minLength)! } : {}),
    ...(num(schema.maxLength) !== undefined ? { maxLength: num(schema.maxLength)! } : {}),
    ...(num(schema.minItems) !== undefined ? { minItems: num(schema.minItems)! } : {}),
    ...(num(schema.maxItems) !== undefined ? { maxItems: num(schema.maxItems)! } : {}),
    ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}),
    ...(schema.items !== undefined ? { items: schema.items } : {}),
    ...(isObject(schema.properties) ? { properties: schema.properties } : {}),
    required: Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
    ...(schema.additionalProperties !== undefined ? { additionalProperties: schema.additionalProperties } : {}),
    readOnly: schema.readOnly === true,
    examples,
  };
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) view = merge(view, viewSchema(member, refs, depth + 1));
  }
  const composed = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (composed) {
    const branches = composed.map((b) => viewSchema(b, refs, depth + 1));
    const real = branches.filter(
      (b) => !(b.type === undefined && b.nullable && b.properties === undefined && b.enum === undefined),
    );
    if (real.length < branches.length) view.nullable = true;
    if (real.length === 1) view = merge(view, real[0]!);
    else if (real.length > 1) view.branches = real;
  }
  if (view.type === undefined) {
    if (view.properties !== undefined) view.type = 'object';
    else if (view.items !== undefined) view.type = 'array';
  }
  return view;
}

/** `allOf`: the later member adds what the earlier lacks; properties and `required` are united. */
function merge(a: SchemaView, b: SchemaView): SchemaView & Json {
  const out: Json = { ...b, ...stripUndefined(a) };
  if (a.properties || b.properties) out.properties = { ...(b.properties ?? {}), ...(a.properties ?? {}) };
  out.required = [...new Set([...a.required, ...b.required])];
  out.nullable = a.nullable || b.nullable;
  out.readOnly = a.readOnly || b.readOnly;
  out.examples = [...a.examples, ...b.examples];
  if (a.type === undefined && b.type !== undefined) out.type = b.type;
  return out as unknown as SchemaView & Json;
}

function stripUndefined(view: SchemaView): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0 && (key === 'required' || key === 'examples')) continue;
    out[key] = value;
  }
  return out;
}
