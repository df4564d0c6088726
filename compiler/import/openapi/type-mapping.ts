/**
 * A parameter's or body field's type as a `z` primitive with options: `string()`, `number()`
 * (integer too), `boolean()`, `enum(a,b)` (values the format can write), `array()`, `object()`;
 * `minLength`/`maxLength`, `minimum`/`maximum` and `minItems`/`maxItems` as `min()`/`max()`, a
 * default that fits as `default()`, a field not required as `optional()`. What the primitives cannot
 * hold goes into the description as a hint (a format, a pattern, numeric choices in a JSON body) or,
 * when a value of the wrong kind would be sent, is a reason the caller reports.
 */
import type { References } from './references.ts';
import { viewSchema, type SchemaView } from './schema-view.ts';

/** Where the value goes: query, path and headers carry text, a body carries typed JSON. */
export type Carrier = 'text' | 'json' | 'form';

export type MappedType =
  | {
      readonly ok: true;
      readonly primitive: string;
      readonly options: readonly string[];
      readonly hint?: string;
      readonly view: SchemaView;
      readonly warning?: string;
    }
  | { readonly ok: false; readonly reason: string };

/** Enums longer than this are kept as text with a warning (the listing would carry them all). */
export const MAX_ENUM_VALUES = 200;

/** Values `enum(…)` can write: non-empty, no comma, no surrounding space, no placeholder braces, no parenthesis. */
const enumWritable = (value: string): boolean => value !== '' && value.trim() === value && !/[,(){}'"\\\n]/.test(value);

const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(n));

function scalarKind(view: SchemaView): string | undefined {
  if (view.type !== undefined) return view.type;
  if (view.enum && view.enum.length > 0) {
    const kinds = new Set(view.enum.filter((v) => v !== null).map((v) => typeof v));
    if (kinds.size === 1)
      return [...kinds][0] === 'number' ? 'number' : [...kinds][0] === 'boolean' ? 'boolean' : 'string';
  }
  return undefined;
}

/** A kind the branches of a `oneOf`/`anyOf` agree on, or undefined. */
function branchKind(view: SchemaView): string | undefined {
  const kinds = new Set((view.branches ?? []).map((b) => (b.type === 'integer' ? 'number' : (scalarKind(b) ?? 'any'))));
  return kinds.size === 1 && !kinds.has('any') ? [...kinds][0] : undefined;
}

function hintOf(view: SchemaView, extra: readonly string[]): string | undefined {
  const parts = [...extra];
  if (view.format && !['int32', 'int64', 'float', 'double'].includes(view.format))
    parts.push(`Format: ${view.format}.`);
  if (view.pattern && view.pattern.length <= 120) parts.push(`Pattern: ${view.pattern}.`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

const choicesHint = (values: readonly unknown[]): string => {
  const shown = values
    .slice(0, 40)
    .map((v) => String(v))
    .join(', ');
  return `One of: ${shown}${values.length > 40 ? `, … (${values.length} values)` : ''}.`;
};

/** Maps one schema; `required` decides `optional()`, `carrier` what kind of value is sent. */
export function mapType(schema: unknown, refs: References, required: boolean, carrier: Carrier): MappedType {
  const view = viewSchema(schema, refs);
  let kind = scalarKind(view);
  if (kind === undefined && view.branches) {
    kind = branchKind(view);
    const scalars = new Set(['string', 'number', 'integer', 'boolean']);
    if (
      kind === undefined &&
      view.branches.every((b) => b.type !== undefined && scalars.has(b.type)) &&
      view.branches.some((b) => b.type === 'string')
    ) {
      // A value that may be text or a number (an id as `123` or `"@name"`): text holds both.
      kind = 'string';
    }
    if (kind === undefined) {
      if (carrier !== 'text' && view.branches.every((b) => b.type === 'object' || b.properties !== undefined))
        kind = 'object';
      else
        return {
          ok: false,
          reason:
            `its type is a oneOf/anyOf of ` +
            `${[...new Set(view.branches.map((b) => b.type ?? 'any'))].join(' and ')}, which no primitive holds`,
        };
    }
  }
  const options: string[] = [];
  const extra: string[] = [];
  let primitive: string;
  let warning: string | undefined;
  let defaultText: string | undefined;
  switch (kind) {
    case 'integer':
    case 'number': {
      const values = (view.enum ?? []).filter((v): v is number => typeof v === 'number');
      if (carrier !== 'json' && values.length > 0 && values.length <= MAX_ENUM_VALUES) {
        primitive = `enum(${values.map(numberText).join(',')})`;
        if (typeof view.default === 'number' && values.includes(view.default)) defaultText = numberText(view.default);
        break;
      }
      primitive = 'number()';
      if (values.length > 0) extra.push(choicesHint(values));
      if (view.minimum !== undefined)
        options.push(
          `min(${numberText(view.exclusiveMinimum && kind === 'integer' ? view.minimum + 1 : view.minimum)})`,
        );
      if (view.maximum !== undefined)
        options.push(
          `max(${numberText(view.exclusiveMaximum && kind === 'integer' ? view.maximum - 1 : view.maximum)})`,
        );
      if (typeof view.default === 'number' && Number.isFinite(view.default)) defaultText = numberText(view.default);
      break;
    }
    case 'boolean':
      primitive = 'boolean()';
      if (typeof view.default === 'boolean') defaultText = String(view.default);
      break;
    case 'array': {
      primitive = 'array()';
      if (view.minItems !== undefined) options.push(`min(${view.minItems})`);
      if (view.maxItems !== undefined) options.push(`max(${view.maxItems})`);
      const items = viewSchema(view.items, refs);
      if (items.enum && items.enum.length > 0) extra.push(`Each item: ${choicesHint(items.enum)}`);
      if (carrier === 'text' && (items.type === 'object' || items.properties)) {
        return { ok: false, reason: 'it is a list of objects, which a query or path cannot carry' };
      }
      break;
    }
    case 'object':
      if (carrier === 'text')
        return {
          ok: false,
          reason:
            'it is an object, which a query, path or header carries only in styles the format does not write ' +
            '(deepObject, form-exploded)',
        };
      primitive = 'object()';
      break;
    case 'string':
    default: {
      if (kind === undefined && carrier === 'json' && view.enum === undefined) {
        primitive = 'object()';
        warning = 'its type is not given; it is sent as the JSON value given';
        break;
      }
      const values = (view.enum ?? []).filter((v) => v !== null).map((v) => String(v));
      if (
        values.length > 0 &&
        values.length <= MAX_ENUM_VALUES &&
        values.every(enumWritable) &&
        new Set(values).size === values.length
      ) {
        primitive = `enum(${values.join(',')})`;
        if (view.default !== undefined && values.includes(String(view.default))) defaultText = String(view.default);
        break;
      }
      primitive = 'string()';
      if (values.length > MAX_ENUM_VALUES)
        warning =
          `its ${values.length} allowed values are more than the ${MAX_ENUM_VALUES} an enum() is written ` +
          `with: it takes any text`;
      if (values.length > 0) extra.push(choicesHint(values));
      if (view.minLength !== undefined && view.minLength > 0) options.push(`min(${view.minLength})`);
      if (view.maxLength !== undefined) options.push(`max(${view.maxLength})`);
      if (typeof view.default === 'string' && enumWritableDefault(view.default)) defaultText = view.default;
      break;
    }
  }
  if (!required) {
    if (defaultText !== undefined) options.push(`default(${defaultText})`);
    else options.push('optional()');
  }
  const hint = hintOf(view, extra);
  return { ok: true, primitive, options, view, ...(hint ? { hint } : {}), ...(warning ? { warning } : {}) };
}

/** A string default the option can carry unambiguously (no quote at its start, no line break, not empty). */
const enumWritableDefault = (value: string): boolean =>
  value !== '' && !/^['"`]/.test(value) && !/[\n\r]/.test(value) && !value.includes('{{') && value.length <= 200;
