/**
 * Reads a module into TypeScript's syntax tree without running it: TypeScript's own parser, with
 * parent links (the scan and the static reader walk up as well as down), and nothing else (no
 * project, no language service, no program per file).
 */
import { ts } from './typescript.mjs';
import { syntacticDiagnostics } from './syntactic-diagnostics.ts';
import { NestingTooDeep, nestsTooDeep } from './analysis-failure.ts';

/** One parsed module: `compilerNode` is its syntax tree. */
export interface ParsedModule {
  readonly compilerNode: ts.SourceFile;
}

/** Every module gets this name in its tree; `file` is used for messages only. */
const VIRTUAL_NAME = '/virtual/module.mjs';

/**
 * Parses `text` as an ES module (ES2022, JavaScript). `file` is only used for messages. Throws
 * `NestingTooDeep` for a file nested deeper than the front end follows (`analysisFailure` reports it).
 */
export function parseModule(file: string, text: string): ParsedModule {
  void file;
  if (nestsTooDeep(text)) throw new NestingTooDeep();
  return { compilerNode: ts.createSourceFile(VIRTUAL_NAME, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS) };
}

/**
 * Syntax errors of a parsed module, as `{ message, line, column }` (1-based), in TypeScript's order
 * for a JavaScript file: besides what the parser reports, TypeScript-only syntax (`x!`, `x as T`,
 * type annotations, `enum`, …): TypeScript parses it in a `.mjs` file without a parse error, the scan
 * would pass it, and the sandbox (a JavaScript engine) could only refuse the printed handlers at call time.
 */
export function syntaxErrors(source: ParsedModule): { message: string; line: number; column: number }[] {
  const file = source.compilerNode;
  return syntacticDiagnostics(file).map((d) => {
    const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
    return { message: ts.flattenDiagnosticMessageText(d.messageText, '\n'), line: line + 1, column: character + 1 };
  });
}

/**
 * Parsing keeps nothing beyond the tree it returns: there is nothing to release (kept for callers that pair it with
 * `parseModule`).
 */
export function forget(source: ParsedModule): void {
  void source;
}
