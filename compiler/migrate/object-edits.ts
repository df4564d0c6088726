/**
 * Edits on object literals that conversions between formats 3 and 4 share: remove a property (with
 * its comma), add one after another (same indentation and key quoting), replace a value with
 * generated literal text, rename a key. Everything else in the file stays as written.
 */
import { ts } from 'ts-morph';
import { propertyOf, type SchemaAst } from './schema-ast.ts';
import { quoteLike, type SourceEdit } from './source-edits.ts';

/** Removes `key` from `object` together with the comma after it; undefined when there is no such property. */
export function removeProperty(
  ast: SchemaAst,
  object: ts.ObjectLiteralExpression,
  key: string,
  note: string,
): SourceEdit | undefined {
  const property = propertyOf(object, key);
  if (!property) return undefined;
  let end = property.getEnd();
  const after = /^\s*,/.exec(ast.text.slice(end));
  if (after) end += after[0].length;
  // From the end of the previous line's content, so the line goes away with its indentation.
  const start = property.getFullStart();
  return { start, end, text: '', note };
}

/** The indentation of the line `node` starts on. */
function indentOf(ast: SchemaAst, node: ts.Node): string {
  const start = node.getStart(ast.source);
  const lineStart = ast.text.lastIndexOf('\n', start - 1) + 1;
  return /^[ \t]*/.exec(ast.text.slice(lineStart, start))?.[0] ?? '';
}

/** Adds `key: <valueText>` right after the property `afterKey` of `object`, on its own line. */
export function insertPropertyAfter(
  ast: SchemaAst,
  object: ts.ObjectLiteralExpression,
  afterKey: string,
  key: string,
  valueText: string,
  note: string,
): SourceEdit | undefined {
  const anchor = propertyOf(object, afterKey);
  if (!anchor) return undefined;
  const quoted = !ts.isIdentifier(anchor.name);
  const name = quoted ? quoteLike(ast.text.slice(anchor.name.getStart(ast.source), anchor.name.getEnd()), key) : key;
  const end = anchor.getEnd();
  return { start: end, end, text: `,\n${indentOf(ast, anchor)}${name}: ${valueText}`, note };
}

/** Replaces the value of `key` in `object` with `valueText`. */
export function replaceValue(
  ast: SchemaAst,
  object: ts.ObjectLiteralExpression,
  key: string,
  valueText: string,
  note: string,
): SourceEdit | undefined {
  const property = propertyOf(object, key);
  if (!property) return undefined;
  return {
    start: property.initializer.getStart(ast.source),
    end: property.initializer.getEnd(),
    text: valueText,
    note,
  };
}

/** Renames the key of `from` to `to` in `object`, keeping an identifier an identifier and quotes alike. */
export function renameKey(
  ast: SchemaAst,
  object: ts.ObjectLiteralExpression,
  from: string,
  to: string,
  note: string,
): SourceEdit | undefined {
  const property = propertyOf(object, from);
  if (!property) return undefined;
  const name = property.name;
  const start = name.getStart(ast.source);
  const text = ts.isIdentifier(name) ? to : quoteLike(ast.text.slice(start, name.getEnd()), to);
  return { start, end: name.getEnd(), text, note };
}

/** A value as literal source text (single quotes, identifier keys unquoted), indented from `indent`. */
export function literalText(value: unknown, indent: string, step = '  '): string {
  if (typeof value === 'string') {
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
    return value.includes("'") && !value.includes('"') ? `"${escaped}"` : `'${escaped.replace(/'/g, "\\'")}'`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => indent + step + literalText(v, indent + step, step)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);
    return `{\n${entries
      .map(([k, v]) => `${indent}${step}${key(k)}: ` + `${literalText(v, indent + step, step)}`)
      .join(',\n')}\n${indent}}`;
  }
  return String(value);
}

/** The indentation of the property `key` of `object` (for generated values that span lines). */
export function propertyIndent(ast: SchemaAst, object: ts.ObjectLiteralExpression, key: string): string {
  const property = propertyOf(object, key);
  return property ? indentOf(ast, property) : '';
}

/**
 * `key: <value printed anew>` for a property of a top-level `main`, indented the way the file indents `main`'s fields.
 */
export function reprintValue(ast: SchemaAst, key: string, value: unknown, note: string): SourceEdit | undefined {
  const indent = propertyIndent(ast, ast.main, key);
  return replaceValue(ast, ast.main, key, literalText(value, indent, indent.length > 0 ? indent : '  '), note);
}
