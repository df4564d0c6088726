/**
 * Evaluates an object literal without running it. Only JSON-like literals are accepted, so a
 * schema's `main` can be read (and hashed) even when the file would do harm if it were executed.
 */
import { ts } from './typescript.mjs';
import { LocationIndex, type PathSegment, type Position } from './location-index.ts';

export type StaticValue = null | boolean | number | string | StaticValue[] | { [key: string]: StaticValue };

/** Why a node could not be read as a literal, with the path it sits at. */
export interface StaticIssue {
  /** `non-literal`: code where a value must be; `duplicate-key`: a key written twice (the later one wins in JS). */
  readonly kind: 'non-literal' | 'duplicate-key';
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

export interface StaticResult {
  /** The value; a member that was not a literal is left out (and listed in `issues`). */
  readonly value: StaticValue | undefined;
  readonly locations: LocationIndex;
  readonly issues: readonly StaticIssue[];
}

export interface StaticOptions {
  /** Lets a reader follow a bare identifier to a top-level `const` (skill `content`); others stay errors. */
  readonly resolveIdentifier?: (name: string) => ts.Expression | undefined;
}

/** Reads `node` as a literal value; paths in the result are relative to `node` (`main` itself is `[]`). */
export function evaluateStatic(node: ts.Expression, source: ts.SourceFile, options: StaticOptions = {}): StaticResult {
  const locations = new LocationIndex();
  const issues: StaticIssue[] = [];
  const position = (n: ts.Node): Position => {
    const { line, character } = source.getLineAndCharacterOfPosition(n.getStart(source));
    return { line: line + 1, column: character + 1 };
  };
  const fail = (n: ts.Node, path: readonly PathSegment[], what: string): undefined => {
    const at = position(n);
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    issues.push({
      kind: 'non-literal',
      path,
      message: `${where}${what} is not a static value (only literals are allowed)`,
      ...at,
    });
    return undefined;
  };
  const resolving = new Set<string>();

  const visit = (n: ts.Expression, path: PathSegment[]): StaticValue | undefined => {
    locations.set(path, () => position(n));
    if (ts.isParenthesizedExpression(n)) return visit(n.expression, path);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
    if (ts.isNumericLiteral(n)) return numeric(n);
    if (n.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (n.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (n.kind === ts.SyntaxKind.NullKeyword) return null;
    if (ts.isPrefixUnaryExpression(n) && ts.isNumericLiteral(n.operand)) {
      if (n.operator === ts.SyntaxKind.MinusToken) return -numeric(n.operand);
      if (n.operator === ts.SyntaxKind.PlusToken) return numeric(n.operand);
    }
    if (ts.isArrayLiteralExpression(n)) {
      const out: StaticValue[] = [];
      n.elements.forEach((element, index) => {
        const at = [...path, index];
        if (ts.isSpreadElement(element)) return void fail(element, at, 'a spread');
        if (ts.isOmittedExpression(element)) return void fail(n, at, 'an array hole');
        const value = visit(element, at);
        if (value !== undefined) out.push(value);
      });
      return out;
    }
    if (ts.isObjectLiteralExpression(n)) return visitObject(n, path);
    if (ts.isIdentifier(n)) {
      const target =
        options.resolveIdentifier && !resolving.has(n.text) ? options.resolveIdentifier(n.text) : undefined;
      if (target) {
        resolving.add(n.text);
        try {
          return visit(target, path);
        } finally {
          resolving.delete(n.text);
        }
      }
      return fail(n, path, n.text === 'undefined' ? '`undefined`' : `the identifier \`${n.text}\``);
    }
    return fail(n, path, describe(n));
  };

  const visitObject = (n: ts.ObjectLiteralExpression, path: PathSegment[]): StaticValue => {
    const out: { [key: string]: StaticValue } = {};
    for (const property of n.properties) {
      if (ts.isSpreadAssignment(property)) {
        fail(property, path, 'a spread');
        continue;
      }
      const key = propertyKey(property.name);
      if (key === undefined) {
        fail(property.name ?? property, path, 'a computed key');
        continue;
      }
      const at = [...path, key];
      if (Object.hasOwn(out, key)) {
        issues.push({
          kind: 'duplicate-key',
          path: at,
          message:
            `${at.join('.')}: the key ${JSON.stringify(key)} is written twice (the later one would ` + `silently win)`,
          ...position(property),
        });
      }
      if (ts.isPropertyAssignment(property)) {
        const value = visit(property.initializer, at);
        if (value !== undefined) define(out, key, value);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        const value = visit(property.name, at);
        if (value !== undefined) define(out, key, value);
      } else if (ts.isGetAccessor(property)) {
        fail(property, at, 'a getter');
      } else if (ts.isSetAccessor(property)) {
        fail(property, at, 'a setter');
      } else {
        fail(property, at, 'a method');
      }
    }
    return out;
  };

  const value = visit(node, []);
  return { value, locations, issues };
}

/** Own data property even for `__proto__`, so a schema key can never change an object's prototype. */
const define = (target: { [key: string]: StaticValue }, key: string, value: StaticValue): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** `1_000`, `0x10`, `1e3` → their number (separators are syntax, not digits). */
const numeric = (n: ts.NumericLiteral): number => Number(n.text.replace(/_/g, ''));

/** The key of a property when it is written literally; undefined for computed keys. */
export function propertyKey(name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined;
  if (
    ts.isIdentifier(name) ||
    ts.isStringLiteral(name) ||
    ts.isNumericLiteral(name) ||
    ts.isNoSubstitutionTemplateLiteral(name)
  )
    return name.text;
  return undefined;
}

function describe(n: ts.Node): string {
  if (ts.isCallExpression(n)) return 'a call';
  if (ts.isNewExpression(n)) return 'a `new` expression';
  if (ts.isTemplateExpression(n)) return 'a template literal with substitutions';
  if (ts.isTaggedTemplateExpression(n)) return 'a tagged template';
  if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return 'a function';
  if (ts.isClassExpression(n)) return 'a class';
  if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) return 'a property access';
  if (ts.isRegularExpressionLiteral(n)) return 'a regular expression';
  if (ts.isBinaryExpression(n) || ts.isConditionalExpression(n) || ts.isPrefixUnaryExpression(n))
    return 'an expression';
  if (ts.isAwaitExpression(n)) return 'an await';
  if (ts.isBigIntLiteral(n)) return 'a BigInt';
  return `a ${ts.SyntaxKind[n.kind]} node`;
}
