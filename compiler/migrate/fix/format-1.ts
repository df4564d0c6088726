/**
 * Format 1.x (`export const schema = { flowMCP: '1.2.0', routes: { x: { requestMethod, route, … } } }`,
 * or `const schema = …; export { schema }`) → format 3: the export is named `main`, `flowMCP`
 * becomes `version: '3.0.0'`, `routes` becomes `tools`, and in each tool `requestMethod` becomes
 * `method` and `route` becomes `path` (GET and `/` where they were left out, as the prior art's
 * loader assumed). Format 1.x handlers (`modifiers` with a `handlers` map inside the schema) have no
 * mechanical translation and are listed instead. Runs on the raw text: a format 1.x file is not a
 * schema the other fixers can read until this is done.
 */
import { ts } from 'ts-morph';
import { unwrap } from '../../parse/module-exports.ts';
import { parseModule, forget, syntaxErrors } from '../../parse/source-file.ts';
import { propertyKey } from '../../parse/static-value.ts';
import { propertyOf } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import type { FixPlan } from './fixer.ts';

const TARGET_VERSION = '3.0.0';

function renameKey(text: string, source: ts.SourceFile, property: ts.PropertyAssignment, to: string, note: string): SourceEdit {
  const name = property.name;
  const start = name.getStart(source);
  return { start, end: name.getEnd(), text: ts.isIdentifier(name) ? to : quoteLike(text.slice(start, name.getEnd()), to), note };
}

/** The `schema` declaration of a format 1.x module and how it is exported, or undefined when the file is not one. */
function findSchema(source: ts.SourceFile): { declaration: ts.VariableDeclaration; object: ts.ObjectLiteralExpression; specifier?: ts.ExportSpecifier } | undefined {
  let found: { declaration: ts.VariableDeclaration; object: ts.ObjectLiteralExpression; exported: boolean } | undefined;
  let specifier: ts.ExportSpecifier | undefined;
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const exported = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'schema' || !declaration.initializer) continue;
        const object = unwrap(declaration.initializer);
        if (ts.isObjectLiteralExpression(object)) found = { declaration, object, exported };
      }
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) if (element.name.text === 'schema' && !element.propertyName) specifier = element;
    }
  }
  if (!found || (!found.exported && !specifier) || !propertyOf(found.object, 'flowMCP')) return undefined;
  return { declaration: found.declaration, object: found.object, ...(found.exported ? {} : { specifier: specifier! }) };
}

/** The edits that make a format 1.x module format 3, or undefined when `text` is not a format 1.x schema. */
export function planFormat1(file: string, text: string): FixPlan | undefined {
  const sourceFile = parseModule(file, text);
  try {
    if (syntaxErrors(sourceFile).length > 0) return undefined;
    const source = sourceFile.compilerNode;
    if (source.statements.some((s) => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === 'main'))) return undefined;
    const schema = findSchema(source);
    if (!schema) return undefined;
    const { declaration, object, specifier } = schema;
    const edits: SourceEdit[] = [];
    const notes: FixPlan['notes'] = [];
    const name = declaration.name as ts.Identifier;
    edits.push({ start: name.getStart(source), end: name.getEnd(), text: 'main', note: specifier ? 'const schema → const main' : 'export const schema → export const main' });
    if (specifier) edits.push({ start: specifier.getStart(source), end: specifier.getEnd(), text: 'main', note: 'export { schema } → export { main }' });
    const flow = propertyOf(object, 'flowMCP')!;
    const from = ts.isStringLiteral(flow.initializer) ? flow.initializer.text : '1.x';
    edits.push({ start: flow.getStart(source), end: flow.getEnd(), text: `version: ${quoteLike(ts.isStringLiteral(flow.initializer) ? flow.initializer.getText(source) : "'", TARGET_VERSION)}`, note: `flowMCP: '${from}' → version: '${TARGET_VERSION}'` });
    const routes = propertyOf(object, 'routes');
    if (routes && !propertyOf(object, 'tools')) edits.push(renameKey(text, source, routes, 'tools', 'routes → tools'));
    const routeMap = routes ? unwrap(routes.initializer) : undefined;
    if (routeMap && ts.isObjectLiteralExpression(routeMap)) {
      for (const route of routeMap.properties) {
        if (!ts.isPropertyAssignment(route)) continue;
        const routeName = propertyKey(route.name) ?? '?';
        const body = unwrap(route.initializer);
        if (!ts.isObjectLiteralExpression(body)) continue;
        const method = propertyOf(body, 'requestMethod');
        const path = propertyOf(body, 'route');
        if (method && !propertyOf(body, 'method')) edits.push(renameKey(text, source, method, 'method', `${routeName}: requestMethod → method`));
        if (path && !propertyOf(body, 'path')) edits.push(renameKey(text, source, path, 'path', `${routeName}: route → path`));
        const missing = [...(!method && !propertyOf(body, 'method') ? ["method: 'GET'"] : []), ...(!path && !propertyOf(body, 'path') ? ["path: '/'"] : [])];
        if (missing.length > 0) {
          const at = body.getStart(source) + 1;
          edits.push({ start: at, end: at, text: ` ${missing.join(', ')},`, note: `${routeName}: ${missing.join(', ')} (the format 1.x defaults)` });
        }
        if (propertyOf(body, 'modifiers')) notes.push({ rule: 'VAL038', message: `tool ${routeName}: format 1.x modifiers have no mechanical translation: move the handler into \`export const handlers = () => ({ ${routeName}: { preRequest | postRequest } })\` and remove modifiers` });
      }
    }
    if (propertyOf(object, 'handlers')) notes.push({ rule: 'VAL003', message: 'main.handlers: format 1.x handlers inside the schema have no mechanical translation: move them into `export const handlers`' });
    return { edits, notes };
  } finally {
    forget(sourceFile);
  }
}
