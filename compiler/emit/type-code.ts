/**
 * TypeScript types for a tool's input (from its parameters) and output (from its declared output
 * schema), written as text. Output schemas are JSON-Schema-like data; what cannot be expressed
 * exactly becomes `unknown` rather than a type that lies.
 */
import type { ParameterModel, ToolModel } from '../../runtime/model.ts';
import { commentText, literal, propertyName } from './code-writer.ts';
import { visibleParameters } from './zod-code.ts';

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
    const optional = parameter.options.optional || parameter.options.default !== undefined;
    const doc = parameter.description ? `${inner}/** ${commentText(parameter.description)} */\n` : '';
    return `${doc}${inner}readonly ${propertyName(parameter.key)}${optional ? '?' : ''}: ${parameterType(parameter)};`;
  });
  return `{\n${members.join('\n')}\n${indent}}`;
}

const MAX_DEPTH = 12;

/** A TypeScript type for a JSON-Schema-like value; unknown shapes (and `$ref`) give `unknown`. */
export function jsonSchemaType(schema: unknown, indent = '', depth = 0): string {
  if (depth > MAX_DEPTH || schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'unknown';
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum) && node.enum.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
    return node.enum.length === 0 ? 'never' : node.enum.map((v) => literal(v as string | number | boolean | null)).join(' | ');
  }
  if ('const' in node && (node.const === null || ['string', 'number', 'boolean'].includes(typeof node.const))) return literal(node.const as string);
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
  const properties = node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties) ? (node.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(node.required) ? node.required.filter((k): k is string => typeof k === 'string') : []);
  const keys = Object.keys(properties).sort();
  const closed = node.additionalProperties === false;
  if (keys.length === 0) return closed ? 'Record<string, never>' : 'Record<string, unknown>';
  const inner = `${indent}  `;
  const members = keys.map((key) => {
    const child = properties[key];
    const description = child && typeof child === 'object' && typeof (child as Record<string, unknown>).description === 'string' ? (child as Record<string, string>).description : undefined;
    const doc = description ? `${inner}/** ${commentText(description)} */\n` : '';
    return `${doc}${inner}readonly ${propertyName(key)}${required.has(key) ? '' : '?'}: ${jsonSchemaType(child, inner, depth + 1)};`;
  });
  if (!closed) members.push(`${inner}readonly [key: string]: unknown;`);
  return `{\n${members.join('\n')}\n${indent}}`;
}

/** The output type of a tool: its JSON output schema's type, or `unknown` when none is declared or it is not JSON. */
export function toolOutputType(tool: ToolModel, indent = ''): string {
  if (!tool.output || tool.output.mimeType !== 'application/json') return 'unknown';
  return jsonSchemaType(tool.output.schema, indent);
}
