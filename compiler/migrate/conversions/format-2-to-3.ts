/**
 * Format 2.0.0 → 3.x (spec 08-migration, done through the AST so unquoted keys work too):
 *
 * - `version: '2.x.y'` → `'3.0.0'`;
 * - the `routes` key → `tools` (tool names and definitions unchanged);
 * - named placeholders become the 3.x forms: a parameter value `{{ID}}` (not a server param) →
 *   `{{USER_PARAM}}`, and `{{ID}}` in its route's path → `{{<key>}}`; a bare `{{KEY}}` of a
 *   declared server param outside headers → `{{SERVER_PARAM:KEY}}` (format-2.ts, one rewrite for the
 *   validator and for this conversion);
 * - a `postProcess({ data })` hook → `postRequest`, wrapping the original function unchanged:
 *   `postRequest: async ({ response }) => ({ response: await (<original>)({ data: response }) })`.
 *
 * Required-in-2.0.0 fields (`requiredServerParams`, `requiredLibraries`, `headers`) stay: they are
 * optional, not wrong, in 3.x.
 */
import { ts } from 'ts-morph';
import { objectBehind, returnedObject } from '../../parse/handler-hooks.ts';
import { propertyKey } from '../../parse/static-value.ts';
import { declaredParams, rewriteRoute } from '../../validate/format-2.ts';
import type { Conversion } from '../conversion.ts';
import { isStringNode, nodeAt, propertyOf, type SchemaAst } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';

const TARGET_VERSION = '3.0.0';

function replaceString(ast: SchemaAst, node: ts.Node | undefined, value: string, note: string): SourceEdit[] {
  if (!isStringNode(node)) return [];
  const start = node.getStart(ast.source);
  return [{ start, end: node.getEnd(), text: quoteLike(ast.text.slice(start, node.getEnd()), value), note }];
}

/** `routes` → `tools`, keeping an identifier key an identifier and a quoted key quoted alike. */
function renameContainer(ast: SchemaAst): SourceEdit[] {
  const property = propertyOf(ast.main, 'routes');
  if (!property || propertyOf(ast.main, 'tools')) return [];
  const name = property.name;
  const start = name.getStart(ast.source);
  const original = ast.text.slice(start, name.getEnd());
  const text = ts.isIdentifier(name) ? 'tools' : quoteLike(original, 'tools');
  return [{ start, end: name.getEnd(), text, note: 'routes → tools' }];
}

function rewriteRoutes(ast: SchemaAst): SourceEdit[] {
  const container = ast.value.routes !== undefined ? 'routes' : 'tools';
  const routes = ast.value[container];
  if (routes === null || typeof routes !== 'object' || Array.isArray(routes)) return [];
  const declared = declaredParams(ast.value as Record<string, unknown>);
  const edits: SourceEdit[] = [];
  for (const [name, route] of Object.entries(routes)) {
    const { values, path } = rewriteRoute(route, declared);
    for (const [index, value] of values) {
      const node = nodeAt(ast.main, [container, name, 'parameters', index, 'position', 'value']);
      edits.push(...replaceString(ast, node, value, `${name}: parameter ${index + 1} value → ${value}`));
    }
    if (path !== undefined)
      edits.push(...replaceString(ast, nodeAt(ast.main, [container, name, 'path']), path, `${name}: path → ${path}`));
  }
  return edits;
}

/** Every `postProcess` member of the handlers' returned object, rewritten as a `postRequest` that calls it. */
function rewriteHooks(ast: SchemaAst): SourceEdit[] {
  const factory = ast.handlers;
  if (!factory) return [];
  const returned = returnedObject(factory);
  if (!returned) return [];
  const edits: SourceEdit[] = [];
  // One hooks object may serve several tools (a constant, or what a local builder returns): rewritten once.
  const seen = new Set<ts.ObjectLiteralExpression>();
  for (const entry of returned.properties) {
    if (!ts.isPropertyAssignment(entry) && !ts.isShorthandPropertyAssignment(entry)) continue;
    const hooks = objectBehind(ts.isPropertyAssignment(entry) ? entry.initializer : entry.name, factory);
    if (!hooks || seen.has(hooks)) continue;
    seen.add(hooks);
    const tool = propertyKey(entry.name) ?? '?';
    for (const member of hooks.properties) {
      if (ts.isSpreadAssignment(member) || propertyKey(member.name) !== 'postProcess') continue;
      const original = callable(ast, member);
      if (original === undefined) continue;
      const start = member.getStart(ast.source);
      const text = `postRequest: async ({ response }) => ({ response: await ${original}({ data: response }) })`;
      edits.push({
        start,
        end: member.getEnd(),
        text,
        note: `${tool}: postProcess({ data }) → postRequest({ response })`,
      });
    }
  }
  return edits;
}

/** The hook as an expression that can be called: `(<function>)`, a method as a function, or a shorthand's name. */
function callable(ast: SchemaAst, member: ts.ObjectLiteralElementLike): string | undefined {
  if (ts.isPropertyAssignment(member))
    return `(${ast.text.slice(member.initializer.getStart(ast.source), member.initializer.getEnd())})`;
  if (ts.isShorthandPropertyAssignment(member)) return member.name.text;
  if (ts.isMethodDeclaration(member) && member.body) {
    const isAsync = (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
    const rest = ast.text.slice(member.parameters.pos - 1, member.getEnd());
    return `(${isAsync ? 'async ' : ''}function postProcess${rest})`;
  }
  return undefined;
}

export const format2To3: Conversion = {
  id: 'format-2-to-3',
  from: 2,
  to: 3,
  summary: 'format 2.0.0 → 3.x: version, routes → tools, named placeholders, postProcess → postRequest',
  plan(ast) {
    const version = replaceString(ast, nodeAt(ast.main, ['version']), TARGET_VERSION, `version → ${TARGET_VERSION}`);
    return [...version, ...renameContainer(ast), ...rewriteRoutes(ast), ...rewriteHooks(ast)];
  },
};
