/**
 * Reads a module into a ts-morph SourceFile without running it. One in-memory project is shared so
 * the TypeScript compiler is started once per process (its start-up dominates the first file).
 */
import { Project, ts, type SourceFile } from 'ts-morph';

let project: Project | undefined;
let counter = 0;

function sharedProject(): Project {
  project ??= new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: true, noLib: true, noResolve: true, target: ts.ScriptTarget.ES2022 },
  });
  return project;
}

/**
 * Parses `text` as an ES module. `file` is only used for messages. Each call gets a fresh virtual
 * path, so parsing the same file twice never returns stale contents. Call `forget()` when done with
 * a file to keep memory flat over large trees.
 */
export function parseModule(file: string, text: string): SourceFile {
  counter += 1;
  return sharedProject().createSourceFile(`/virtual/${counter}.mjs`, text, { overwrite: true, scriptKind: ts.ScriptKind.JS });
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

/**
 * Syntax errors of a parsed module, as `{ message, line, column }` (1-based). Besides what the
 * parser reports, TypeScript-only syntax (`x!`, `x as T`, type annotations, `enum`, …): TypeScript
 * parses it in a `.mjs` file without a parse error, the scan would pass it, and the sandbox (a
 * JavaScript engine) could only refuse the printed handlers at call time.
 */
export function syntaxErrors(source: SourceFile): { message: string; line: number; column: number }[] {
  const file = source.compilerNode;
  const program = ts.createProgram({ rootNames: [file.fileName], options: { allowJs: true, noLib: true, noResolve: true, types: [] }, host: singleFileHost(file) });
  return program.getSyntacticDiagnostics(file).map((d) => {
    const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
    return { message: ts.flattenDiagnosticMessageText(d.messageText, '\n'), line: line + 1, column: character + 1 };
  });
}

export function forget(source: SourceFile): void {
  source.forget();
  sharedProject().removeSourceFile(source);
}
