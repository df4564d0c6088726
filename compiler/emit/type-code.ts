/**
 * TypeScript types for a tool's input (from its parameters) and output (from its declared output
 * schema, as the runtime converts and checks it), written as text. What cannot be expressed
 * exactly becomes `unknown` rather than a type that lies.
 */
import type { ParameterModel, ToolModel } from '../../runtime/model.ts';
import { commentText, literal, propertyName } from './code-writer.ts';
import { mayBeOmitted, visibleParameters } from './zod-code.ts';
import { outputJsonSchema } from '../../runtime/output-schema.ts';

function parameterType(parameter: ParameterModel): string {
  const type = parameter.type;
  switch (type.kind) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return type.values.map((value) => literal(value)).join(' | ') || 'never';
    case 'array':
      return 'unknown[]';
    case 'object':
      return 'Record<string, unknown>';
  }
}

/** `{ ids: string; days?: number }` as a multi-line object type; optional or defaulted inputs may be left out. */
export function toolInputType(tool: ToolModel, indent = ''): string {
  const parameters = visibleParameters(tool);
  if (parameters.length === 0) return 'Record<string, never>';
  const inner = `${indent}  `;
  const members = parameters.map((parameter) => {
    const doc = parameter.description ? `${inner}/** ${commentText(parameter.description)} */\n` : '';
    return (
      `${doc}${inner}readonly ${propertyName(parameter.key)}${mayBeOmitted(parameter) ? '?' : ''}: ` +
      `${parameterType(parameter)};`
    );
  });
  return `{\n${members.join('\n')}\n${indent}}`;
}

const MAX_DEPTH = 12;

/**
 * A TypeScript type for a converted output schema (`outputJsonSchema`); unknown shapes give `unknown`.
 * The runtime checks only types and enums, never `required` or closed objects, so every property is
 * optional and every object stays open: the type never promises more than the server guarantees.
 */
function jsonSchemaType(schema: unknown, indent = '', depth = 0): string {
  if (depth > MAX_DEPTH || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'unknown';
  const node = schema as Record<string, unknown>;
  if (
    Array.isArray(node.enum) &&
    node.enum.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
  ) {
    return node.enum.length === 0
      ? 'never'
      : node.enum.map((v) => literal(v as string | number | boolean | null)).join(' | ');
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const parts = types.map((type) => singleType(type, node, indent, depth));
  if (parts.includes('unknown')) return 'unknown';
  return [...new Set(parts)].join(' | ');
}

function singleType(type: unknown, node: Record<string, unknown>, indent: string, depth: number): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = jsonSchemaType(node.items, indent, depth + 1);
      return items.includes(' ') || items.includes('\n') ? `Array<${items}>` : `${items}[]`;
    }
    case 'object':
      return objectType(node, indent, depth);
    default:
      return 'unknown';
  }
}

function objectType(node: Record<string, unknown>, indent: string, depth: number): string {
  const properties =
    node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)
      ? (node.properties as Record<string, unknown>)
      : {};
  const keys = Object.keys(properties).sort();
  if (keys.length === 0) return 'Record<string, unknown>';
  const inner = `${indent}  `;
  const members = keys.map((key) => {
    const child = properties[key];
    const description =
      child && typeof child === 'object' && typeof (child as Record<string, unknown>).description === 'string'
        ? (child as Record<string, string>).description
        : undefined;
    const doc = description ? `${inner}/** ${commentText(description)} */\n` : '';
    return `${doc}${inner}readonly ${propertyName(key)}?: ${jsonSchemaType(child, inner, depth + 1)};`;
  });
  members.push(`${inner}readonly [key: string]: unknown;`);
  return `{\n${members.join('\n')}\n${indent}}`;
}

/**
 * The type of a tool's `structuredContent`: derived from the very `outputSchema` the runtime
 * advertises and checks, so `unknown` when there is none (no JSON output, or a root that is not an object).
 */
export function toolOutputType(tool: ToolModel, indent = ''): string {
  const schema = outputJsonSchema(tool.output);
  return schema ? jsonSchemaType(schema, indent) : 'unknown';
}
