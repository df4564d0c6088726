import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brief, scanDataText } from './support.ts';

test('pure data raises nothing', () => {
  const text =
    "export const list = { meta: { name: 'x', version: '3.0.0' }, entries: [ { a: 'function () {}', b: `plain`, c: " +
    '-1, d: null } ] }';
  assert.equal(brief(scanDataText(text)), []);
});

test('each code construct gets its own rule at its position', () => {
  const text = [
    'export const list = {',
    '  a: function () { return 1 },',
    '  b: () => 2,',
    '  c() { return 3 },',
    "  d: `${'x'}`,",
    '  e: async function () {},',
    '}',
  ].join('\n');
  assert.equal(brief(scanDataText(text)), [
    '2:6 SEC200',
    '3:6 SEC201',
    '4:3 SEC200',
    '5:6 SEC203',
    '6:6 SEC200',
    '6:6 SEC202',
  ]);
});

test('schema-forbidden patterns are reported as SEC204 and name the schema rule', () => {
  const findings = scanDataText(
    "export const list = { entries: [ { key: globalThis.KEY }, { k: 'con' + 'structor' } ] }\nimport x from 'y'",
  );
  assert.equal(brief(findings), ['1:41 SEC204', '1:64 SEC204', '2:1 SEC204']);
  assert.match(findings[0]!.message, /^SEC010: /);
  assert.match(findings[1]!.message, /^SEC022: /);
  assert.match(findings[2]!.message, /^SEC001: /);
});

test('data files have no requiredLibraries check', () => {
  assert.equal(brief(scanDataText("export const main = { requiredLibraries: ['left-pad'] }")), []);
});

test.run();
