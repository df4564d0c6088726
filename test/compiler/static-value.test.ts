/** `main` is read from its literal without running it; anything that is not a literal is located exactly. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaSource } from '../../compiler/parse/read-schema.ts';
import { forget, parseModule } from '../../compiler/parse/source-file.ts';

function read(text: string) {
  const source = parseModule('t.mjs', text);
  try {
    return readSchemaSource(source);
  } finally {
    forget(source);
  }
}

test('reads strings, numbers (negative too), booleans, null, arrays, objects and plain template literals', () => {
  const { main, issues } = read(
    "export const main = { a: 'x', b: -2.5, c: +3, d: true, e: false, f: null, g: [1, 'two', [3]], h: { " +
      "'quoted-key': `plain`, 7: 'numeric key' }, n: [1_000, 0x10, 1e3] };",
  );
  assert.equal(issues, []);
  assert.equal(main, {
    a: 'x',
    b: -2.5,
    c: 3,
    d: true,
    e: false,
    f: null,
    g: [1, 'two', [3]],
    h: { 'quoted-key': 'plain', 7: 'numeric key' },
    n: [1000, 16, 1000],
  });
});

test('every non-literal is an issue at its own line and column, and the rest is still read', () => {
  const text = [
    'const n = 1;',
    'export const main = {',
    '  ok: 1,',
    '  call: make(),',
    '  ident: n,',
    '  ...spread,',
    '  get getter() { return 1; },',
    "  ['computed']: 2,",
    '  tpl: `a${n}`,',
    '  list: [1, ...more],',
    '  method() {},',
    '};',
  ].join('\n');
  const { main, issues } = read(text);
  assert.equal(main, { ok: 1, list: [1] });
  const found = issues.map((i) => [i.message.replace(/ is not a static value.*/, ''), i.line, i.column]);
  assert.equal(found, [
    ['call: a call', 4, 9],
    ['ident: the identifier `n`', 5, 10],
    ['a spread', 6, 3],
    ['getter: a getter', 7, 3],
    ['a computed key', 8, 3],
    ['tpl: a template literal with substitutions', 9, 8],
    ['list.1: a spread', 10, 13],
    ['method: a method', 11, 3],
  ]);
});

test('locations are kept per path and fall back to the nearest parent', () => {
  const text =
    "export const main = {\n  tools: {\n    getPrice: {\n      parameters: [\n        { position: { key: 'id' } " +
    '}\n      ]\n    }\n  }\n};';
  const { locations } = read(text);
  assert.equal(locations.at(['tools', 'getPrice', 'parameters', 0, 'position', 'key']), { line: 5, column: 28 });
  assert.equal(locations.at(['tools', 'getPrice']), { line: 3, column: 15 });
  assert.equal(locations.at(['tools', 'getPrice', 'parameters', 0, 'position', 'key']), { line: 5, column: 28 });
  assert.equal(locations.at(['tools', 'getPrice', 'parameters', 0, 'z', 'primitive']), { line: 5, column: 9 });
});

test('the value is never executed: a getter with side effects is reported, not called', () => {
  const { main, issues } = read("export const main = { get name() { globalThis.ran = true; return 'x'; } };");
  assert.equal(main, {});
  assert.is((globalThis as { ran?: boolean }).ran, undefined);
  assert.is(issues.length, 1);
});

test.run();
