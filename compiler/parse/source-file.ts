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

/** Syntax errors of a parsed module, as `{ message, line, column }` (1-based). */
export function syntaxErrors(source: SourceFile): { message: string; line: number; column: number }[] {
  const diagnostics = (source.compilerNode as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  return diagnostics.map((d) => {
    const { line, character } = source.compilerNode.getLineAndCharacterOfPosition(d.start);
    return { message: ts.flattenDiagnosticMessageText(d.messageText, '\n'), line: line + 1, column: character + 1 };
  });
}

export function forget(source: SourceFile): void {
  source.forget();
  sharedProject().removeSourceFile(source);
}
