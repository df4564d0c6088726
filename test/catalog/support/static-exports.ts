/**
 * Reads the exported data of a catalog `.mjs` file without running it: the initializer of
 * `export const <name>` must be a pure literal (objects, arrays, strings, numbers, booleans, null),
 * which is exactly what the schema format promises for `main`, `list`, `prompt` and `skill`.
 */
import { ts } from 'ts-morph';
import { forget, parseModule, syntaxErrors } from '../../../compiler/parse/source-file.ts';

/** Why a file could not be read statically; the message names the file and line. */
export class StaticReadError extends Error {}

export interface StaticModule {
  /** Names of every `export const` in the file, in source order. */
  readonly exportNames: readonly string[];
  /** Literal value of each exported const whose initializer is a pure literal. */
  readonly values: ReadonlyMap<string, unknown>;
  /** Exported consts whose initializer is not a pure literal (e.g. the `handlers` factory), with the reason. */
  readonly nonLiteral: ReadonlyMap<string, string>;
  /** For exported arrow/function factories that return an object literal: the keys of that object. */
  readonly factoryKeys: ReadonlyMap<string, readonly string[]>;
  /** Number of import declarations, `import(...)` calls and `require(...)` calls. */
  readonly importCount: number;
}

/** Parses `text` and evaluates the literal initializers of its exported consts. */
export function readStaticModule(file: string, text: string): StaticModule {
  const source = parseModule(file, text);
  try {
    const errors = syntaxErrors(source);
    if (errors.length > 0) throw new StaticReadError(`${file}:${errors[0]!.line}: ${errors[0]!.message}`);
    const node = source.compilerNode;
    const exportNames: string[] = [];
    const values = new Map<string, unknown>();
    const nonLiteral = new Map<string, string>();
    const factoryKeys = new Map<string, readonly string[]>();
    for (const statement of node.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      if (!exported) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined) continue;
        const name = declaration.name.text;
        exportNames.push(name);
        try {
          values.set(name, literalValue(declaration.initializer, node, file));
        } catch (error) {
          if (!(error instanceof StaticReadError)) throw error;
          nonLiteral.set(name, error.message);
          const keys = returnedObjectKeys(declaration.initializer);
          if (keys !== undefined) factoryKeys.set(name, keys);
        }
      }
    }
    return { exportNames, values, nonLiteral, factoryKeys, importCount: countImports(node) };
  } finally {
    forget(source);
  }
}

function where(node: ts.Node, source: ts.SourceFile, file: string): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `${file}:${line + 1}`;
}

function literalValue(node: ts.Expression, source: ts.SourceFile, file: string): unknown {
  if (ts.isParenthesizedExpression(node)) return literalValue(node.expression, source, file);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return -Number(node.operand.text);
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    return node.elements.map((element) => {
      if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) {
        throw new StaticReadError(`${where(element, source, file)}: spread or hole in array`);
      }
      return literalValue(element, source, file);
    });
  }
  if (ts.isObjectLiteralExpression(node)) {
    const result: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) {
        throw new StaticReadError(`${where(property, source, file)}: only plain "key: value" properties are allowed`);
      }
      const key = property.name;
      let name: string;
      if (ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isNumericLiteral(key)) name = key.text;
      else throw new StaticReadError(`${where(property, source, file)}: computed property name`);
      if (Object.hasOwn(result, name))
        throw new StaticReadError(`${where(property, source, file)}: duplicate key "${name}"`);
      result[name] = literalValue(property.initializer, source, file);
    }
    return result;
  }
  throw new StaticReadError(`${where(node, source, file)}: ${ts.SyntaxKind[node.kind]} is not a literal`);
}

/**
 * Keys of the object literal an arrow function returns: directly, `(...) => ({ a: …, b: … })`, or as
 * the last statement of a block body, `(...) => { const helper = …; return { a: …, b: … } }`.
 */
function returnedObjectKeys(node: ts.Expression): string[] | undefined {
  if (!ts.isArrowFunction(node)) return undefined;
  let body: ts.Node = node.body;
  if (ts.isBlock(body)) {
    const last = body.statements[body.statements.length - 1];
    if (last === undefined || !ts.isReturnStatement(last) || last.expression === undefined) return undefined;
    body = last.expression;
  }
  while (ts.isParenthesizedExpression(body)) body = body.expression;
  if (!ts.isObjectLiteralExpression(body)) return undefined;
  return body.properties.map((property) => {
    const name = property.name;
    return name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : '<computed>';
  });
}

function countImports(source: ts.SourceFile): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node)) count += 1;
    if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) count += 1;
      if (ts.isIdentifier(node.expression) && node.expression.text === 'require') count += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}
