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
 * The linear engine cannot run every pattern. Backreferences and lookarounds never: those are VAL112
 * at compile time and a refused tool at run time. Nor a repetition counted past 16 (`{17}`, `{0,17}`,
 * `{16,}`, or nested counts whose product passes 16), which wild schemas write (`[a-f0-9]{40}`) and
 * hostile ones too (`^(a|aa){1,100}$`, minutes on 61 characters): `linearPattern` writes those as
 * counts of at most 16 in a row (`X{16}X{16}X{8}`), the same language, and that form is what the
 * runtime compiles and generated modules carry.
 *
 * Which counts "past 16" means depends on the engine: V8 11 (Node 20) copies an unbounded `X{n,}`
 * n + 1 times (`a{16,}` is refused, `(?:a+){16}` too), V8 12 and later (Node 22, 24) n times (`*`
 * and `+` once) unless X can match the empty string (then n + 1 times, as before). The runtime writes a pattern for the
 * engine it runs on (only when that engine needs it); generated modules carry the form for the strictest engine of the
 * Node lines we support, since a bundle built on one Node may be served by another.
 *
 * Cost model. The linear engine runs every state of its automaton in step, once per character of
 * input: its time is about (states) × (characters), where a pattern's states are its atoms, each
 * counted once per copy V8 makes of it (`[a-z ]?` counted 16 times in 300 groups is 4,800 states).
 * A pattern of more than `MAX_LINEAR_STATES` states is VAL130 (even short inputs cost it much), and a
 * string a pattern checks may have at most `WORK_BUDGET / states` characters (`regexInputCap`): a
 * longer one is refused before the pattern runs. Measured per Node line in `bench/regex-cost.bench.ts`:
 * Node 24's engine keeps to the model; Node 20's and 22's spend more per check on patterns with many
 * optional or looping copies, whatever the input's length, which the state limit bounds too.
 */
import type { SchemaModel } from './model.ts';
import { lazyBuiltin } from './lazy-builtin.ts';

/** Loaded through `require`: an ESM import of a built-in builds a facade that reads every export. */
const v8 = lazyBuiltin<typeof import('node:v8')>('node:v8');

let bounded = false;

/** Which repetitions V8's linear engine copies how often (see above). */
export interface LinearEngine {
  readonly name: string;
  /** How many copies of its body an unbounded repetition `X{min,}` (`*`, `+`) costs; `nullable`: X can match ''. */
  readonly unboundedCopies: (min: number, nullable: boolean) => number;
}

const V8_11: LinearEngine = { name: 'V8 11 (Node 20)', unboundedCopies: (min) => min + 1 };
const V8_12: LinearEngine = {
  name: 'V8 12 and later (Node 22, 24)',
  unboundedCopies: (min, nullable) => (nullable ? min + 1 : Math.max(min, 1)),
};

/** The linear engine of the V8 this process runs (`process.versions.v8` by default). */
export const linearEngineOf = (v8Version: string = process.versions.v8): LinearEngine =>
  Number(v8Version.split('.')[0]) >= 12 ? V8_12 : V8_11;

/** The strictest linear engine of the supported Node lines: what every one of them takes, this one takes. */
export const STRICTEST_LINEAR_ENGINE: LinearEngine = V8_11;

/** A pattern of more states than this is VAL130: its time per character of input is too high. */
export const MAX_LINEAR_STATES = 500;

/** States × characters a pattern may cost on one input: a checked string's length cap is this over its states. */
export const WORK_BUDGET = 100_000;

/** The longest string any pattern checks, however few its states. */
const MAX_CHECKED_LENGTH = 100_000;

/** Whether any of these schemas has a `regex()`, so serving them sets the bound (a bundle's launcher, at start). */
export const needsRegexBound = (schemas: readonly SchemaModel[]): boolean =>
  schemas.some((schema) =>
    schema.tools.some((tool) => tool.parameters.some((parameter) => parameter.options.regex !== undefined)),
  );

/** Turns on V8's linear-time fallback for this process (once; later calls do nothing). */
export function boundRegexBacktracking(): void {
  if (bounded) return;
  bounded = true;
  v8().setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
}

/**
 * Why `pattern` cannot be bounded, e.g. "a backreference (\1), which only a backtracking engine
 * runs": VAL112, and a tool refused at run time. Undefined exactly when `linearPattern` gives it a form.
 */
export function unboundedRegexFeature(pattern: string): string | undefined {
  const form = linearForm(pattern, STRICTEST_LINEAR_ENGINE);
  return typeof form === 'string' ? undefined : form.refused;
}

/**
 * The states of `pattern`'s automaton in V8's linear engine (cost model above), counted for the
 * strictest engine so that every Node line gets the same answer; undefined for a pattern with no
 * linear form (or an invalid one).
 */
export function linearStates(pattern: string): number | undefined {
  if (!isValid(pattern) || typeof linearForm(pattern, STRICTEST_LINEAR_ENGINE) !== 'string') return undefined;
  const states = (alternatives: Alternatives): number =>
    alternatives.reduce((sum, terms) => sum + terms.reduce((n, term) => n + termStates(term), 0), 0);
  const termStates = (term: Term): number => {
    if (term.kind === 'atom') return 1;
    if (term.kind === 'group') return states(term.body);
    const copies = term.max === Infinity ? STRICTEST_LINEAR_ENGINE.unboundedCopies(term.min, true) : term.max;
    return Math.min(copies * termStates(term.body), Number.MAX_SAFE_INTEGER);
  };
  return states(parse(pattern));
}

/** What a client is told of a string too long for its parameter's pattern. */
export const regexCapMessage = (cap: number): string =>
  `a value checked by this parameter's pattern may have at most ${cap} characters`;

/** Why `pattern` costs too much per character for the linear engine (VAL130), or undefined. */
export function regexCostProblem(pattern: string): string | undefined {
  const states = linearStates(pattern);
  if (states === undefined || states <= MAX_LINEAR_STATES) return undefined;
  return (
    `${states.toLocaleString('en')} states for V8's linear-time engine (at most ` +
    `${MAX_LINEAR_STATES.toLocaleString('en')}: its time per character of input grows with them)`
  );
}

/**
 * The longest string `pattern` may check (longer ones are refused before it runs); undefined for a pattern with no
 * linear form.
 */
export function regexInputCap(pattern: string): number | undefined {
  const states = linearStates(pattern);
  return states === undefined ? undefined : Math.min(MAX_CHECKED_LENGTH, Math.floor(WORK_BUDGET / Math.max(1, states)));
}

const isValid = (pattern: string): boolean => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * `pattern` (read as `new RegExp(pattern)` reads it, without flags) written so V8's linear engine
 * takes it: `regex.test(s)` answers as the original's for every `s`. A pattern that needs no change
 * comes back as it was, and so does an invalid one (compiling it fails, as before: another rule's
 * concern). Undefined when it cannot be bounded (`unboundedRegexFeature` says why).
 */
export function linearPattern(pattern: string, engine: LinearEngine = linearEngineOf()): string | undefined {
  const form = linearForm(pattern, engine);
  return typeof form === 'string' ? form : undefined;
}

function linearForm(pattern: string, engine: LinearEngine): string | { readonly refused: string } {
  const feature = backtrackingOnlyFeature(pattern);
  if (feature !== undefined) return { refused: `${feature}, which only a backtracking engine runs` };
  try {
    new RegExp(pattern);
  } catch {
    return pattern;
  }
  // Reading and writing recurse once per group: far below the depth that would exhaust the stack.
  if (groupsOf(pattern).deepest > MOST_NESTED)
    return { refused: `groups nested more than ${MOST_NESTED} deep, too deep to bound` };
  try {
    const form = write(parse(pattern), 1, false, engine);
    if (form !== pattern && form.length > LINEAR_FORM_CAP) throw new TooLong('repetitions counted too high to bound');
    return form;
  } catch (error) {
    if (!(error instanceof TooLong)) throw error;
    return {
      refused:
        `${error.what}, whose form for the linear-time engine would pass ` +
        `${LINEAR_FORM_CAP.toLocaleString('en')} characters`,
    };
  }
}

/**
 * What in `pattern` only a backtracking engine can run, e.g. "a backreference (\1)"; undefined
 * when V8's linear engine could take it (maybe once its counts are written out).
 */
function backtrackingOnlyFeature(pattern: string): string | undefined {
  const { captures, named } = groupsOf(pattern);
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      if (!inClass) {
        // `\N` is a backreference when the pattern has N groups; otherwise a legacy octal or identity escape.
        DECIMAL.lastIndex = i + 1;
        const digits = DECIMAL.exec(pattern)?.[0];
        if (digits !== undefined && Number(digits) <= captures) return `a backreference (\\${digits})`;
        // `\k<name>` is one only in a pattern with named groups; elsewhere `\k` is the letter k.
        if (named && pattern.startsWith('k<', i + 1))
          return `a named backreference (\\k<${/^k<([^>]*)>?/.exec(pattern.slice(i + 1))?.[1] ?? ''}>)`;
      }
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[i + 1] === '?') {
      const kind = LOOKAROUNDS.find(([opener]) => pattern.startsWith(opener, i));
      if (kind) return `a ${kind[1]} (${kind[0]}…)`;
    }
  }
  return undefined;
}

/** A decimal escape's number, read where it starts (sticky: no copy of the rest of the pattern per backslash). */
const DECIMAL = /[1-9]\d*/y;

const LOOKAROUNDS: readonly (readonly [string, string])[] = [
  ['(?=', 'lookahead'],
  ['(?!', 'negative lookahead'],
  ['(?<=', 'lookbehind'],
  ['(?<!', 'negative lookbehind'],
];

/**
 * How many capturing groups a pattern has, whether one is named, and how deep groups nest (escapes and classes
 * skipped).
 */
function groupsOf(pattern: string): { captures: number; named: boolean; deepest: number } {
  let captures = 0;
  let named = false;
  let inClass = false;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === ')') depth--;
    else if (char === '(') {
      deepest = Math.max(deepest, ++depth);
      if (pattern[i + 1] !== '?') captures++;
      else if (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') {
        captures++;
        named = true;
      }
    }
  }
  return { captures, named, deepest };
}

/**
 * V8's linear engine copies a repeated part once per count: a count past 16, or nested counts whose product does, it
 * refuses.
 */
const MOST_COPIES = 16;

/**
 * The longest linear form a pattern that needed one may have. Writing counts out multiplies down
 * nested counts (`((a{1000}){1000}){1000}` would be gigabytes) and nests optional copies, and V8
 * aborts the whole process (out of memory) compiling a counted regex nested about 2,700 deep. At
 * 10,000 characters a form nests under 1,000 deep and compiles in milliseconds (Node 20:
 * `^a{0,15000}$`, 9,378 characters, 12 ms); it is 250 times the longest `regex()` of the wild schemas
 * we test with. The linear engine's time per input character grows with the form (`^(a|aa){1,3000}$`,
 * 3,202 characters: 0.04 ms a character).
 */
const LINEAR_FORM_CAP = 10_000;

/** How deep groups may nest in a pattern given a linear form (real ones nest a few deep). */
const MOST_NESTED = 500;

/** Thrown while a form is written, when it would pass the cap. */
class TooLong {
  constructor(readonly what: string) {}
}
const tooLong = (quantifier: string): TooLong => new TooLong(`a repetition counted too high to bound (${quantifier})`);

/** A pattern read as far as counting needs: alternatives, each a sequence of terms. */
type Alternatives = Term[][];
type Term =
  | { readonly kind: 'atom'; readonly text: string }
  | { readonly kind: 'group'; readonly open: string; readonly body: Alternatives }
  | {
      readonly kind: 'repeat';
      readonly body: Term;
      readonly min: number;
      readonly max: number;
      readonly lazy: boolean;
      readonly quantifier: string;
    };

/** A group's opening: `(`, `(?:` or `(?<name>` (lookarounds never reach the parser). */
const GROUP = /\((?:\?:|\?<[^>]*>)?/y;
/** A class, `]` and escapes inside (without the `v` flag classes do not nest; `[]` and `[^]` close at once). */
const CLASS = /\[(?:[^\\\]]|\\[^])*\]/y;
/**
 * One escape as V8 reads it without the `u` flag: `\cJ`, `\x41`, `\u0041`, a legacy octal `\012`,
 * or a letter (`\x` without two hex digits is `x`, `\u{41}` is `u` counted 41 times); `\c` without
 * a letter is a backslash, and the `c` the next atom. `\1`…`\9` that are backreferences never get here.
 */
const ESCAPE = /\\(?:c[A-Za-z]|x[\dA-Fa-f]{2}|u[\dA-Fa-f]{4}|[0-3][0-7]{0,2}|[4-7][0-7]?|(?!c)[^])|\\/y;
/** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy; any other `{` is a literal (legacy syntax). */
const QUANTIFIER = /(?:([*+?])|\{(\d+)(,(\d*))?\})(\??)/y;

/** V8 reads a count of 2^31 - 1 or more as no limit. */
const count = (digits: string): number => (Number(digits) >= 2 ** 31 - 1 ? Infinity : Number(digits));

/** Reads a valid pattern (checked by `new RegExp` first, so no error handling here). */
function parse(pattern: string): Alternatives {
  let at = 0;
  const sticky = (regex: RegExp): string => {
    regex.lastIndex = at;
    const text = regex.exec(pattern)![0];
    at += text.length;
    return text;
  };
  const alternatives = (): Alternatives => {
    const result: Alternatives = [[]];
    while (at < pattern.length && pattern[at] !== ')') {
      if (pattern[at] === '|') {
        at++;
        result.push([]);
      } else result[result.length - 1]!.push(repeated(atom()));
    }
    return result;
  };
  const atom = (): Term => {
    switch (pattern[at]) {
      case '(': {
        const open = sticky(GROUP);
        const body = alternatives();
        at++; // its `)`
        return { kind: 'group', open, body };
      }
      case '[':
        return { kind: 'atom', text: sticky(CLASS) };
      case '\\':
        return { kind: 'atom', text: sticky(ESCAPE) };
      default:
        return { kind: 'atom', text: pattern[at++]! };
    }
  };
  const repeated = (body: Term): Term => {
    QUANTIFIER.lastIndex = at;
    const match = QUANTIFIER.exec(pattern);
    if (!match) return body;
    at += match[0].length;
    const [quantifier, symbol, min, comma, max, lazy] = match;
    if (symbol !== undefined)
      return {
        kind: 'repeat',
        body,
        min: symbol === '+' ? 1 : 0,
        max: symbol === '?' ? 1 : Infinity,
        lazy: lazy === '?',
        quantifier,
      };
    return {
      kind: 'repeat',
      body,
      min: count(min!),
      max: comma === undefined ? count(min!) : max === '' ? Infinity : count(max!),
      lazy: lazy === '?',
      quantifier,
    };
  };
  return alternatives();
}

/**
 * The alternatives written back, each repetition whose copies V8 would count past 16 written out.
 * `copies` is how many times V8 copies this place already (the product of the counts around it);
 * `asCopy` writes capturing groups as `(?:` (a body written twice may not name a group twice).
 */
function write(alternatives: Alternatives, copies: number, asCopy: boolean, engine: LinearEngine): string {
  return alternatives
    .map((terms) => {
      const written = terms.map((term) => writeTerm(term, copies, asCopy, engine));
      // A lone backslash (`\c` without a letter) is one only before its `c`: before a count written
      // out as `(?:c{16}…)?` it would escape the parenthesis, so it is spelled `\\` there.
      return written.map((text, i) => (text === '\\' && !written[i + 1]!.startsWith('c') ? '\\\\' : text)).join('');
    })
    .join('|');
}

function writeTerm(term: Term, copies: number, asCopy: boolean, engine: LinearEngine): string {
  switch (term.kind) {
    case 'atom':
      return term.text;
    case 'group':
      return `${asCopy ? '(?:' : term.open}${write(term.body, copies, asCopy, engine)})`;
    case 'repeat':
      return writeRepeat(term, copies, asCopy, engine);
  }
}

/**
 * `X{40}` → `X{16}X{16}X{8}`, `X{5,20}` → `X{5}X{0,15}`, `X{20,}` → `X{16}X{4}X*`, `X{0,40}` →
 * `(?:X{16}(?:X{9})?)?X{0,15}`: no count past what the place allows (16 over the counts around it).
 */
function writeRepeat(
  term: Extract<Term, { kind: 'repeat' }>,
  copies: number,
  asCopy: boolean,
  engine: LinearEngine,
): string {
  const { body, min, max } = term;
  // V8 copies a body `max` times, or (unbounded) as its engine counts; it drops a count on a body that matches only ''.
  const own = max === Infinity ? engine.unboundedCopies(min, matchesEmpty(body)) : max;
  if (
    matchesOnlyEmpty(body) ||
    (min <= MOST_COPIES && (max <= MOST_COPIES || max === Infinity) && copies * own <= MOST_COPIES)
  ) {
    return writeTerm(body, copies * own, asCopy, engine) + term.quantifier;
  }
  const room = copies === 0 ? MOST_COPIES : Math.floor(MOST_COPIES / copies);
  const optional = max === Infinity ? 1 : max - min;
  const pieces = Math.ceil(min / room) + Math.ceil(optional / room) + 2;
  if (pieces > LINEAR_FORM_CAP) throw tooLong(term.quantifier);
  const copy = writeTerm(body, copies * Math.min(room, Math.max(min, optional)), true, engine);
  if (pieces * copy.length > LINEAR_FORM_CAP) throw tooLong(term.quantifier);
  const lazy = term.lazy ? '?' : '';
  // A copy without a count could read into its neighbours (`\x` then `a` is `\xa`, a backslash then
  // `c` is `\c`): only a group or a class goes bare.
  const exactly = (n: number): string => (n === 1 && /^[([]/.test(copy) ? copy : `${copy}{${n}}${lazy}`);
  // Optional copies: whole chunks nested, then what a chunk would not take, so each length has at
  // most two ways to match, tried in order. Side by side (`X{0,16}X{0,16}`: seventeen ways to take
  // 16) a backtracking engine would try them all before V8 falls back to its linear one.
  const upTo = (n: number): string => {
    if (n <= room) return n === 0 ? '' : `${copy}${n === 1 ? '?' : `{0,${n}}`}${lazy}`;
    const chunked = n - (room - 1);
    let nested = chunked % room === 0 ? '' : `(?:${exactly(chunked % room)})?`;
    for (let chunk = Math.floor(chunked / room); chunk > 0; chunk--) nested = `(?:${exactly(room)}${nested})?`;
    return nested + upTo(room - 1);
  };
  let form = '';
  for (let left = min; left > 0; left -= room) form += exactly(Math.min(room, left));
  form += max === Infinity ? `${copy}*${lazy}` : upTo(max - min);
  if (form.length > LINEAR_FORM_CAP) throw tooLong(term.quantifier);
  return form;
}

/** Whether a term can match the empty string (`a?`, `(?:a|\\B)`, `^`). */
const matchesEmpty = (term: Term): boolean =>
  term.kind === 'atom'
    ? /^(?:\^|\$|\\[bB])$/.test(term.text)
    : term.kind === 'group'
      ? term.body.some((terms) => terms.every(matchesEmpty))
      : term.min === 0 || matchesEmpty(term.body);

/** Whether a term matches only the empty string (`^`, `\b`, `(?:)`, `a{0}`): V8 drops a count on it. */
const matchesOnlyEmpty = (term: Term): boolean =>
  term.kind === 'atom'
    ? /^(?:\^|\$|\\[bB])$/.test(term.text)
    : term.kind === 'group'
      ? term.body.every((terms) => terms.every(matchesOnlyEmpty))
      : term.max === 0 || matchesOnlyEmpty(term.body);
