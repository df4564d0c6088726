/**
 * Which libraries a `handlers` factory reads from the injected `libraries` object, found on the AST:
 * `libraries.x`, `libraries['x']`, `const { x } = libraries`, `({ libraries: { x } })`, through
 * `const alias = libraries` and through a context parameter (`(ctx) => ctx.libraries.x`). The
 * sandbox only ever holds the declared ones, but an undeclared one is a mistake the author should
 * hear about at compile time (spec: undeclared libraries are rejected at load time), with its place.
 */
import { ts } from '../parse/typescript.mjs';
import { readModuleShape, unwrap } from '../parse/module-exports.ts';
import { propertyKey } from '../parse/static-value.ts';
import type { ScopeResolver } from './scope.ts';

/** One read of a library: its name, or undefined when the key is not a constant. */
export interface LibraryUse {
  readonly name: string | undefined;
  readonly node: ts.Node;
}

type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;

/** Reads of the `libraries` object in the handlers factory of `sf`; `fold` gives constant keys. */
export function findLibraryUses(
  sf: ts.SourceFile,
  scope: ScopeResolver,
  fold: (node: ts.Node) => unknown,
): LibraryUse[] {
  const binding = readModuleShape(sf).exports.get('handlers');
  const factory = binding?.node ? unwrap(binding.node) : undefined;
  if (
    !factory ||
    !(ts.isArrowFunction(factory) || ts.isFunctionExpression(factory) || ts.isFunctionDeclaration(factory))
  )
    return [];
  const uses: LibraryUse[] = [];
  const parameter = (factory as FunctionLike).parameters[0];
  if (!parameter) return uses;

  const fromPattern = (pattern: ts.ObjectBindingPattern): void => {
    for (const element of pattern.elements) {
      if (element.dotDotDotToken) continue;
      const key = element.propertyName
        ? propertyKey(element.propertyName)
        : ts.isIdentifier(element.name)
          ? ts.idText(element.name)
          : undefined;
      uses.push({ name: key, node: element.propertyName ?? element.name });
    }
  };

  /** Every read through a binding that holds the libraries object. */
  const fromHolder = (declaration: ts.Node, name: ts.BindingName, depth = 0): void => {
    if (depth > 8) return;
    if (ts.isObjectBindingPattern(name)) {
      fromPattern(name);
      return;
    }
    if (!ts.isIdentifier(name)) return;
    const text = ts.idText(name);
    const visit = (node: ts.Node): void => {
      if (
        ts.isIdentifier(node) &&
        node !== name &&
        ts.idText(node) === text &&
        scope.declarationOf(text, node) === declaration
      )
        fromReference(node, depth);
      ts.forEachChild(node, visit);
    };
    visit(factory);
  };

  /** An expression that evaluates to the libraries object. */
  const fromReference = (reference: ts.Expression, depth: number): void => {
    let node: ts.Node = reference;
    while (ts.isParenthesizedExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
    const parent = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node)
      uses.push({ name: ts.idText(parent.name), node: parent.name });
    else if (ts.isElementAccessExpression(parent) && parent.expression === node) {
      const key = fold(parent.argumentExpression);
      uses.push({ name: typeof key === 'string' ? key : undefined, node: parent.argumentExpression });
    } else if (ts.isVariableDeclaration(parent) && parent.initializer === node)
      fromHolder(parent, parent.name, depth + 1);
  };

  const name = parameter.name;
  if (ts.isObjectBindingPattern(name)) {
    for (const element of name.elements) {
      const key = element.propertyName
        ? propertyKey(element.propertyName)
        : ts.isIdentifier(element.name)
          ? ts.idText(element.name)
          : undefined;
      if (key === 'libraries') fromHolder(element, element.name);
    }
  } else if (ts.isIdentifier(name)) {
    // `(ctx) => ctx.libraries…`: each `ctx.libraries` is a reference to the object.
    const text = ts.idText(name);
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ts.idText(node.expression) === text &&
        ts.idText(node.name) === 'libraries' &&
        scope.declarationOf(text, node.expression) === parameter
      )
        fromReference(node, 0);
      else if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        ts.isIdentifier(unwrap(node.initializer)) &&
        ts.idText(unwrap(node.initializer) as ts.Identifier) === text &&
        ts.isObjectBindingPattern(node.name)
      ) {
        for (const element of node.name.elements) {
          const key = element.propertyName
            ? propertyKey(element.propertyName)
            : ts.isIdentifier(element.name)
              ? ts.idText(element.name)
              : undefined;
          if (key === 'libraries') fromHolder(element, element.name);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(factory);
  }
  return uses;
}
