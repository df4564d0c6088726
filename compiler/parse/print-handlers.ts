/**
 * What the runtime runs of a `handlers` factory is printed from the very AST the scan analysed,
 * not copied from the file: comments are gone and every token is where TypeScript's parser put it.
 * Text that another parser could read differently (an HTML-like comment `<!--` that a script parser
 * would skip, a template it would end elsewhere) is printed as what the scan saw, and the sandbox
 * evaluates it with the module goal, where such forms are syntax errors rather than comments.
 */
import { ts } from './typescript.mjs';

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

export function printHandlers(
  node: ts.Node,
  source: ts.SourceFile,
  moduleDeclarations: readonly ts.Statement[] = [],
): string {
  // A function declaration prints as `function name(…) {…}`, which the sandbox reads as an expression.
  const factory = printer.printNode(
    ts.isFunctionDeclaration(node) ? ts.EmitHint.Unspecified : ts.EmitHint.Expression,
    node,
    source,
  );
  if (moduleDeclarations.length === 0) return factory;
  // Top-level constants and functions the factory names (hooks kept in module constants) run first, in one expression.
  const declarations = moduleDeclarations.map((statement) =>
    printer.printNode(ts.EmitHint.Unspecified, statement, source),
  );
  return `(() => {\n${declarations.join('\n')}\nreturn (${factory});\n})()`;
}
