/**
 * Lexical scope analysis over the TypeScript AST. The scan needs to know whether an identifier is a
 * reference to a global (forbidden) or to something the file declared (a local named `fetch` is fine),
 * without running the file and without a type checker (which would see other files of the project).
 *
 * One walk over the file records every declaration in its scope and every node in source order, so
 * the scan's checks run over that list afterwards (once every declaration, hoisted or not, is known)
 * instead of walking the tree a second time.
 */
import { ts } from '../parse/typescript.mjs';

/** Answers "is this name declared around this node?" for one source file. */
export interface ScopeResolver {
  /** The declaration binding `name` as seen from `at`, or undefined when it is a global. */
  declarationOf(name: string, at: ts.Node): ts.Node | undefined;
  /** True when `at` is inside a non-arrow function, where `arguments` is a local. */
  insideFunction(at: ts.Node): boolean;
}

/** What the one walk over a file gives: its scopes, and its nodes in the order a depth-first walk meets them. */
export interface WalkedFile {
  readonly scope: ScopeResolver;
  /** Every node below the source file, parents before children, siblings in source order. */
  readonly nodes: readonly ts.Node[];
  /** For a node at index `i`, `subtreeEnd[i]` is the index just past its last descendant. */
  readonly subtreeEnd: Int32Array;
}

const SyntaxKind = ts.SyntaxKind;

function isFunctionScope(node: ts.Node): boolean {
  switch (node.kind) {
    case SyntaxKind.FunctionDeclaration:
    case SyntaxKind.FunctionExpression:
    case SyntaxKind.ArrowFunction:
    case SyntaxKind.MethodDeclaration:
    case SyntaxKind.Constructor:
    case SyntaxKind.GetAccessor:
    case SyntaxKind.SetAccessor:
    case SyntaxKind.ClassStaticBlockDeclaration:
      return true;
    default:
      return false;
  }
}

function isBlockScope(node: ts.Node): boolean {
  switch (node.kind) {
    case SyntaxKind.Block:
    case SyntaxKind.CaseBlock:
    case SyntaxKind.ForStatement:
    case SyntaxKind.ForInStatement:
    case SyntaxKind.ForOfStatement:
    case SyntaxKind.CatchClause:
    case SyntaxKind.ClassDeclaration:
    case SyntaxKind.ClassExpression:
      return true;
    default:
      return false;
  }
}

/** Names bound by a binding name (identifier or destructuring pattern), with the node that binds each. */
function bindings(name: ts.BindingName, out: [string, ts.Node][], declaration: ts.Node): void {
  if (name.kind === SyntaxKind.Identifier) {
    out.push([ts.idText(name), declaration]);
    return;
  }
  for (const element of name.elements) {
    if (element.kind === SyntaxKind.BindingElement) bindings(element.name, out, element);
  }
}

/** Walks `source` once: its scopes and its nodes in order. */
export function walkFile(source: ts.SourceFile): WalkedFile {
  const scopes = new Map<ts.Node, Map<string, ts.Node>>();
  const declare = (scope: ts.Node, name: string, node: ts.Node): void => {
    let table = scopes.get(scope);
    if (!table) scopes.set(scope, (table = new Map()));
    if (!table.has(name)) table.set(name, node);
  };
  const declareAll = (scope: ts.Node, entries: readonly [string, ts.Node][]): void => {
    for (const [name, node] of entries) declare(scope, name, node);
  };

  const nodes: ts.Node[] = [];
  const ends: number[] = [];
  // The scopes of the node being visited (what its declarations belong to), restored after its children.
  let functionScope: ts.Node = source;
  let blockScope: ts.Node = source;

  const visit = (node: ts.Node): void => {
    const index = nodes.length;
    nodes.push(node);
    ends.push(0);
    switch (node.kind) {
      case SyntaxKind.VariableDeclaration: {
        const declaration = node as ts.VariableDeclaration;
        const out: [string, ts.Node][] = [];
        bindings(declaration.name, out, declaration);
        const parent = declaration.parent;
        if (parent.kind === SyntaxKind.CatchClause) declareAll(parent, out);
        else if (parent.kind === SyntaxKind.VariableDeclarationList && (parent.flags & ts.NodeFlags.BlockScoped) !== 0)
          declareAll(blockScope, out);
        else declareAll(functionScope, out);
        break;
      }
      case SyntaxKind.FunctionDeclaration:
      case SyntaxKind.ClassDeclaration: {
        const name = (node as ts.FunctionDeclaration | ts.ClassDeclaration).name;
        if (name) declare(blockScope, ts.idText(name), node);
        break;
      }
      case SyntaxKind.ClassExpression:
      case SyntaxKind.FunctionExpression: {
        const name = (node as ts.FunctionExpression | ts.ClassExpression).name;
        if (name) declare(node, ts.idText(name), node);
        break;
      }
      case SyntaxKind.ImportClause: {
        const name = (node as ts.ImportClause).name;
        if (name) declare(source, ts.idText(name), node);
        break;
      }
      case SyntaxKind.NamespaceImport:
      case SyntaxKind.ImportSpecifier:
        declare(source, ts.idText((node as ts.NamespaceImport | ts.ImportSpecifier).name), node);
        break;
    }
    const outerFunction = functionScope;
    const outerBlock = blockScope;
    if (isFunctionScope(node)) {
      const out: [string, ts.Node][] = [];
      for (const parameter of (node as ts.SignatureDeclaration).parameters) bindings(parameter.name, out, parameter);
      declareAll(node, out);
      functionScope = node;
      blockScope = node;
    } else if (isBlockScope(node)) {
      blockScope = node;
    }
    ts.forEachChild(node, visit);
    functionScope = outerFunction;
    blockScope = outerBlock;
    ends[index] = nodes.length;
  };
  ts.forEachChild(source, visit);

  const scope: ScopeResolver = {
    declarationOf(name, at) {
      for (let node: ts.Node | undefined = at; node; node = node.parent) {
        const found = scopes.get(node)?.get(name);
        if (found) return found;
      }
      return undefined;
    },
    insideFunction(at) {
      for (let node: ts.Node | undefined = at.parent; node; node = node.parent) {
        if (isFunctionScope(node) && node.kind !== SyntaxKind.ArrowFunction) return true;
      }
      return false;
    },
  };
  return { scope, nodes, subtreeEnd: Int32Array.from(ends) };
}
