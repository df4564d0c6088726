/**
 * Reads which hooks a `handlers` factory defines per tool, from its AST: the object the factory
 * returns, its keys (tool or resource names) and their keys (`preRequest`, `postRequest`, …).
 */
import { ts } from 'ts-morph';
import { propertyKey } from './static-value.ts';
import { unwrap } from './module-exports.ts';

export interface HandlerEntry {
  readonly key: string;
  /** Keys of the entry's object (hook names, or query names for a resource entry). */
  readonly members: readonly string[];
  readonly line: number;
  readonly column: number;
}

export type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;

/**
 * The entries of the returned object, or undefined when it cannot be read without running code: the
 * runtime runs only the hooks listed here, so an entry whose value cannot be followed (a spread, a
 * computed key, a method, an identifier that is not a local object literal, a local object changed
 * after its declaration) makes the whole object unreadable rather than silently hook-less.
 */
export function readHandlerEntries(factory: FunctionLike, source: ts.SourceFile): HandlerEntry[] | undefined {
  const returned = returnedObject(factory);
  if (!returned) return undefined;
  const entries: HandlerEntry[] = [];
  for (const property of returned.properties) {
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) return undefined;
    const key = propertyKey(property.name);
    if (key === undefined) return undefined;
    const { line, character } = source.getLineAndCharacterOfPosition(property.getStart(source));
    const value = objectBehind(ts.isPropertyAssignment(property) ? property.initializer : property.name, factory);
    if (!value) return undefined;
    const members: string[] = [];
    for (const member of value.properties) {
      const name = ts.isSpreadAssignment(member) ? undefined : propertyKey(member.name);
      if (name === undefined) return undefined;
      members.push(name);
    }
    entries.push({ key, members, line: line + 1, column: character + 1 });
  }
  return entries;
}

/** The object literal the factory returns (the one way out), or undefined when it cannot be read without running code. */
export function returnedObject(factory: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const body = factory.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return objectBehind(body, factory);
  const returns: ts.ReturnStatement[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node)) returns.push(node);
    ts.forEachChild(node, collect);
  };
  ts.forEachChild(body, collect);
  // One way out, as the last statement: a second `return` could hand back other hooks.
  const only = returns[0];
  if (!only || returns.length !== 1 || only !== body.statements[body.statements.length - 1]) return undefined;
  return only.expression ? objectBehind(only.expression, factory) : undefined;
}

/**
 * An object literal, or a local `const` in the factory body that holds one and is used nowhere else
 * (so `out.x = …`, `Object.assign(out, …)` or `delete out.x` cannot change it unseen).
 */
export function objectBehind(expression: ts.Expression, factory: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const node = unwrap(expression);
  if (ts.isObjectLiteralExpression(node)) return node;
  if (!ts.isIdentifier(node) || !factory.body || !ts.isBlock(factory.body)) return undefined;
  let found: ts.ObjectLiteralExpression | undefined;
  for (const statement of factory.body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== node.text) continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const) || !declaration.initializer || found) return undefined;
      const init = unwrap(declaration.initializer);
      if (!ts.isObjectLiteralExpression(init)) return undefined;
      found = init;
    }
  }
  if (!found) return undefined;
  const declared = found.parent;
  let otherUses = 0;
  const count = (n: ts.Node): void => {
    const isName = (ts.isPropertyAccessExpression(n.parent) || ts.isPropertyAssignment(n.parent)) && (n.parent as { name?: ts.Node }).name === n;
    if (ts.isIdentifier(n) && n.text === node.text && n !== node && n.parent !== declared && !isName) otherUses++;
    ts.forEachChild(n, count);
  };
  ts.forEachChild(factory.body, count);
  return otherUses === 0 ? found : undefined;
}
