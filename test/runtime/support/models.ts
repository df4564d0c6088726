/** Builders for `SchemaModel`s in runtime tests: the runtime never sees a schema file. */
import { emptySchemaModel } from '../../support/schema-model.ts';
import type {
  OutputModel,
  ParameterModel,
  PrimitiveType,
  SchemaModel,
  Template,
  ToolModel,
} from '../../../runtime/model.ts';

export function param(
  key: string,
  location: ParameterModel['location'],
  type: PrimitiveType,
  options: Partial<ParameterModel['options']> = {},
  value: Template = [{ user: true }],
  description?: string,
): ParameterModel {
  const visible = value.some((part) => typeof part === 'object' && 'user' in part);
  const model: ParameterModel = { key, location, value, visible, type, options: { optional: false, ...options } };
  return description ? { ...model, description } : model;
}

export const str: PrimitiveType = { kind: 'string' };
export const num: PrimitiveType = { kind: 'number' };
export const bool: PrimitiveType = { kind: 'boolean' };
export const arr: PrimitiveType = { kind: 'array' };
export const obj: PrimitiveType = { kind: 'object' };
export const oneOf = (...values: string[]): PrimitiveType => ({ kind: 'enum', values });

export function tool(
  name: string,
  method: ToolModel['method'],
  url: Template,
  parameters: ParameterModel[] = [],
  extra: { output?: OutputModel; hooks?: ToolModel['hooks']; description?: string } = {},
): ToolModel {
  const model: ToolModel = {
    name,
    description: extra.description ?? `${name} tool`,
    method,
    url,
    parameters,
    hooks: extra.hooks ?? [],
  };
  return extra.output ? { ...model, output: extra.output } : model;
}

export function schema(namespace: string, tools: ToolModel[], extra: Partial<SchemaModel> = {}): SchemaModel {
  return {
    ...emptySchemaModel(namespace, tools),
    name: namespace,
    description: `${namespace} test schema`,
    hash: 'sha256:0',
    ...extra,
  };
}
