import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CodeWriter, commentText, literal, propertyName } from '../../compiler/emit/code-writer.ts';
import { dataLiteral } from '../../compiler/emit/data-literal.ts';

test('blocks indent their bodies and the text ends with one newline', () => {
  const w = new CodeWriter();
  w.block('function f() {', () => w.line('return 1;')).line();
  assert.is(w.toString(), 'function f() {\n  return 1;\n}\n\n');
});

test('user text becomes a string literal, never code', () => {
  const hostile = `"; process.exit(1); //\n\u2028\`\${x}\``;
  const code = literal(hostile);
  assert.is(JSON.parse(code), hostile);
  assert.ok(!code.includes('\n'), 'newlines are escaped');
});

test('keys are quoted unless identifiers, and __proto__ is a computed key', () => {
  assert.is(propertyName('getPrice'), 'getPrice');
  assert.is(propertyName('date-min'), '"date-min"');
  assert.is(propertyName('__proto__'), '["__proto__"]');
  assert.is(commentText('a */ b\nc'), 'a *\\/ b c');
});

test('data literals sort keys and are stable', () => {
  const a = dataLiteral({ b: 1, a: [1, 2], c: { z: 'x', y: null } });
  const b = dataLiteral({ c: { y: null, z: 'x' }, a: [1, 2], b: 1 });
  assert.is(a, b);
  assert.is(a, '{ a: [1, 2], b: 1, c: { y: null, z: "x" } }');
  const long = dataLiteral({ text: 'x'.repeat(120), list: [{ k: 1 }] });
  assert.ok(long.startsWith('{\n  list: [{ k: 1 }],\n  text: "'), long);
});

test('non-finite numbers and functions cannot be written as data', () => {
  assert.throws(() => dataLiteral({ n: Number.NaN }), /cannot be written/);
  assert.throws(() => dataLiteral({ f: () => 1 }), /not data/);
});

test.run();
