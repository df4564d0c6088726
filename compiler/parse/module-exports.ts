/**
 * Finds what a module exports, from its syntax alone: `export const x = …`, `export function x`,
 * and `export { local as x }` over a top-level declaration. Nothing is resolved across files.
 */
import { ts } from './typescript.mjs';

/** One exported binding and the node that defines it. */
export interface ExportedBinding {
  readonly name: string;
  /** The initializer (`export const x = <this>`) or the function declaration itself. */
  readonly node: ts.Expression | ts.FunctionDeclaration | undefined;
  /** Node to point at in messages. */
  readonly anchor: ts.Node;
}

export interface ModuleShape {
  /** Every exported name, in source order. */
  readonly exports: ReadonlyMap<string, ExportedBinding>;
  /** True when the file has any ES module syntax (import or export). */
  readonly isModule: boolean;
  /** Top-level `const`/`let`/`var` initializers by name, exported or not. */
  readonly locals: ReadonlyMap<string, ts.Expression>;
}

const hasExportKeyword = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Reads the top-level exports and local declarations of a parsed module. */
export function readModuleShape(source: ts.SourceFile): ModuleShape {
  const exports = new Map<string, ExportedBinding>();
  const locals = new Map<string, ts.Expression>();
  const localFunctions = new Map<string, ts.FunctionDeclaration>();
  const renames: { exported: string; local: string; anchor: ts.Node }[] = [];
  let isModule = false;

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportAssignment(statement)) isModule = true;
    if (ts.isVariableStatement(statement)) {
      const exported = hasExportKeyword(statement);
      if (exported) isModule = true;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        if (declaration.initializer) locals.set(name, declaration.initializer);
        if (exported) exports.set(name, { name, node: declaration.initializer, anchor: declaration });
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      localFunctions.set(statement.name.text, statement);
      if (hasExportKeyword(statement)) {
        isModule = true;
        exports.set(statement.name.text, { name: statement.name.text, node: statement, anchor: statement });
      }
    } else if (ts.isExportDeclaration(statement)) {
      isModule = true;
      if (!statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          renames.push({
            exported: element.name.text,
            local: (element.propertyName ?? element.name).text,
            anchor: element,
          });
        }
      }
    }
  }
  for (const { exported, local, anchor } of renames) {
    exports.set(exported, { name: exported, node: locals.get(local) ?? localFunctions.get(local), anchor });
  }
  return { exports, isModule, locals };
}

/** Unwraps parentheses so `(() => …)` reads as the arrow function inside. */
export function unwrap<T extends ts.Node>(node: T): ts.Node {
  let current: ts.Node = node;
  while (ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}
