/**
 * JSON-compatible data as a TypeScript expression, keys sorted like canonical JSON so that the
 * same value always gives the same text. Every string goes through JSON escaping; `__proto__`
 * keys are written as computed keys so the data can never change an object's prototype.
 */
import { literal, propertyName } from './code-writer.ts';

const LINE_WIDTH = 100;

/** A value prepared once: its one-line form, and its parts for the multi-line form. */
interface Node {
  readonly compact: string;
  readonly kind: 'scalar' | 'array' | 'object';
  readonly members: readonly { readonly key?: string; readonly node: Node }[];
}

function prepare(value: unknown): Node {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') {
    return { compact: literal(value), kind: 'scalar', members: [] };
  }
  if (Array.isArray(value)) {
    const members = value.map((item) => ({ node: prepare(item ?? null) }));
    return { compact: `[${members.map((m) => m.node.compact).join(', ')}]`, kind: 'array', members };
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => ({ key: propertyName(key), node: prepare(record[key]) }));
    return {
      compact: members.length === 0 ? '{}' : `{ ${members.map((m) => `${m.key}: ${m.node.compact}`).join(', ')} }`,
      kind: 'object',
      members,
    };
  }
  throw new TypeError(`dataLiteral: a ${typeof value} is not data`);
}

function render(node: Node, indent: string, step: string): string {
  if (node.kind === 'scalar' || node.members.length === 0 || indent.length + node.compact.length <= LINE_WIDTH)
    return node.compact;
  const inner = indent + step;
  const lines = node.members.map(
    (m) => `${inner}${m.key === undefined ? '' : `${m.key}: `}${render(m.node, inner, step)}`,
  );
  return node.kind === 'array' ? `[\n${lines.join(',\n')}\n${indent}]` : `{\n${lines.join(',\n')}\n${indent}}`;
}

/**
 * Writes `value` as a literal: on one line when it fits in about 100 columns, otherwise one member
 * per line. `indent` is the indentation of the line it starts on.
 */
export function dataLiteral(value: unknown, indent = '', step = '  '): string {
  return render(prepare(value), indent, step);
}
