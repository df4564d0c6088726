import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brief, scanText } from './support.ts';

const rulesOf = (text: string): string[] => [...new Set(scanText(text).map((d) => d.rule))].sort();

test('names assembled by every supported encoding are caught', () => {
  const spellings = [
    "'pro' + 'cess'",
    '`${"pro"}cess`',
    'String.fromCharCode(...[112, 114, 111, 99, 101, 115, 115])',
    'String.fromCodePoint(0x70, 0x72, 0x6f, 0x63, 0x65, 0x73, 0x73)',
    "atob('cHJvY2Vzcw==')",
    "Buffer.from('70726f63657373', 'hex').toString()",
    "decodeURIComponent('%70rocess')",
    "'PROCESS'.toLowerCase()",
    "['p','r','o','c','e','s','s'].join('')",
    "'ssecorp'.split('').reverse().join('')",
    "'xprocessx'.slice(1, 8)",
    "'pro'.concat('cess')",
    'String.raw`process`.trim()',
  ];
  for (const spelling of spellings) {
    assert.equal(rulesOf(`const key = ${spelling}`), ['SEC022'], spelling);
  }
});

test('a name completed by appending to a variable is caught', () => {
  assert.equal(rulesOf("let k = 'constr'; k += 'uctor'"), ['SEC022']);
  assert.equal(rulesOf("let k = 'constr'; k = k + 'uctor'"), ['SEC022']);
});

test('self-referencing and cyclic constants terminate', () => {
  assert.equal(rulesOf("const a = b, b = a; const c = c; const o = {}; o[a]; o[c]; o[a + 'x']"), []);
});

test('a shadowed String or atob is not folded: its behaviour is unknown', () => {
  assert.equal(rulesOf("const atob = (x) => x; const key = atob('cHJvY2Vzcw==')"), []);
});

test('the constructor escape through any value is caught in every spelling', () => {
  const escapes = [
    "''.constructor.constructor('return 1')()",
    "[]['constructor']['constructor']('return 1')()",
    "(() => {})?.constructor?.('return 1')",
    "''.c\\u006fnstructor",
    '({}).constructor /* note */ . constructor',
    "const { constructor: { constructor: F } } = ''",
    "let C; ({ constructor: C } = '')",
    "const k = '\\x63onstructor'; ''[k]",
  ];
  for (const code of escapes) assert.equal(rulesOf(code), ['SEC006'], code);
});

test('the global object cannot be reached by alias, optional chaining or a plain function', () => {
  assert.equal(rulesOf('const g = globalThis; g.process'), ['SEC010']);
  assert.equal(rulesOf('window?.location'), ['SEC010']);
  assert.equal(rulesOf('function f() { return this }'), ['SEC010']);
  assert.equal(
    rulesOf(
      'const o = { m() { return this }, get n() { return this } }; class A { x = this; m() { return () => this } }',
    ),
    [],
  );
});

test('computed access with a run-time key on a built-in is caught, on a local it is allowed', () => {
  assert.equal(brief(scanText('const f = (k) => Object[k]')), ['1:18 SEC021']);
  assert.equal(brief(scanText('const f = (o, k) => o[k] + o[0] + Math["max"](1, 2)')), []);
  assert.equal(brief(scanText('const O = Object; const P = O; const f = (k) => P[k]')), ['1:49 SEC021']);
  assert.equal(rulesOf('const names = Object.getOwnPropertyNames(Object)'), ['SEC023']);
});

test('timers: handlers have none (SEC027), and a code string or a timer passed around is SEC016', () => {
  assert.equal(
    rulesOf('await new Promise((r) => setTimeout(r, 100)); const id = setInterval(() => {}, 5); clearInterval(id)'),
    ['SEC027'],
  );
  assert.equal(rulesOf("setTimeout('x()', 1)"), ['SEC016']);
  assert.equal(rulesOf('setInterval(`x()`, 1)'), ['SEC016']);
  assert.equal(rulesOf('const t = setTimeout'), ['SEC016']);
});

test('prototype: borrowing a built-in method is allowed, changing or reading it otherwise is not', () => {
  assert.equal(rulesOf('const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k)'), []);
  assert.equal(rulesOf('Object.prototype.polluted = 1'), ['SEC020']);
  assert.equal(rulesOf('const p = Array.prototype'), ['SEC020']);
  assert.equal(rulesOf('const o = { __proto__: null }'), ['SEC020']);
  assert.equal(rulesOf('const f = (o) => o.__proto__'), ['SEC020']);
});

test('module loading in every form', () => {
  assert.equal(rulesOf("import fs from 'fs'"), ['SEC001']);
  assert.equal(rulesOf("export { readFile } from 'node:fs'"), ['SEC001']);
  assert.equal(rulesOf("const m = import('fs')"), ['SEC002']);
  assert.equal(rulesOf('const u = import.meta.url'), ['SEC003']);
  assert.equal(rulesOf("const m = require('fs')"), ['SEC004']);
  assert.equal(rulesOf("const m = module.require('fs')"), ['SEC014']);
});

test.run();
