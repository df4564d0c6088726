// The literal splitter (`npm run format:lines`) cuts string, template and regular-expression literals
// of over-long lines into concatenations whose values are those of the originals (each result below is
// run to compare values), never where the language wants one literal, and refuses any change that its
// fingerprint (the syntax tree with strings folded to their values) does not prove harmless.
import { runInNewContext } from 'node:vm';
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { literalFingerprint } from '../../scripts/source-style/literal-fingerprint.ts';
import { splitFile, splitOnce } from '../../scripts/source-style/split-literals.ts';

const root = resolve(import.meta.dirname, '..', '..');
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

/** Splits `text` as a file biome does not lay out (the splitter indents), until nothing changes. */
const split = (text: string, file = 'test/demo.mjs') => splitFile(root, file, text, false);
const longest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));
/** The value of `result` in a script, run in a fresh context. */
const valueOf = (script: string) => runInNewContext(`${script}\nresult`);
/** The value of `result` as JSON (values of another context compare as text). */
const jsonOf = (script: string) => JSON.stringify(valueOf(script));

test('a long string becomes a concatenation of the same value, each line within 120, cut after a space', () => {
  const text = `const result = ['${words(60)}', 2];\n`;
  const out = split(text).text;
  assert.ok(longest(out) <= 120, out);
  assert.is(jsonOf(out), jsonOf(text));
  assert.ok(
    out
      .split('\n')
      .slice(0, -2)
      .every((line) => / ' \+$/.test(line) || line.endsWith('[')),
    out,
  );
});

test('escape sequences and surrogate pairs are never cut', () => {
  const unit = String.raw`\u00e9\x41\n\\\'😀\u{1F600}\0`;
  const text = `const result = '${unit.repeat(30)}';\n`;
  const out = split(text).text;
  assert.ok(out !== text && longest(out) <= 120, out);
  assert.is(valueOf(out), valueOf(text));
});

test('a template is cut in its texts and at its substitutions, values and their order kept', () => {
  const text = [
    'const a = 1;',
    "const b = { toString: () => 'B' };",
    `const result = \`${words(20)} \${a} \${b}\${a + 1} ${words(25)} \${[a, b].join('-')}\`;`,
    '',
  ].join('\n');
  const out = split(text).text;
  assert.ok(out !== text && longest(out) <= 120, out);
  assert.is(valueOf(out), valueOf(text));
});

test("a literal inside a template's substitution is left alone; the template is cut around it", () => {
  const text = `const result = \`${'${[1, 2].join(`, `)} '.repeat(12)}\${'${words(8)}'.length}\`;\n`;
  const out = split(text).text;
  assert.ok(longest(out) <= 120, out);
  assert.is(valueOf(out), valueOf(text));
  assert.ok(out.includes(`\${'${words(8)}'.length}`) && out.includes('${[1, 2].join(`, `)}'), out);
});

test('a multi-line template with a long line keeps every other line as it was', () => {
  const text = `const result = \`first line\n${words(40)}\nlast line\`;\n`;
  const out = split(text).text;
  assert.ok(longest(out) <= 120, out);
  assert.is(valueOf(out), valueOf(text));
  assert.ok(out.startsWith('const result = `first line\n'));
});

test('where an operator binds tighter than +, the concatenation is parenthesised', () => {
  const text = `const result = ['${words(40)}'.length, typeof '${words(40)}'];\n`;
  const out = split(text).text;
  assert.ok(longest(out) <= 120, out);
  assert.is(jsonOf(out), jsonOf(text));
});

test('a regular expression of a test becomes new RegExp with the same pattern and flags', () => {
  const pattern = String.raw`^a\/b \(c\) it's "q" [\d\s]+ ` + 'x'.repeat(80) + String.raw`\.$`;
  const text = `const result = /${pattern}/gm;\n`;
  const out = split(text, 'test/demo.test.ts').text;
  assert.ok(out.includes('new RegExp(') && longest(out) <= 120, out);
  const before = valueOf(text) as RegExp;
  const after = valueOf(out) as RegExp;
  assert.is(after.source, before.source);
  assert.is(after.flags, before.flags);
});

test('a regular expression inside a function of production code is left whole and listed', () => {
  const text = `export function f(s) {\n  return /${'x'.repeat(130)}/.test(s);\n}\n`;
  const result = splitOnce('runtime/demo.ts', text, true);
  assert.is(result.text, text);
  assert.match(result.unsplit[0]!.reason, /inside a function of production code/);
});

test('literals the language wants whole stay whole, each listed with the reason', () => {
  const long = 'y'.repeat(130);
  const cases: [string, RegExp][] = [
    [`import { x } from './${long}.ts';`, /module specifier/],
    [`export * from './${long}.ts';`, /module specifier/],
    [`type T = '${long}';`, /a type/],
    [`const o = { '${long}': 1 };`, /property name/],
    [`enum E { A = '${long}' }`, /enum member/],
    [`'${long}';`, /directive/],
    [`const t = String.raw\`${long}\`;`, /tagged template/],
    [`const c = '${long}' as const;`, /as const/],
    [`const abi = ['${long}'] as const;`, /as const/],
    [`const m = require('${long}');`, /require/],
    [`const m = await import('${long}');`, /import\(\)/],
  ];
  for (const [line, reason] of cases) {
    const result = splitOnce('test/demo.ts', `${line}\n`, true);
    assert.is(result.text, `${line}\n`, line);
    assert.match(result.unsplit[0]?.reason ?? '', reason, line);
  }
});

test('a short literal is never cut into slivers: a line of short strings is left to a person', () => {
  const text = `const result = [${Array.from({ length: 14 }, (_, i) => `'item-${i}-long'`).join(', ')}];\n`;
  const result = splitOnce('test/demo.ts', text, true);
  assert.is(result.text, text);
  assert.match(result.unsplit[0]!.reason, /no place to cut/);
});

test('a template file is split around its %%PLACEHOLDERS%%, never inside one', () => {
  const text = `const s = '${'z'.repeat(100)}%%BUNDLE_NAME%%${'z'.repeat(30)}';\nconst b = %%BUNDLE%%;\n`;
  const out = split(text, 'templates/demo.ts.tpl').text;
  assert.ok(out.includes('%%BUNDLE_NAME%%') && out.includes('const b = %%BUNDLE%%;'), out);
  assert.ok(longest(out) <= 120, out);
});

test('with biome laying it out, a long call argument ends formatted and within 120', () => {
  const text = `callSomething(first, '${words(45)}', last);\n`;
  const out = splitFile(root, 'test/demo.ts', text, true).text;
  assert.ok(longest(out) <= 120, out);
  assert.match(out, /^callSomething\(\n {2}first,\n {2}'word0 /);
});

test('the fingerprint is blind to how strings are cut and sees any other change', () => {
  const same = (a: string, b: string) => literalFingerprint('x.ts', a) === literalFingerprint('x.ts', b);
  assert.ok(same("f('ab');", "f('a' +\n  'b',\n);"));
  assert.ok(same('f(x + "ab");', "f(x + 'a' + 'b');"));
  assert.ok(same('f(`a${x}b${y}c`);', 'f(`a${x}` + `b${y}c`);'));
  assert.ok(same('f(/a\\/b/g);', "f(new RegExp('a\\\\/b', 'g'));"));
  assert.ok(same("f('ab'.length);", "f(('a' + 'b').length);"));
  assert.not.ok(same("f('ab');", "f('a' + 'c');"));
  assert.not.ok(same("f('ab');", "f('b' + 'a');"));
  assert.not.ok(same('f(`a${x}b`);', "f('a' + x + 'b');"), 'a template converts with ToString, + does not');
  assert.not.ok(same("f(x - 'ab');", "f(x - 'a' + 'b');"));
  assert.not.ok(same('f(/a/g);', "f(new RegExp('a', 'y'));"));
  assert.not.ok(same('f(a, b);', 'f(b, a);'));
});

test.run();
