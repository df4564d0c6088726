import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { secRules } from '../../../compiler/scan/rules.ts';

const dir = resolve(import.meta.dirname, '../../fixtures/scan');
const fixtures = readdirSync(dir).filter((name) => name.endsWith('.mjs'));
const pattern = /^(SEC\d{3})\.[a-z0-9-]+\.(fails|passes)\.mjs$/;

test('every fixture is named <RULE>.<what>.(fails|passes).mjs with a known rule', () => {
  for (const name of fixtures) {
    const match = pattern.exec(name);
    assert.ok(match, `${name} follows the naming pattern`);
    assert.ok(match![1]! in secRules, `${name} names a rule of the manifest`);
  }
});

test('every rule has at least one failing and one passing fixture', () => {
  for (const rule of Object.keys(secRules)) {
    assert.ok(fixtures.some((n) => n.startsWith(`${rule}.`) && n.endsWith('.fails.mjs')), `${rule} has a failing fixture`);
    assert.ok(fixtures.some((n) => n.startsWith(`${rule}.`) && n.endsWith('.passes.mjs')), `${rule} has a passing fixture`);
  }
});

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
