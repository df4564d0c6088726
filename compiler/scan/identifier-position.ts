/**
 * Tells a reference (`fetch(x)`, `{ fetch }`) from a name that only looks like one: a property name
 * (`obj.fetch`, `{ fetch: 1 }`), a declaration (`const fetch = …`), a label or an import/export name.
 * Only references can reach a global.
 */
import { ts } from '../parse/typescript.mjs';

/** True when `id` reads or writes a variable (local or global) rather than naming something. */
export function isReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === id;
  if (
    ts.isPropertyAssignment(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isGetAccessorDeclaration(parent) ||
    ts.isSetAccessorDeclaration(parent)
  )
    return parent.name !== id;
  if (ts.isBindingElement(parent)) return parent.initializer === id;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isParameter(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isFunctionExpression(parent) ||
    ts.isClassDeclaration(parent) ||
    ts.isClassExpression(parent)
  )
    return parent.name !== id;
  if (ts.isLabeledStatement(parent) || ts.isBreakStatement(parent) || ts.isContinueStatement(parent)) return false;
  if (
    ts.isImportClause(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isNamespaceImport(parent) ||
    ts.isNamespaceExport(parent)
  )
    return false;
  if (ts.isExportSpecifier(parent))
    return parent.parent.parent.moduleSpecifier === undefined && (parent.propertyName ?? parent.name) === id;
  if (ts.isMetaProperty(parent)) return false;
  if (ts.isQualifiedName(parent)) return parent.left === id;
  return true;
}

/** True when an object literal is the target of a destructuring assignment (`({ a: b } = x)`). */
export function isAssignmentPattern(literal: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression): boolean {
  let node: ts.Node = literal;
  for (;;) {
    const parent = node.parent;
    if (ts.isBinaryExpression(parent))
      return parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === node;
    if (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) return parent.initializer === node;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isSpreadElement(parent) ||
      ts.isSpreadAssignment(parent)
    ) {
      node = parent;
      continue;
    }
    if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
      node = parent.parent;
      continue;
    }
    if (ts.isShorthandPropertyAssignment(parent)) return false;
    return false;
  }
}
