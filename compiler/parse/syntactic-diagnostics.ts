/**
 * TypeScript's syntactic diagnostics of a JavaScript file, without building a program for files
 * that cannot have any beyond the parser's own. TypeScript adds to a `.js`/`.mjs` file's parse
 * errors the TypeScript-only forms it parsed without complaint (type annotations, `as`, `!`,
 * `enum`, parameter modifiers, type arguments, decorators, …), and only a program computes those.
 * A walk over the tree first looks for any node that could carry such a form; a file with none
 * (nearly every schema) gets the parser's diagnostics as the program would give them, sorted and
 * deduplicated the same way, and a file with one gets them from a one-file program.
 */
import { ts } from './typescript.mjs';

/** Kinds that are TypeScript-only wherever they appear (or that TypeScript reports in some forms). */
const SUSPECT_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.NonNullExpression,
  ts.SyntaxKind.AsExpression,
  ts.SyntaxKind.SatisfiesExpression,
  ts.SyntaxKind.TypeAssertionExpression,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.Decorator,
  ts.SyntaxKind.TypeParameter,
]);

/** Modifiers a JavaScript file may carry (`const` only on a variable statement; anything else is suspect). */
const PLAIN_MODIFIERS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.AsyncKeyword,
  ts.SyntaxKind.ExportKeyword,
  ts.SyntaxKind.DefaultKeyword,
  ts.SyntaxKind.StaticKeyword,
  ts.SyntaxKind.AccessorKeyword,
]);

type Loose = ts.Node & {
  readonly type?: unknown;
  readonly typeParameters?: unknown;
  readonly typeArguments?: unknown;
  readonly questionToken?: unknown;
  readonly isTypeOnly?: boolean;
  readonly modifiers?: ts.NodeArray<ts.ModifierLike>;
  readonly body?: unknown;
};

/** True when `node` might be one of the forms TypeScript reports in JavaScript files (a superset of them). */
function suspect(node: Loose): boolean {
  if (SUSPECT_KINDS.has(node.kind)) return true;
  if (ts.isExportAssignment(node) && node.isExportEquals) return true;
  if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ImplementsKeyword) return true;
  if (
    node.type !== undefined ||
    node.typeParameters !== undefined ||
    node.typeArguments !== undefined ||
    node.isTypeOnly
  )
    return true;
  if (
    node.questionToken !== undefined &&
    (ts.isParameter(node) || ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node))
  )
    return true;
  if (
    (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) &&
    node.body === undefined
  )
    return true;
  if (node.modifiers) {
    for (const modifier of node.modifiers) {
      if (PLAIN_MODIFIERS.has(modifier.kind)) continue;
      if (modifier.kind === ts.SyntaxKind.ConstKeyword && ts.isVariableStatement(node)) continue;
      return true;
    }
  }
  return false;
}

/** True when some node of the tree might carry a TypeScript-only form. */
function hasSuspectNode(file: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): boolean | undefined => {
    if (suspect(node as Loose)) return (found = true);
    return ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return found;
}

/** A compiler host that knows one parsed file and nothing else (no lib, no other module). */
const singleFileHost = (file: ts.SourceFile): ts.CompilerHost => ({
  getSourceFile: (name) => (name === file.fileName ? file : undefined),
  fileExists: (name) => name === file.fileName,
  readFile: () => undefined,
  getDefaultLibFileName: () => 'lib.d.ts',
  writeFile: () => undefined,
  getCurrentDirectory: () => '/',
  getCanonicalFileName: (name) => name,
  useCaseSensitiveFileNames: () => true,
  getNewLine: () => '\n',
});

/** What a one-file program reports as the file's syntactic diagnostics. */
export function programSyntaxErrors(file: ts.SourceFile): readonly ts.Diagnostic[] {
  const program = ts.createProgram({
    rootNames: [file.fileName],
    options: { allowJs: true, noLib: true, noResolve: true, types: [] },
    host: singleFileHost(file),
  });
  return program.getSyntacticDiagnostics(file);
}

/** The parser's own diagnostics of a file (TypeScript keeps them on the tree), or undefined if it no longer does. */
const parseDiagnostics = (file: ts.SourceFile): readonly ts.Diagnostic[] | undefined => {
  const found = (file as ts.SourceFile & { readonly parseDiagnostics?: unknown }).parseDiagnostics;
  return Array.isArray(found) ? found : undefined;
};

/** The syntactic diagnostics of a JavaScript file, exactly as `program.getSyntacticDiagnostics(file)` gives them. */
export function syntacticDiagnostics(file: ts.SourceFile): readonly ts.Diagnostic[] {
  const parsed = parseDiagnostics(file);
  if (parsed === undefined || hasSuspectNode(file)) return programSyntaxErrors(file);
  return ts.sortAndDeduplicateDiagnostics(parsed);
}
