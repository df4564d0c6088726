/**
 * The keys of a format 1.x tool, in format 3's words, wherever the tools sit (`routes` or `tools`,
 * in a format 1.x file or one a converter left half-done): `requestMethod` → `method`, `route` →
 * `path`, GET and `/` where a format 1.x tool left them out (its loader's defaults), an empty
 * `modifiers: []` dropped. Modifiers that name handlers are `format-1-handlers.ts`'s part.
 */
import { ts } from 'ts-morph';
import { unwrap } from '../../parse/module-exports.ts';
import { propertyKey } from '../../parse/static-value.ts';
import { nodeAt, propertyOf, type SchemaAst } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import { indentOf, removePropertyEdit, toolsOf, type Fixer, type FixPlan } from './fixer.ts';

/** Keys only a format 1.x tool has. */
const FORMAT_1_TOOL_KEYS = ['requestMethod', 'route', 'modifiers'] as const;

function renameKey(
  text: string,
  source: ts.SourceFile,
  property: ts.PropertyAssignment,
  to: string,
  note: string,
): SourceEdit {
  const name = property.name;
  const start = name.getStart(source);
  return {
    start,
    end: name.getEnd(),
    text: ts.isIdentifier(name) ? to : quoteLike(text.slice(start, name.getEnd()), to),
    note,
  };
}

/**
 * Edits for every tool of `container`; `format1` says the file itself is format 1.x (then every tool
 * takes its defaults), otherwise only tools that carry a format 1.x key are touched.
 */
export function planToolKeys(
  text: string,
  source: ts.SourceFile,
  container: ts.ObjectLiteralExpression,
  format1: boolean,
): FixPlan {
  const edits: SourceEdit[] = [];
  const notes: NonNullable<FixPlan['notes']> = [];
  for (const tool of container.properties) {
    if (!ts.isPropertyAssignment(tool)) continue;
    const name = propertyKey(tool.name) ?? '?';
    const body = unwrap(tool.initializer);
    if (!ts.isObjectLiteralExpression(body)) continue;
    if (!format1 && !FORMAT_1_TOOL_KEYS.some((key) => propertyOf(body, key))) continue;
    const requestMethod = propertyOf(body, 'requestMethod');
    const route = propertyOf(body, 'route');
    const method = propertyOf(body, 'method');
    const path = propertyOf(body, 'path');
    for (const [old, current, to] of [
      [requestMethod, method, 'method'],
      [route, path, 'path'],
    ] as const) {
      if (!old) continue;
      if (!current) edits.push(renameKey(text, source, old, to, `${name}: ${propertyKey(old.name)} → ${to}`));
      else if (old.initializer.getText(source) === current.initializer.getText(source))
        edits.push(removePropertyEdit(text, old, `${name}: ${propertyKey(old.name)} dropped (the same as ${to})`));
      else
        notes.push({
          rule: 'VAL038',
          message:
            `tool ${name}: both ${propertyKey(old.name)} and ${to}, with different values: keep the ` +
            `right one by hand`,
        });
    }
    const missing = [
      ...(!requestMethod && !method ? ["method: 'GET'"] : []),
      ...(!route && !path ? ["path: '/'"] : []),
    ];
    if (missing.length > 0) {
      const at = body.getStart(source) + 1;
      const first = body.properties[0];
      // One per line when the tool is written a property per line, else inline after `{`.
      const ownLines = first !== undefined && text.slice(at, first.getStart(source)).includes('\n');
      const added = ownLines
        ? missing.map((m) => `\n${indentOf(text, first, source)}${m},`).join('')
        : ` ${missing.join(', ')},`;
      edits.push({ start: at, end: at, text: added, note: `${name}: ${missing.join(', ')} (the format 1.x defaults)` });
    }
    const modifiers = propertyOf(body, 'modifiers');
    const list = modifiers ? unwrap(modifiers.initializer) : undefined;
    if (modifiers && list && ts.isArrayLiteralExpression(list) && list.elements.length === 0) {
      edits.push(removePropertyEdit(text, modifiers, `${name}: empty modifiers dropped`));
    }
  }
  return { edits, notes };
}

/** For 3.x and 4.x files: tools still carrying format 1.x keys (a half-done conversion). */
export const format1ToolKeys: Fixer = {
  id: 'format-1-tool-keys',
  summary: "format 1.x keys left in tools (requestMethod, route, empty modifiers) become format 3's (method, path)",
  plan(ast: SchemaAst) {
    const { container } = toolsOf(ast);
    const node = nodeAt(ast.main, [container]);
    if (!node || !ts.isObjectLiteralExpression(node)) return { edits: [] };
    return planToolKeys(ast.text, ast.source, node, false);
  },
};

/**
 * Format 1.x keys still in a schema read as format 3 (`getBlock.route`, `main.handlers`), for the half-conversion
 * guard.
 */
export function format1Leftovers(ast: SchemaAst): string[] {
  const found: string[] = [];
  for (const key of ['flowMCP', 'handlers']) if (propertyOf(ast.main, key)) found.push(`main.${key}`);
  const { container } = toolsOf(ast);
  const node = nodeAt(ast.main, [container]);
  if (!node || !ts.isObjectLiteralExpression(node)) return found;
  for (const tool of node.properties) {
    const body = ts.isPropertyAssignment(tool) ? unwrap(tool.initializer) : undefined;
    if (!body || !ts.isObjectLiteralExpression(body)) continue;
    for (const key of FORMAT_1_TOOL_KEYS)
      if (propertyOf(body, key)) found.push(`${propertyKey(tool.name!) ?? '?'}.${key}`);
  }
  return found;
}
