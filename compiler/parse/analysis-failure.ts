/**
 * When the compiler itself cannot analyse a file (TypeScript's parser, or a walk over its AST, ran
 * out of stack on code nested thousands deep; or any other internal failure), that file gets one
 * located diagnostic (PAR006) and the rest of the tree goes on. The place is where the file nests
 * deepest, found by a plain scan of brackets that needs no parser (and no stack).
 *
 * Where the stack runs out depends on how warm the compiler's code is (optimized frames are smaller)
 * and on the thread, so a file nested deeper than `MAX_NESTING` is refused before it is parsed: the
 * same file gets the same finding first or last in a batch, on the main thread or a worker.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** Brackets nested deeper than this are refused unparsed; well below where a cold parser's stack runs out. */
export const MAX_NESTING = 500;

/** Thrown by the parser's caller for a file nested deeper than `MAX_NESTING`. */
export class NestingTooDeep extends Error {}

/**
 * True when `text` has brackets nested deeper than `MAX_NESTING` (checked by counting first: most files have fewer
 * brackets).
 */
export function nestsTooDeep(text: string): boolean {
  let opening = 0;
  for (let i = 0; i < text.length && opening <= MAX_NESTING; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) opening++;
  }
  return opening > MAX_NESTING && deepestNesting(text).depth > MAX_NESTING;
}

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
  const capped = error instanceof NestingTooDeep;
  const overflow = capped || (error instanceof RangeError && /call stack/i.test(error.message));
  const at = deepestNesting(text);
  const message = capped
    ? `the file cannot be analysed: it nests ${at.depth} levels deep here, more than the compiler follows ` +
      `(${MAX_NESTING}); flatten the code`
    : overflow
      ? `the file cannot be analysed: it nests ${at.depth} levels deep here, more than the compiler can follow (it ` +
        `ran out of stack); flatten the code`
      : `the file cannot be analysed: ${error instanceof Error ? error.message : String(error)}`;
  return {
    rule: 'PAR006',
    severity: 'error',
    message,
    file,
    line: overflow ? at.line : 1,
    column: overflow ? at.column : 1,
  };
}
