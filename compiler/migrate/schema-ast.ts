/**
 * A schema module as conversions see it: the parsed source, the `main` object literal and the
 * `handlers` factory, with the node at any path of `main` (property keys quoted or not).
 */
import { ts } from 'ts-morph';
import { readModuleShape, unwrap } from '../parse/module-exports.ts';
import { parseModule, syntaxErrors, forget } from '../parse/source-file.ts';
import { evaluateStatic, propertyKey, type StaticValue } from '../parse/static-value.ts';
import type { FunctionLike } from '../parse/handler-hooks.ts';

export type PathSegment = string | number;

export interface SchemaAst {
  readonly file: string;
  readonly text: string;
  readonly source: ts.SourceFile;
  /** The `export const main = <this>` object literal. */
  readonly main: ts.ObjectLiteralExpression;
  /** `main` as a static value (what the rules read). */
  readonly value: { readonly [key: string]: StaticValue };
  readonly handlers?: FunctionLike;
}

/** Why a file cannot be converted (not a schema a conversion can read). */
export class NotConvertible extends Error {
  override readonly name = 'NotConvertible';
}

/** A format-4 selection file: there is nothing to convert it to in format 3 (MIG001). */
export class SelectionFile extends NotConvertible {}

/** Parses `text`, runs `use` on its AST, then frees it. */
export function withSchemaAst<T>(file: string, text: string, use: (ast: SchemaAst) => T): T {
  const sourceFile = parseModule(file, text);
  try {
    const errors = syntaxErrors(sourceFile);
    if (errors.length > 0)
      throw new NotConvertible(`syntax error at ${errors[0]!.line}:${errors[0]!.column}: ${errors[0]!.message}`);
    const source = sourceFile.compilerNode;
    const shape = readModuleShape(source);
    const mainNode = shape.exports.get('main')?.node;
    const main = mainNode ? unwrap(mainNode) : undefined;
    if (!main && shape.exports.has('selection'))
      throw new SelectionFile(
        'a format-4 selection file (`export const selection`): format 3 has no selections, so it is not converted',
      );
    if (!main || !ts.isObjectLiteralExpression(main))
      throw new NotConvertible(
        shape.exports.has('schema')
          ? 'a format 1.x schema (`export const schema`): not converted'
          : 'no `export const main = {…}` object literal',
      );
    const read = evaluateStatic(main, source);
    if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value))
      throw new NotConvertible('`main` cannot be read as a literal');
    const handlersNode = shape.exports.get('handlers')?.node;
    const handlers = handlersNode ? unwrap(handlersNode) : undefined;
    const factory =
      handlers &&
      (ts.isArrowFunction(handlers) || ts.isFunctionExpression(handlers) || ts.isFunctionDeclaration(handlers))
        ? handlers
        : undefined;
    return use({ file, text, source, main, value: read.value, ...(factory ? { handlers: factory } : {}) });
  } finally {
    forget(sourceFile);
  }
}

/** The property of an object literal named `key` (identifier, quoted or numeric key). */
export function propertyOf(object: ts.ObjectLiteralExpression, key: string): ts.PropertyAssignment | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && propertyKey(property.name) === key) return property;
  }
  return undefined;
}

/** The value node at `path` under `root`, or undefined when the path does not lead to a literal node. */
export function nodeAt(root: ts.Expression, path: readonly PathSegment[]): ts.Expression | undefined {
  let node: ts.Node = unwrap(root);
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!ts.isArrayLiteralExpression(node)) return undefined;
      const element = node.elements[segment];
      if (!element) return undefined;
      node = unwrap(element);
    } else {
      if (!ts.isObjectLiteralExpression(node)) return undefined;
      const property = propertyOf(node, segment);
      if (!property) return undefined;
      node = unwrap(property.initializer);
    }
  }
  return node as ts.Expression;
}

/** A string literal node (quoted or a template without substitutions). */
export const isStringNode = (node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
