/**
 * When the compiler itself cannot analyse a file (TypeScript's parser, or a walk over its AST, ran
 * out of stack on code nested thousands deep; or any other internal failure), that file gets one
 * located diagnostic (PAR006) and the rest of the tree goes on. The place is where the file nests
 * deepest, found by a plain scan of brackets that needs no parser (and no stack).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** Line and column (1-based) where brackets nest deepest, and that depth (strings and comments are skipped roughly). */
export function deepestNesting(text: string): { line: number; column: number; depth: number } {
  let depth = 0;
  let best = { line: 1, column: 1, depth: 0 };
  let line = 1;
  let column = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    column++;
    if (c === '\n') {
      line++;
      column = 0;
      if (quote === '"' || quote === "'" || quote === '//') quote = '';
      continue;
    }
    if (quote) {
      if (quote === '//') continue;
      if (quote === '/*') {
        if (c === '*' && text[i + 1] === '/') quote = '';
        continue;
      }
      if (c === '\\') {
        i++;
        column++;
      } else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) quote = text[i + 1] === '/' ? '//' : '/*';
    else if (c === '(' || c === '[' || c === '{') {
      depth++;
      if (depth > best.depth) best = { line, column, depth };
    } else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
  }
  return best;
}

/** The PAR006 diagnostic for a file whose analysis threw `error`. */
export function analysisFailure(file: string, text: string, error: unknown): Diagnostic {
  const overflow = error instanceof RangeError && /call stack/i.test(error.message);
  const at = deepestNesting(text);
  const message = overflow
    ? `the file cannot be analysed: it nests ${at.depth} levels deep here, more than the compiler can follow (it ran out of stack); flatten the code`
    : `the file cannot be analysed: ${error instanceof Error ? error.message : String(error)}`;
  return { rule: 'PAR006', severity: 'error', message, file, line: overflow ? at.line : 1, column: overflow ? at.column : 1 };
}
