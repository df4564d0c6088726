import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { secRules } from '../../../compiler/scan/rules.ts';

const dir = resolve(import.meta.dirname, '../../fixtures/scan');
const fixtures = readdirSync(dir).filter((name) => name.endsWith('.mjs'));
// Naming, known rules and a failing and a passing fixture per rule are checked for every rule,
// SEC ones included, by test/compiler/rule-manifest.test.ts.

test('there are at least 30 distinct evasion fixtures for schema files', () => {
  const evasions = fixtures.filter((n) => n.endsWith('.fails.mjs') && Number(n.slice(3, 6)) < 28);
  assert.ok(evasions.length >= 30, `found ${evasions.length}`);
});

test('rule ids are unique codes in their ranges, each with a one-line summary', () => {
  for (const [id, rule] of Object.entries(secRules)) {
    assert.match(id, /^SEC(0\d\d|2\d\d)$/);
    assert.ok(rule.summary.length > 10 && !rule.summary.includes('\n'), `${id} summary`);
    assert.ok(['error', 'warning', 'info'].includes(rule.severity));
  }
  const summaries = Object.values(secRules).map((r) => r.summary);
  assert.is(new Set(summaries).size, summaries.length, 'one meaning per code');
});

test.run();
