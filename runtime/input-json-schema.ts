/**
 * The JSON Schema a client sees for a tool's input, computed once from the model (never converted
 * from zod on each `tools/list`, which is what keeps a 2,000-tool listing fast). Only visible
 * (`{{USER_PARAM}}`) parameters appear; fixed and server values stay hidden.
 */
import type { DefaultValue, ParameterModel, ToolModel } from './model.ts';

export type InputJsonSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/** A default as the primitive's type, whatever the model holds (defect #2 guard). */
export function typedDefault(parameter: ParameterModel): DefaultValue | undefined {
  const value = parameter.options.default;
  if (value === undefined) return undefined;
  if (
    parameter.type.kind === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value))
  )
    return Number(value);
  if (parameter.type.kind === 'boolean' && typeof value === 'string' && (value === 'true' || value === 'false'))
    return value === 'true';
  return value;
}

/** True when the client must supply the parameter. */
export const isRequired = (parameter: ParameterModel): boolean =>
  !parameter.options.optional && parameter.options.default === undefined;

function parameterSchema(parameter: ParameterModel): Record<string, unknown> {
  const { min, max, length, regex } = parameter.options;
  const schema: Record<string, unknown> = {};
  switch (parameter.type.kind) {
    case 'string':
      schema.type = 'string';
      if (min !== undefined) schema.minLength = min;
      if (max !== undefined) schema.maxLength = max;
      if (length !== undefined) schema.minLength = schema.maxLength = length;
      if (regex !== undefined) schema.pattern = regex;
      break;
    case 'number':
      schema.type = 'number';
      if (min !== undefined) schema.minimum = min;
      if (max !== undefined) schema.maximum = max;
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'enum':
      schema.type = 'string';
      schema.enum = [...parameter.type.values];
      break;
    case 'array':
      schema.type = 'array';
      if (min !== undefined) schema.minItems = min;
      if (max !== undefined) schema.maxItems = max;
      if (length !== undefined) schema.minItems = schema.maxItems = length;
      break;
    case 'object':
      schema.type = 'object';
      break;
  }
  const fallback = typedDefault(parameter);
  if (fallback !== undefined) schema.default = fallback;
  if (parameter.description) schema.description = parameter.description;
  return schema;
}

/** The `inputSchema` of a tool on the wire. */
export function inputJsonSchema(tool: ToolModel): InputJsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of tool.parameters) {
    if (!parameter.visible) continue;
    properties[parameter.key] = parameterSchema(parameter);
    if (isRequired(parameter)) required.push(parameter.key);
  }
  const schema: InputJsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}
