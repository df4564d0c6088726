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

type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;

/** The entries of the returned object, or undefined when it cannot be read without running code. */
export function readHandlerEntries(factory: FunctionLike, source: ts.SourceFile): HandlerEntry[] | undefined {
  const returned = returnedObject(factory);
  if (!returned) return undefined;
  const entries: HandlerEntry[] = [];
  for (const property of returned.properties) {
    if (ts.isSpreadAssignment(property)) return undefined;
    const key = propertyKey(property.name);
    if (key === undefined) return undefined;
    const { line, character } = source.getLineAndCharacterOfPosition(property.getStart(source));
    const members: string[] = [];
    const value = ts.isPropertyAssignment(property) ? objectBehind(property.initializer, factory) : undefined;
    for (const member of value?.properties ?? []) {
      const name = ts.isSpreadAssignment(member) ? undefined : propertyKey(member.name);
      if (name !== undefined) members.push(name);
    }
    entries.push({ key, members, line: line + 1, column: character + 1 });
  }
  return entries;
}

function returnedObject(factory: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const body = factory.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return objectBehind(body, factory);
  const returns = body.statements.filter(ts.isReturnStatement);
  const last = returns[returns.length - 1];
  return last?.expression ? objectBehind(last.expression, factory) : undefined;
}

/** An object literal, or a local `const` in the factory body that holds one. */
function objectBehind(expression: ts.Expression, factory: FunctionLike): ts.ObjectLiteralExpression | undefined {
  const node = unwrap(expression);
  if (ts.isObjectLiteralExpression(node)) return node;
  if (!ts.isIdentifier(node) || !factory.body || !ts.isBlock(factory.body)) return undefined;
  for (const statement of factory.body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === node.text && declaration.initializer) {
        const init = unwrap(declaration.initializer);
        if (ts.isObjectLiteralExpression(init)) return init;
      }
    }
  }
  return undefined;
}
