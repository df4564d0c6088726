/**
 * A schema's `regex()` runs on the server's one thread, when a tool's input is validated (the
 * runtime's zod validator, and the zod code of generated modules). V8's default engine backtracks:
 * `^(a|aa)*$` against 39 characters held a server for 8.3 s, and every other tool waited with it.
 *
 * `boundRegexBacktracking()` turns on V8's fallback to its linear-time engine for a regex that
 * backtracks too much (after 50,000 backtracks): the answer is the same, found in time linear in the
 * input. It holds for regexes compiled after it (so it runs before a schema regex is made) and is
 * process-wide. It is not free, so it is set only where a schema regex can run: V8 flags are part of
 * the key of every code cache, node's own included, so each built-in module loaded after it is
 * compiled from source (measured on Node 20, quiet machine: +3 ms for what stdio serving loads, +6 ms
 * for the HTTPS stack on the first call). The runtime sets it when it first builds a validator with
 * a regex; a bundle whose schemas have one (`needsRegexBound`) sets it in its launcher, before its own
 * code is compiled with the code cache it saved (set later, each start would reject that cache).
 *
 * The linear engine cannot run every pattern: backreferences and lookarounds never (those are
 * `unboundedRegexFeature`: VAL112 at compile time, a refused tool at run time), and no repetition
 * counted past 16 (`{40}`, `{5,20}`: wild schemas count `[a-f0-9]{40}`, so those are accepted and
 * still backtrack; keep the body of such a repetition simple).
 */
import type { SchemaModel } from './model.ts';
import { lazyBuiltin } from './lazy-builtin.ts';

/** Loaded through `require`: an ESM import of a built-in builds a facade that reads every export. */
const v8 = lazyBuiltin<typeof import('node:v8')>('node:v8');

let bounded = false;

/** Whether any of these schemas has a `regex()`, so serving them sets the bound (a bundle's launcher, at start). */
export const needsRegexBound = (schemas: readonly SchemaModel[]): boolean =>
  schemas.some((schema) => schema.tools.some((tool) => tool.parameters.some((parameter) => parameter.options.regex !== undefined)));

/** Turns on V8's linear-time fallback for this process (once; later calls do nothing). */
export function boundRegexBacktracking(): void {
  if (bounded) return;
  bounded = true;
  v8().setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
}

/**
 * What in `pattern` (read as `new RegExp(pattern)` reads it, without flags) only a backtracking
 * engine can run, e.g. "a backreference (\1)"; undefined when V8's linear engine can take it (or
 * could, but for a repetition counted past 16). An invalid pattern is another rule's concern.
 */
export function unboundedRegexFeature(pattern: string): string | undefined {
  const { captures, named } = groupsOf(pattern);
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      if (!inClass) {
        // `\N` is a backreference when the pattern has N groups; otherwise a legacy octal or identity escape.
        const digits = /^[1-9]\d*/.exec(pattern.slice(i + 1))?.[0];
        if (digits !== undefined && Number(digits) <= captures) return `a backreference (\\${digits})`;
        // `\k<name>` is one only in a pattern with named groups; elsewhere `\k` is the letter k.
        if (named && pattern.startsWith('k<', i + 1)) return `a named backreference (\\k<${/^k<([^>]*)>?/.exec(pattern.slice(i + 1))?.[1] ?? ''}>)`;
      }
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[i + 1] === '?') {
      const kind = LOOKAROUNDS.find(([opener]) => pattern.startsWith(opener, i));
      if (kind) return `a ${kind[1]} (${kind[0]}…))`;
    }
  }
  return undefined;
}

const LOOKAROUNDS: readonly (readonly [string, string])[] = [
  ['(?=', 'lookahead'],
  ['(?!', 'negative lookahead'],
  ['(?<=', 'lookbehind'],
  ['(?<!', 'negative lookbehind'],
];

/** How many capturing groups a pattern has, and whether one is named (escapes and classes skipped). */
function groupsOf(pattern: string): { captures: number; named: boolean } {
  let captures = 0;
  let named = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') {
      if (pattern[i + 1] !== '?') captures++;
      else if (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') {
        captures++;
        named = true;
      }
    }
  }
  return { captures, named };
}
