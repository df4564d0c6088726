/**
 * Format 1.x (`export const schema = { flowMCP: '1.2.0', routes: { x: { requestMethod, route, … } } }`,
 * or `const schema = …; export { schema }`) → format 3: the export is named `main`, `flowMCP`
 * becomes `version: '3.0.0'`, `routes` becomes `tools`, each tool's keys become format 3's
 * (`format-1-tool-keys.ts`, under `routes` or `tools` alike, so no file is left half converted), and
 * format 1.x handlers (`modifiers` and the `handlers` map inside the schema) move into an
 * `export const handlers` factory (`format-1-handlers.ts`). Runs on the raw text: a format 1.x file
 * is not a schema the other fixers can read until this is done.
 */
import { ts } from 'ts-morph';
import { readModuleShape, unwrap } from '../../parse/module-exports.ts';
import { parseModule, forget, syntaxErrors } from '../../parse/source-file.ts';
import { propertyOf } from '../schema-ast.ts';
import { quoteLike, type SourceEdit } from '../source-edits.ts';
import type { FixPlan } from './fixer.ts';
import { planLegacyHandlers } from './format-1-handlers.ts';
import { planToolKeys } from './format-1-tool-keys.ts';

const TARGET_VERSION = '3.0.0';

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

/** The `schema` declaration of a format 1.x module and how it is exported, or undefined when the file is not one. */
function findSchema(
  source: ts.SourceFile,
):
  | { declaration: ts.VariableDeclaration; object: ts.ObjectLiteralExpression; specifier?: ts.ExportSpecifier }
  | undefined {
  let found: { declaration: ts.VariableDeclaration; object: ts.ObjectLiteralExpression; exported: boolean } | undefined;
  let specifier: ts.ExportSpecifier | undefined;
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const exported = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'schema' || !declaration.initializer)
          continue;
        const object = unwrap(declaration.initializer);
        if (ts.isObjectLiteralExpression(object)) found = { declaration, object, exported };
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements)
        if (element.name.text === 'schema' && !element.propertyName) specifier = element;
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
    if (
      source.statements.some(
        (s) =>
          ts.isVariableStatement(s) &&
          s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === 'main'),
      )
    )
      return undefined;
    const schema = findSchema(source);
    if (!schema) return undefined;
    const { declaration, object, specifier } = schema;
    const edits: SourceEdit[] = [];
    const notes: NonNullable<FixPlan['notes']> = [];
    const name = declaration.name as ts.Identifier;
    edits.push({
      start: name.getStart(source),
      end: name.getEnd(),
      text: 'main',
      note: specifier ? 'const schema → const main' : 'export const schema → export const main',
    });
    if (specifier)
      edits.push({
        start: specifier.getStart(source),
        end: specifier.getEnd(),
        text: 'main',
        note: 'export { schema } → export { main }',
      });
    const flow = propertyOf(object, 'flowMCP')!;
    const from = ts.isStringLiteral(flow.initializer) ? flow.initializer.text : '1.x';
    const quote = ts.isStringLiteral(flow.initializer) ? flow.initializer.getText(source) : "'";
    edits.push({
      start: flow.getStart(source),
      end: flow.getEnd(),
      text: `version: ${quoteLike(quote, TARGET_VERSION)}`,
      note: `flowMCP: '${from}' → version: '${TARGET_VERSION}'`,
    });
    // Format 1.x files name the container `routes`; some already say `tools`: the tools are converted either way.
    const routes = propertyOf(object, 'routes');
    const tools = propertyOf(object, 'tools');
    if (routes && !tools) edits.push(renameKey(text, source, routes, 'tools', 'routes → tools'));
    const containerNode = (tools ?? routes) ? unwrap((tools ?? routes)!.initializer) : undefined;
    const container = containerNode && ts.isObjectLiteralExpression(containerNode) ? containerNode : undefined;
    const plans = [
      container ? planToolKeys(text, source, container, true) : undefined,
      planLegacyHandlers(text, source, object, container, readModuleShape(source).exports.has('handlers')),
    ];
    const behaviour: string[] = [];
    for (const plan of plans) {
      if (!plan) continue;
      edits.push(...plan.edits);
      notes.push(...(plan.notes ?? []));
      behaviour.push(...(plan.behaviour ?? []));
    }
    return { edits, notes, behaviour };
  } finally {
    forget(sourceFile);
  }
}
