/**
 * Lexical scope analysis over the TypeScript AST. The scan needs to know whether an identifier is a
 * reference to a global (forbidden) or to something the file declared (a local named `fetch` is fine),
 * without running the file and without a type checker (which would see other files of the project).
 */
import { ts } from 'ts-morph';

/** Answers "is this name declared around this node?" for one source file. */
export interface ScopeResolver {
  /** The declaration binding `name` as seen from `at`, or undefined when it is a global. */
  declarationOf(name: string, at: ts.Node): ts.Node | undefined;
  /** True when `at` is inside a non-arrow function, where `arguments` is a local. */
  insideFunction(at: ts.Node): boolean;
}

const isFunctionScope = (node: ts.Node): boolean =>
  ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) || ts.isClassStaticBlockDeclaration(node);

const isBlockScope = (node: ts.Node): boolean =>
  ts.isBlock(node) || ts.isCaseBlock(node) || ts.isForStatement(node) || ts.isForInStatement(node) ||
  ts.isForOfStatement(node) || ts.isCatchClause(node) || ts.isClassDeclaration(node) || ts.isClassExpression(node);

/** Names bound by a binding name (identifier or destructuring pattern), with the node that binds each. */
function bindings(name: ts.BindingName, out: [string, ts.Node][], declaration: ts.Node): void {
  if (ts.isIdentifier(name)) {
    out.push([ts.idText(name), declaration]);
    return;
  }
  for (const element of name.elements) {
    if (ts.isBindingElement(element)) bindings(element.name, out, element);
  }
}

/** Builds the resolver with one pass over the file. */
export function createScopeResolver(source: ts.SourceFile): ScopeResolver {
  const scopes = new Map<ts.Node, Map<string, ts.Node>>();
  const declare = (scope: ts.Node, entries: [string, ts.Node][]): void => {
    let table = scopes.get(scope);
    if (!table) scopes.set(scope, (table = new Map()));
    for (const [name, node] of entries) if (!table.has(name)) table.set(name, node);
  };

  const visit = (node: ts.Node, functionScope: ts.Node, blockScope: ts.Node): void => {
    if (ts.isVariableDeclaration(node)) {
      const out: [string, ts.Node][] = [];
      bindings(node.name, out, node);
      if (ts.isCatchClause(node.parent)) declare(node.parent, out);
      else if (ts.isVariableDeclarationList(node.parent) && (node.parent.flags & ts.NodeFlags.BlockScoped) !== 0) declare(blockScope, out);
      else declare(functionScope, out);
    } else if (ts.isFunctionDeclaration(node) && node.name) {
      declare(blockScope, [[ts.idText(node.name), node]]);
    } else if (ts.isClassDeclaration(node) && node.name) {
      declare(blockScope, [[ts.idText(node.name), node]]);
    } else if ((ts.isClassExpression(node) || ts.isFunctionExpression(node)) && node.name) {
      declare(node, [[ts.idText(node.name), node]]);
    } else if (ts.isImportClause(node) && node.name) {
      declare(source, [[ts.idText(node.name), node]]);
    } else if (ts.isNamespaceImport(node) || ts.isImportSpecifier(node)) {
      declare(source, [[ts.idText(node.name), node]]);
    }
    if (isFunctionScope(node)) {
      const fn = node as ts.SignatureDeclaration;
      const out: [string, ts.Node][] = [];
      for (const parameter of fn.parameters) bindings(parameter.name, out, parameter);
      declare(node, out);
      ts.forEachChild(node, (child) => visit(child, node, node));
      return;
    }
    const nextBlock = isBlockScope(node) ? node : blockScope;
    ts.forEachChild(node, (child) => visit(child, functionScope, nextBlock));
  };
  visit(source, source, source);

  return {
    declarationOf(name, at) {
      for (let node: ts.Node | undefined = at; node; node = node.parent) {
        const found = scopes.get(node)?.get(name);
        if (found) return found;
      }
      return undefined;
    },
    insideFunction(at) {
      for (let node: ts.Node | undefined = at.parent; node; node = node.parent) {
        if (isFunctionScope(node) && !ts.isArrowFunction(node)) return true;
      }
      return false;
    },
  };
}
