/**
 * `linearPattern` against V8 itself. Patterns are generated (atoms, classes, escapes, groups of every
 * kind, alternations, every quantifier form and its lazy one, counts up to 60, nesting), each with
 * strings it should match, near misses and noise; a child started with
 * `--enable-experimental-regexp-engine` (and the fallback to it, as a server runs) checks that V8's
 * linear engine takes the linear form (`new RegExp(linear, 'l')`), that it answers `test` as the
 * original does, and that a pattern the engine already takes comes back as it was.
 *
 * The original runs on V8's backtracking engine, so it only sees short strings (a long one could
 * backtrack for minutes: that is the point of this work). Long strings, which counts like 40 need,
 * are checked against a reference the generator writes itself, independently of the parser under
 * test: every count unrolled (`X{2,4}` → `XXX?X?`), which the linear engine takes whatever its size
 * and which is checked against the original on the short strings. Seeded: a failure names its seed.
 * The forms are written for the engine this test runs on (Node 20's V8 counts `X{n,}` as n + 1
 * copies, later ones as n), and again for the strictest supported engine, which generated modules
 * carry: both must be taken by the running engine and answer as the original.
 */
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toolInputZod } from '../../compiler/emit/zod-code.ts';
import {
  linearEngineOf,
  linearPattern,
  linearStates,
  regexCostProblem,
  regexInputCap,
  STRICTEST_LINEAR_ENGINE,
  unboundedRegexFeature,
  type LinearEngine,
} from '../../runtime/bounded-regex.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { param, str, tool } from './support/models.ts';

/**
 * The strings the backtracking original is given: at most this long (with nested counts, its time grows exponentially
 * with the length).
 */
const SHORT = 10;
const SEED = Number(process.env.LINEAR_PATTERN_SEED ?? 20240611);
const PATTERNS = 1500;

/** A generated piece of pattern: as written, as the unrolled reference writes it, and a string it should match. */
interface Piece {
  readonly text: string;
  readonly reference: string;
  readonly sample: (rng: () => number) => string;
  /** Whether it can match ''. */
  readonly nullable: boolean;
}

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
/** Letters that are not hex or octal digits, so no atom reads on into the next (`\x` then `ab` would be `\xab`). */
const LETTERS = ['p', 'q', 'r'];
const NOISE = [...LETTERS, 'u', 'x', 'c', '1', '{', '}', ']', '\\', '-', '\n'];

/** One unit a quantifier can count: `lead` (unrolled once, not counted) is for `\c`, a backslash then a counted `c`. */
interface Atom {
  readonly text: string;
  readonly unit: string;
  readonly lead?: string;
  readonly sample: (rng: () => number) => string;
}

const ATOMS: readonly Atom[] = [
  ...LETTERS.map((letter) => ({ text: letter, unit: letter, sample: () => letter })),
  { text: '.', unit: '.', sample: (rng) => pick(rng, LETTERS) },
  { text: '[pq]', unit: '[pq]', sample: (rng) => pick(rng, ['p', 'q']) },
  { text: '[^p]', unit: '[^p]', sample: (rng) => pick(rng, ['q', 'r', '1']) },
  { text: '[p-r]', unit: '[p-r]', sample: (rng) => pick(rng, LETTERS) },
  { text: '[\\]p]', unit: '[\\]p]', sample: (rng) => pick(rng, [']', 'p']) },
  { text: '[]', unit: '[]', sample: () => 'p' },
  { text: '[^]', unit: '[^]', sample: (rng) => pick(rng, NOISE) },
  { text: '\\d', unit: '\\d', sample: () => '1' },
  { text: '\\w', unit: '\\w', sample: (rng) => pick(rng, ['p', '1']) },
  { text: '\\x70', unit: 'p', sample: () => 'p' },
  { text: '\\u0071', unit: 'q', sample: () => 'q' },
  { text: '\\160', unit: 'p', sample: () => 'p' }, // legacy octal: p
  { text: '\\47', unit: "'", sample: () => "'" }, // legacy octal of two digits: '
  { text: '\\x', unit: 'x', sample: () => 'x' }, // no hex digits follow: the letter x
  { text: '\\u', unit: 'u', sample: () => 'u' }, // so `\u{41}` is u counted 41 times
  { text: '\\cJ', unit: '\\n', sample: () => '\n' }, // a control letter: a line feed
  { text: '\\c', lead: '\\\\', unit: 'c', sample: () => 'c' }, // no letter follows: a backslash, then c
  { text: '{', unit: '\\{', sample: () => '{' }, // not a quantifier: a literal
  { text: '}', unit: '\\}', sample: () => '}' },
];

/** Pieces no quantifier may follow: assertions, and legacy literals that look like quantifiers. */
const FIXED: readonly Piece[] = [
  { text: '^', reference: '^', sample: () => '', nullable: true },
  { text: '$', reference: '$', sample: () => '', nullable: true },
  { text: '\\b', reference: '\\b', sample: () => '', nullable: true },
  { text: '\\B', reference: '\\B', sample: () => '', nullable: true },
  { text: 'p{,5}', reference: 'p\\{,5\\}', sample: () => 'p{,5}', nullable: false },
  { text: 'q{x', reference: 'q\\{x', sample: () => 'q{x', nullable: false },
];

/** A count with its reference written out (`X` `min` times, then `X?` up to `max`, or `X*`). */
function quantified(rng: () => number, atom: Piece, lead: Piece | undefined, room: number): Piece {
  const counts = [0, 1, 2, 3, 4, 5, 8, 15, 16, 17, 20, 31, 32, 33, 40, 47, 60].filter((n) => n <= room);
  // A body that can match '' counted many times at least would have the backtracking original try
  // every way to share the input among those times: its least count stays small.
  const n = pick(rng, atom.nullable && lead === undefined ? counts.filter((k) => k <= 2) : counts);
  const m =
    n +
    pick(
      rng,
      counts.filter((k) => n + k <= room),
    );
  const [suffix, min, max] = pick(rng, [
    ['*', 0, Infinity],
    ['+', 1, Infinity],
    ['?', 0, 1],
    [`{${n}}`, n, n],
    [`{${n},}`, n, Infinity],
    [`{${n},${m}}`, n, m],
  ] as const);
  const lazy = rng() < 0.25 ? '?' : '';
  const unrolled =
    atom.reference.repeat(min) + (max === Infinity ? `${atom.reference}*` : `${atom.reference}?`.repeat(max - min));
  return {
    nullable: lead === undefined && (min === 0 || atom.nullable),
    text: `${lead?.text ?? ''}${atom.text}${suffix}${lazy}`,
    reference: `${lead?.reference ?? ''}(?:${unrolled})`,
    sample: (r) => {
      // The boundaries matter most: min, max, one short of min, one past max.
      const times = pick(r, [
        min,
        min,
        Math.max(0, min - 1),
        max === Infinity ? min + 3 : max,
        max === Infinity ? min + 1 : max + 1,
        min + Math.floor(r() * ((max === Infinity ? 4 : max - min) + 1)),
      ]);
      return (lead?.sample(r) ?? '') + Array.from({ length: times }, () => atom.sample(r)).join('');
    },
  };
}

/** Names of named groups must be unique in a pattern. */
let groupNames = 0;

/** A sequence of terms; `room` bounds the product of counts down any path, so references and samples stay small. */
function sequence(rng: () => number, depth: number, room: number): Piece {
  const terms: Piece[] = [];
  const length = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < length; i++) terms.push(term(rng, depth, room));
  return {
    text: terms.map((t) => t.text).join(''),
    reference: terms.map((t) => t.reference).join(''),
    sample: (r) => terms.map((t) => t.sample(r)).join(''),
    nullable: terms.every((t) => t.nullable),
  };
}

function alternatives(rng: () => number, depth: number, room: number): Piece {
  const options = Array.from({ length: rng() < 0.4 ? 2 + Math.floor(rng() * 2) : 1 }, () => sequence(rng, depth, room));
  return {
    text: options.map((o) => o.text).join('|'),
    reference: options.map((o) => o.reference).join('|'),
    sample: (r) => pick(r, options).sample(r),
    nullable: options.some((o) => o.nullable),
  };
}

function term(rng: () => number, depth: number, room: number): Piece {
  const roll = rng();
  if (roll < 0.1) return pick(rng, FIXED);
  if (roll < 0.35 && depth < 2) {
    // A group: its inner counts share the room left once this one's count is taken.
    const open = pick(rng, ['(', '(?:', `(?<g${groupNames++}>`]);
    const inner = (innerRoom: number): Piece => {
      const body = alternatives(rng, depth + 1, innerRoom);
      return {
        text: `${open}${body.text})`,
        reference: `(?:${body.reference})`,
        sample: body.sample,
        nullable: body.nullable,
      };
    };
    if (rng() < 0.3) return inner(room);
    const outer = Math.max(1, Math.floor(room / (rng() < 0.5 ? 4 : 1)));
    const innerRoom = Math.max(1, Math.floor(room / outer));
    return quantified(rng, inner(innerRoom), undefined, outer);
  }
  const chosen = pick(rng, ATOMS);
  const atom: Piece = {
    text: chosen.lead === undefined ? chosen.text : 'c',
    reference: chosen.unit,
    sample: chosen.sample,
    nullable: false,
  };
  const lead: Piece | undefined =
    chosen.lead === undefined ? undefined : { text: '\\', reference: chosen.lead, sample: () => '\\', nullable: false };
  // `\c` alone would read on into a following letter (`\cp` is control-P): it is always counted.
  if (lead === undefined && rng() < 0.3) return atom;
  return quantified(rng, atom, lead, room);
}

/** A string near `text`: one character dropped, doubled or changed. */
function mutate(rng: () => number, text: string): string {
  const at = Math.floor(rng() * (text.length + 1));
  switch (Math.floor(rng() * 3)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + text.slice(at, at + 1) + text.slice(at);
    default:
      return text.slice(0, at) + pick(rng, NOISE) + text.slice(at + 1);
  }
}

interface Case {
  readonly original: string;
  readonly linear: string;
  readonly reference: string;
  readonly inputs: string[];
}

function generate(seed: number, count: number, engine: LinearEngine = linearEngineOf()): Case[] {
  const rng = seededRandom(seed);
  const cases: Case[] = [];
  while (cases.length < count) {
    const body = alternatives(rng, 0, 60);
    const anchored = rng() < 0.5;
    const original = anchored ? `^(?:${body.text})$` : body.text;
    const reference = anchored ? `^(?:${body.reference})$` : body.reference;
    new RegExp(original); // the generator writes only valid patterns
    const linear = linearPattern(original, engine);
    assert.ok(
      linear !== undefined,
      `no linear form for ${original} (seed ${seed}): ${unboundedRegexFeature(original)}`,
    );
    const inputs = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const sample = body.sample(rng);
      inputs.add(sample);
      inputs.add(mutate(rng, sample));
    }
    for (let i = 0; i < 6; i++)
      inputs.add(Array.from({ length: Math.floor(rng() * SHORT) }, () => pick(rng, NOISE)).join(''));
    cases.push({ original, linear, reference, inputs: [...inputs] });
  }
  return cases;
}

/**
 * Runs in a child started with V8's linear engine; prints what disagreed. Plain JavaScript: it
 * imports nothing. With `asIs`, a pattern the engine takes as written must come back unchanged.
 */
const CHECK =
  `
let input = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => (input += chunk)).on('end', () => {
  const problems = [];
  let takenAsIs = 0;
  const { cases, asIs } = JSON.parse(input);
  for (const { original, linear, reference, inputs } of cases) {
    const compile = (pattern, flags) => { try { return new RegExp(pattern, flags); } catch (error) { return ` +
  `error.message; } };
    const bounded = compile(linear, 'l');
    const truth = compile(reference, 'l');
    if (typeof bounded === 'string') { problems.push({ original, linear, problem: 'the linear engine refuses the ` +
  `linear form: ' + bounded }); continue; }
    if (typeof truth === 'string') { problems.push({ original, reference, problem: 'the test reference is refused: ' ` +
  `+ truth }); continue; }
    if (typeof compile(original, 'l') !== 'string') {
      takenAsIs++;
      if (asIs && linear !== original) problems.push({ original, linear, problem: 'the linear engine takes the ` +
  `original as it is, yet it was changed' });
    }
    const before = new RegExp(original), after = new RegExp(linear);
    for (const s of inputs) {
      const expected = truth.test(s);
      const answers = { linear: bounded.test(s) };
      if (s.length <= ${SHORT}) Object.assign(answers, { original: before.test(s), linearBacktracking: after.test(s) });
      if (Object.values(answers).some((answer) => answer !== expected)) { problems.push({ original, linear, ` +
  `reference, input: s, expected, answers }); break; }
    }
  }
  process.stdout.write(JSON.stringify({ problems, takenAsIs }));
});
`;

function checkInV8(cases: readonly Case[], asIs = true): { problems: unknown[]; takenAsIs: number } {
  const child = spawnSync(
    process.execPath,
    ['--enable-experimental-regexp-engine', '--enable-experimental-regexp-engine-on-excessive-backtracks', '-e', CHECK],
    { input: JSON.stringify({ cases, asIs }), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  assert.is(child.status, 0, child.stderr);
  return JSON.parse(child.stdout) as { problems: unknown[]; takenAsIs: number };
}

const property = suite('linearPattern against V8');

property(
  `generated patterns: the linear engine takes each linear form, which answers as the original (seed ${SEED})`,
  () => {
    const cases = generate(SEED, PATTERNS);
    const { problems, takenAsIs } = checkInV8(cases);
    assert.equal(
      problems.slice(0, 3),
      [],
      `${problems.length} of ${cases.length} patterns disagree (LINEAR_PATTERN_SEED=${SEED})`,
    );
    // The generator reaches both kinds: patterns written out, and patterns the engine took as they were.
    assert.ok(
      cases.filter((c) => c.linear !== c.original).length > PATTERNS / 4,
      'too few patterns needed a linear form',
    );
    assert.ok(takenAsIs > PATTERNS / 10, `only ${takenAsIs} patterns were taken as they were`);
  },
);

property(
  `generated patterns written for the strictest supported engine (what generated modules carry) are taken by this ` +
    `one too (seed ${SEED})`,
  () => {
    const cases = generate(SEED + 1, PATTERNS / 3, STRICTEST_LINEAR_ENGINE);
    const { problems } = checkInV8(cases, false);
    assert.equal(
      problems.slice(0, 3),
      [],
      `${problems.length} of ${cases.length} patterns disagree (LINEAR_PATTERN_SEED=${SEED})`,
    );
  },
);

property('patterns of real schemas and hostile ones, with the inputs that matter', () => {
  const address = '^0x[a-fA-F0-9]{40}$';
  const cases: Case[] = [
    {
      original: address,
      reference: `^0x${'[a-fA-F0-9]'.repeat(40)}$`,
      inputs: [
        `0x${'ab12'.repeat(10)}`,
        `0x${'ab12'.repeat(10)}0`,
        `0x${'ab12'.repeat(10).slice(1)}`,
        `0x${'ab12'.repeat(9)}ab1g`,
      ],
    },
    {
      original: '^[A-Z0-9]{5,20}$',
      reference: `^${'[A-Z0-9]'.repeat(5)}${'[A-Z0-9]?'.repeat(15)}$`,
      inputs: ['ABCD', 'ABCDE', 'A'.repeat(20), 'A'.repeat(21), 'ABCDe'],
    },
    {
      original: '^(a|aa){1,100}$',
      reference: `^(?:a|aa)${'(?:a|aa)?'.repeat(99)}$`,
      inputs: ['', 'a', 'a'.repeat(200), 'a'.repeat(201), `${'a'.repeat(60)}b`, `${'a'.repeat(10)}b`],
    },
    {
      original: '^(?<pair>ab|cd){1,40}$',
      reference: `^(?:ab|cd)${'(?:ab|cd)?'.repeat(39)}$`,
      inputs: ['ab', 'abcd'.repeat(20), `${'abcd'.repeat(20)}ab`, 'abc'],
    },
    {
      original: '^(?:[a-z]+\\.){2,20}[a-z]{2,}$',
      reference: `^${'(?:[a-z][a-z]*\\.)'.repeat(2)}${'(?:[a-z][a-z]*\\.)?'.repeat(18)}[a-z][a-z][a-z]*$`,
      inputs: ['a.b.cd', 'a.cd', `${'x.'.repeat(20)}cd`, `${'x.'.repeat(21)}cd`, 'a.b.c'],
    },
    { original: '^\\u{3}-x{2,}?$', reference: '^uuu-xxx*$', inputs: ['uuu-xx', 'uu-xx', 'uuu-x', 'u{3}-xx'] },
  ].map((c) => ({ ...c, linear: linearPattern(c.original)! }));
  assert.equal(checkInV8(cases).problems, []);
});

property.run();

const forms = suite('linearPattern forms');

forms('counts past 16 are written as counts of at most 16 in a row, lazy ones too', () => {
  assert.is(linearPattern('^0x[a-fA-F0-9]{40}$'), '^0x[a-fA-F0-9]{16}[a-fA-F0-9]{16}[a-fA-F0-9]{8}$');
  assert.is(linearPattern('^[A-Z0-9]{5,20}$'), '^[A-Z0-9]{5}[A-Z0-9]{0,15}$');
  // Optional copies nest, so each length has at most two ways to match (side by side, `x{0,16}x{0,16}`
  // has seventeen ways to take 16, which the backtracking engine would try before falling back).
  assert.is(linearPattern('x{0,40}'), '(?:x{16}(?:x{9})?)?x{0,15}');
  assert.is(linearPattern('x{20,}'), 'x{16}x{4}x*');
  assert.is(linearPattern('x{20,}?'), 'x{16}?x{4}?x*?');
  // Nested counts: no product passes 16 (`(?:a{4}){5}` is 20 copies of `a`; inside `{2}` a count is 8 at most).
  assert.is(linearPattern('(?:a{4}){5}'), '(?:a{3}a{1}){5}');
  assert.is(linearPattern('(?:x{0,20}){2}'), '(?:(?:x{8}(?:x{5})?)?x{0,7}){2}');
});

forms('copied groups do not capture (a named group twice is a syntax error); the rest is left as written', () => {
  assert.is(
    linearPattern('^(?<pair>ab|cd){1,40}(x)$'),
    '^(?:ab|cd)(?:(?:ab|cd){16}(?:(?:ab|cd){8})?)?(?:ab|cd){0,15}(x)$',
  );
});

forms('legacy syntax is read as V8 reads it without the u flag', () => {
  assert.is(linearPattern('\\u{41}'), '\\u{16}\\u{16}\\u{9}', '`\\u{41}` is u counted 41 times');
  assert.is(linearPattern('\\c{20}'), '\\c{16}c{4}', '`\\c` without a letter is a backslash; the c is counted');
  // A copy written once keeps its count where it could read into a neighbour: `\x41` would be A, `\cc` control-C.
  assert.is(linearPattern('\\x{17}41'), '\\x{16}\\x{1}41');
  assert.is(linearPattern('\\c{1,20}'), '\\c{1}(?:c{4})?c{0,15}');
  assert.is(
    linearPattern('\\c{0,40}'),
    '\\\\(?:c{16}(?:c{9})?)?c{0,15}',
    'before a parenthesis the lone backslash is spelled \\\\',
  );
  assert.is(linearPattern('[\\]{]{17}a{,5}'), '[\\]{]{16}[\\]{]a{,5}', 'a class or a group cannot: it goes bare');
});

forms("the running engine's counts: Node 20's V8 copies X{n,} n + 1 times, later ones n times", () => {
  const modern = Number(process.versions.v8.split('.')[0]) >= 12;
  assert.is(linearEngineOf().name, modern ? 'V8 12 and later (Node 22, 24)' : 'V8 11 (Node 20)');
  assert.is(linearPattern('a{16,}'), modern ? 'a{16,}' : 'a{16}a*');
  assert.is(linearPattern('(?:a+){16}'), modern ? '(?:a+){16}' : '(?:a{1}a*){16}');
  // Generated modules carry the strictest form, whatever Node builds them.
  assert.is(linearPattern('a{16,}', STRICTEST_LINEAR_ENGINE), 'a{16}a*');
  assert.is(linearEngineOf('11.3.244.8').name, 'V8 11 (Node 20)');
  assert.is(linearEngineOf('13.6.233.17').name, 'V8 12 and later (Node 22, 24)');
});

forms(
  'cost model: states are atoms times the copies their counts make; too many is VAL130, and the length a pattern ' +
    'checks is the budget over its states',
  () => {
    assert.is(linearStates('^0x[a-fA-F0-9]{40}$'), 44);
    assert.is(linearStates('^(?:ab|cd){1,40}$'), 162);
    const hostile = `^${'([a-z ]?){16}'.repeat(300)}$`;
    assert.is(linearStates(hostile), 4802);
    assert.match(regexCostProblem(hostile)!, /^4,802 states for V8's linear-time engine \(at most 500/);
    assert.is(regexCostProblem('^0x[a-fA-F0-9]{40}$'), undefined);
    assert.is(regexInputCap('^0x[a-fA-F0-9]{40}$'), 2272);
    assert.is(regexInputCap('^[a-z]+$'), 25_000);
    assert.is(linearStates('^(a+)+\\1$'), undefined, 'no linear form, no states');
  },
);

forms('a pattern the linear engine takes comes back as it was, and so does an invalid one', () => {
  for (const pattern of ['^[a-z0-9]+$', 'x{16}', '(?:a{4}){4}', '(?:){40}', 'a{0,99999999999}', '^(a|aa)*$', '['])
    assert.is(linearPattern(pattern), pattern);
});

forms('backreferences, lookarounds and counts whose form would pass the cap have no linear form, and say why', () => {
  assert.is(linearPattern('^(a+)+\\1$'), undefined);
  assert.is(unboundedRegexFeature('^(a+)+\\1$'), 'a backreference (\\1), which only a backtracking engine runs');
  assert.is(linearPattern('^(?=a)x{40}$'), undefined);
  for (const pattern of ['a{100000}', '((a{1000}){1000}){1000}']) {
    assert.is(linearPattern(pattern), undefined, pattern);
    assert.match(
      unboundedRegexFeature(pattern)!,
      new RegExp(
        '^a repetition counted too high to bound \\(\\{\\d+\\}\\), whose form for the linear-time engine would pass ' +
          '10,000 characters$',
      ),
    );
  }
  assert.is(
    unboundedRegexFeature('[a-f]{9000}[a-f]{9000}'),
    'repetitions counted too high to bound, whose form for the linear-time engine would pass 10,000 characters',
  );
  assert.is(unboundedRegexFeature('[a-f]{5000}'), undefined, 'a long count of a class is within the cap');
  // Reading a pattern recurses once per group: past 500 deep (and far before the stack would run out) it is refused.
  const nested = (depth: number): string => `${'(?:'.repeat(depth)}a${')'.repeat(depth)}`;
  assert.is(linearPattern(nested(500)), nested(500));
  assert.is(linearPattern(nested(20_000)), undefined);
  assert.is(unboundedRegexFeature(nested(501)), 'groups nested more than 500 deep, too deep to bound');
});

forms('generated modules carry the linear form; a pattern without one is not emitted', () => {
  const counted = '^(a|aa){1,100}$';
  const code = toolInputZod(
    tool('match', 'GET', ['https://api.example.com/match'], [param('word', 'query', str, { regex: counted })]),
    'patterns.mjs',
  );
  assert.ok(
    code.includes(`.regex(new RegExp(${JSON.stringify(linearPattern(counted, STRICTEST_LINEAR_ENGINE))}))`),
    code,
  );
  // A string longer than the pattern may check is refused before it runs.
  assert.ok(code.includes(`.max(${regexInputCap(counted)}, { abort: true,`), code);
  assert.not.ok(code.includes('{1,100}'), code);
  const repeated = tool(
    'match',
    'GET',
    ['https://api.example.com/match'],
    [param('word', 'query', str, { regex: '^(a+)+\\1$' })],
  );
  assert.throws(
    () => toolInputZod(repeated, 'patterns.mjs'),
    new RegExp(
      'patterns\\.mjs: parameter "word": regex\\(\\) uses a backreference \\(\\\\1\\), which only a backtracking ' +
        'engine runs \\(VAL112\\)',
    ),
  );
});

forms.run();
