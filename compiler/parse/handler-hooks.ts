/**
 * Reads which hooks a `handlers` factory defines per tool, from its AST: the object the factory
 * returns, its keys (tool or resource names) and their keys (`preRequest`, `postRequest`, …). The
 * object and each entry may be written in place, kept in a constant, or built by a local function
 * (`return { getBlock: buildHandler('getBlock') }`), as long as every key is written literally.
 */
import { ts } from './typescript.mjs';
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
    const scope = enclosingFunction(property, factory);
    const value = objectBehind(ts.isPropertyAssignment(property) ? property.initializer : property.name, scope);
    if (!value) return undefined;
    const members = memberNames(value, enclosingFunction(value, factory), 0);
    if (!members) return undefined;
    entries.push({ key, members, line: line + 1, column: character + 1 });
  }
  return entries;
}

/** The keys of a hooks object, a spread `...other` contributing the keys of the constant it names. */
function memberNames(object: ts.ObjectLiteralExpression, factory: FunctionLike, depth: number): string[] | undefined {
  const members: string[] = [];
  for (const member of object.properties) {
    if (ts.isSpreadAssignment(member)) {
      const spread = depth < 4 ? objectBehind(member.expression, factory) : undefined;
      const inner = spread ? memberNames(spread, enclosingFunction(spread, factory), depth + 1) : undefined;
      if (!inner) return undefined;
      members.push(...inner.filter((name) => !members.includes(name)));
      continue;
    }
    const name = propertyKey(member.name);
    if (name === undefined) return undefined;
    if (!members.includes(name)) members.push(name);
  }
  return members;
}

/**
 * The object literal the factory returns (the one way out), or undefined when it cannot be read without running code.
 */
export function returnedObject(factory: FunctionLike): ts.ObjectLiteralExpression | undefined {
  return returnedBy(factory, 0);
}

/** How many local functions deep a returned object is followed (`build` calling `hooksFor` calling …). */
const MAX_CALL_DEPTH = 4;

function returnedBy(fn: FunctionLike, depth: number): ts.ObjectLiteralExpression | undefined {
  const expression = returnedExpression(fn);
  return expression ? objectBehind(expression, fn, depth) : undefined;
}

/**
 * The expression a function returns through its one way out (an expression body, or one `return` as its last
 * statement).
 */
function returnedExpression(fn: FunctionLike): ts.Expression | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
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
  return only.expression;
}

/**
 * An object literal, or a `const` that holds one, declared in the factory body or at the top of the
 * module (`const getX = { preRequest }` … `return { getX }`), and never written to afterwards: no
 * assignment to it or its members, no `delete`, no `++`, and never handed to a call (which could be
 * `Object.assign`). Reads (`getX.helper(…)`, `{ ...getX }`, `{ a: getX, b: getX }`) are fine.
 * A call of a local function (`buildHandler('getX')`, or a `const` holding such a call) stands for
 * the object that function returns, read the same way inside it.
 */
export function objectBehind(
  expression: ts.Expression,
  factory: FunctionLike,
  depth = 0,
): ts.ObjectLiteralExpression | undefined {
  const node = unwrap(expression);
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isCallExpression(node)) {
    const callee = unwrap(node.expression);
    const fn = depth < MAX_CALL_DEPTH && ts.isIdentifier(callee) ? functionBehind(callee.text, factory) : undefined;
    return fn ? returnedBy(fn, depth + 1) : undefined;
  }
  if (!ts.isIdentifier(node) || isParameterOf(factory, node.text)) return undefined;
  for (const scope of scopesOf(factory)) {
    const declared = constObject(scope, node.text);
    if (declared === null) return undefined;
    if (declared === undefined) continue;
    if (writtenIn(scope, node.text, declared)) return undefined;
    return ts.isObjectLiteralExpression(declared) ? declared : objectBehind(declared, factory, depth);
  }
  return undefined;
}

/** The function a node is written in (the factory itself, or a local function building part of its object). */
function enclosingFunction(node: ts.Node, fallback: FunctionLike): FunctionLike {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isArrowFunction(at) || ts.isFunctionExpression(at) || ts.isFunctionDeclaration(at)) return at;
  }
  return fallback;
}

/** Where a name used in `fn` may be declared: its own body, then the top of the module. */
function scopesOf(fn: FunctionLike): (ts.Block | ts.SourceFile)[] {
  const scopes: (ts.Block | ts.SourceFile)[] = [];
  if (fn.body && ts.isBlock(fn.body)) scopes.push(fn.body);
  const module = fn.getSourceFile();
  if (module) scopes.push(module);
  return scopes;
}

/**
 * The initializer of the one `const <name> = { … }` (or `= localFunction(…)`) among a block's
 * statements; null when the name is declared otherwise.
 */
function constObject(
  scope: ts.Block | ts.SourceFile,
  name: string,
): ts.ObjectLiteralExpression | ts.CallExpression | null | undefined {
  let found: ts.ObjectLiteralExpression | ts.CallExpression | undefined;
  for (const statement of scope.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return null;
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const) || !declaration.initializer || found) return null;
      const init = unwrap(declaration.initializer);
      if (!ts.isObjectLiteralExpression(init) && !ts.isCallExpression(init)) return null;
      found = init;
    }
  }
  return found;
}

/**
 * The local function `name` stands for, seen from `fn`: a function declaration, or a `const` holding
 * an arrow function or function expression, in `fn`'s body or at the top of the module, that nothing
 * assigns to afterwards. Undefined for anything else (a parameter, a `let`, a library's function).
 */
export function functionBehind(name: string, fn: FunctionLike): FunctionLike | undefined {
  if (isParameterOf(fn, name)) return undefined;
  for (const scope of scopesOf(fn)) {
    let found: FunctionLike | undefined;
    let other = false;
    for (const statement of scope.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
        if (found || !statement.body) other = true;
        found = statement;
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
          const init = declaration.initializer ? unwrap(declaration.initializer) : undefined;
          const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
          if (found || !isConst || !init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init))) other = true;
          else found = init;
        }
      }
    }
    if (other) return undefined;
    if (!found) continue;
    return ts.isFunctionDeclaration(found) && assignedIn(scope, name) ? undefined : found;
  }
  return undefined;
}

/** Whether one of `fn`'s parameters binds `name` (it then hides a constant or function of that name). */
function isParameterOf(fn: FunctionLike, name: string): boolean {
  const bound: [string, ts.Node][] = [];
  for (const parameter of fn.parameters) namesBound(parameter.name, bound);
  return bound.some(([text]) => text === name);
}

function namesBound(name: ts.BindingName, out: [string, ts.Node][]): void {
  if (ts.isIdentifier(name)) out.push([name.text, name]);
  else for (const element of name.elements) if (ts.isBindingElement(element)) namesBound(element.name, out);
}

/** Whether `name` is the target of an assignment anywhere in `scope` (a function declaration can be replaced). */
function assignedIn(scope: ts.Node, name: string): boolean {
  let assigned = false;
  const visit = (n: ts.Node): void => {
    if (assigned) return;
    if (
      ts.isBinaryExpression(n) &&
      ts.isIdentifier(unwrap(n.left)) &&
      (unwrap(n.left) as ts.Identifier).text === name &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      assigned = true;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(scope, visit);
  return assigned;
}

/** Whether `name` (or a member of it) is written anywhere in `scope` other than by its declaration. */
function writtenIn(scope: ts.Node, name: string, declared: ts.Node): boolean {
  let written = false;
  const visit = (n: ts.Node): void => {
    if (written) return;
    if (ts.isIdentifier(n) && n.text === name && n.parent !== declared.parent && !isPropertyName(n))
      written = isWrite(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(scope, visit);
  return written;
}

const isPropertyName = (n: ts.Identifier): boolean =>
  ((ts.isPropertyAccessExpression(n.parent) ||
    ts.isPropertyAssignment(n.parent) ||
    ts.isMethodDeclaration(n.parent) ||
    ts.isPropertyDeclaration(n.parent)) &&
    (n.parent as { name?: ts.Node }).name === n) ||
  (ts.isBindingElement(n.parent) && n.parent.propertyName === n);

/**
 * A use that could change the object: the target (or the object of a member target) of a write, or an argument to a
 * call.
 */
function isWrite(identifier: ts.Identifier): boolean {
  let node: ts.Node = identifier;
  // Climb through member accesses (`getX.a.b`) and parentheses to the expression that uses the value.
  while (
    (ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node) ||
    (ts.isElementAccessExpression(node.parent) && node.parent.expression === node) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isNonNullExpression(node.parent)
  )
    node = node.parent;
  const parent = node.parent;
  if (
    ts.isBinaryExpression(parent) &&
    parent.left === node &&
    parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  )
    return true;
  if (ts.isDeleteExpression(parent)) return true;
  if (
    (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return true;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.some((a) => a === node))
    return true;
  // Destructuring assignment targets and `for (x.a of …)` write too.
  if (ts.isForInStatement(parent) || ts.isForOfStatement(parent)) return parent.initializer === node;
  if (
    (ts.isShorthandPropertyAssignment(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isArrayLiteralExpression(parent)) &&
    isAssignmentPattern(parent)
  )
    return true;
  return false;
}

/** Whether an object or array literal is (inside) the left side of a destructuring assignment. */
function isAssignmentPattern(node: ts.Node): boolean {
  let at: ts.Node = node;
  while (
    ts.isObjectLiteralExpression(at.parent) ||
    ts.isArrayLiteralExpression(at.parent) ||
    ts.isPropertyAssignment(at.parent) ||
    ts.isShorthandPropertyAssignment(at.parent) ||
    ts.isSpreadElement(at.parent) ||
    ts.isSpreadAssignment(at.parent)
  )
    at = at.parent;
  return (
    ts.isBinaryExpression(at.parent) &&
    at.parent.left === at &&
    at.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  );
}

/**
 * The top-level declarations of the module (not exported: `const`/`let` statements and functions)
 * the factory refers to, directly or through each other, in source order. What runs in the sandbox is
 * the factory printed with these before it (print-handlers.ts), so hooks kept in module constants work.
 */
export function moduleDeclarationsUsedBy(factory: FunctionLike, source: ts.SourceFile): ts.Statement[] {
  const byName = new Map<string, ts.Statement>();
  for (const statement of source.statements) {
    const exported = (ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined)?.some(
      (m) => m.kind === ts.SyntaxKind.ExportKeyword,
    );
    if (exported || statement === factory) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) byName.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) byName.set(declaration.name.text, statement);
      }
    }
  }
  if (byName.size === 0) return [];
  const used = new Set<ts.Statement>();
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && !isPropertyName(n)) {
      const statement = byName.get(n.text);
      if (statement && !used.has(statement)) {
        used.add(statement);
        ts.forEachChild(statement, visit);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(factory);
  return source.statements.filter((statement) => used.has(statement));
}
