/**
 * Format 4's rules, one passing and one failing fixture per rule id (test/fixtures/format-4,
 * written by its `_generate.mjs`): a `*.fails.*` fixture raises exactly its rule (and no other
 * error), a `*.passes.*` fixture validates without it. MIG001 fixtures are judged by migrating them
 * to format 3. Fixtures are schema files, schema folders with namespace skills, or selection files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontEndRules } from '../../compiler/diagnostics/rules.ts';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { migrateSource } from '../../compiler/migrate/index.ts';

const dir = resolve(import.meta.dirname, '../fixtures/format-4');
const NAME = /^([A-Z]+\d+)\.([a-z0-9-]+)\.(fails|passes)(?:\.mjs)?$/;
const fixtures = readdirSync(dir)
  .filter((n) => !n.startsWith('_'))
  .sort()
  .map((name) => {
    const match = NAME.exec(name);
    const path = join(dir, name);
    return {
      name,
      rule: match?.[1] ?? '?',
      expect: match?.[3] ?? '?',
      file: statSync(path).isDirectory() ? join(path, 'schema.mjs') : path,
    };
  });
/** The rules format 4 added to the manifest. */
const format4Rules = Object.entries(frontEndRules)
  .filter(([, info]) => info.summary.startsWith('format 4:') || info.summary.startsWith('migrating to format 3'))
  .map(([id]) => id);

test('every fixture is named <RULE>.<what>.fails|passes after a rule of the manifest', () => {
  assert.ok(fixtures.length >= 80, `found ${fixtures.length}`);
  assert.equal(
    fixtures.filter((f) => !(f.rule in frontEndRules)).map((f) => f.name),
    [],
  );
});

test('every format-4 rule id has a failing and a passing fixture', () => {
  assert.ok(format4Rules.length >= 30, format4Rules.join(' '));
  const missing = format4Rules.flatMap((id) =>
    (['fails', 'passes'] as const)
      .filter((e) => !fixtures.some((f) => f.rule === id && f.expect === e))
      .map((e) => `${id} ${e}`),
  );
  assert.equal(missing, []);
});

test('each failing fixture raises exactly its rule, each passing fixture validates without it', () => {
  const wrong: string[] = [];
  for (const f of fixtures) {
    const info = frontEndRules[f.rule as keyof typeof frontEndRules];
    const diagnostics =
      f.rule === 'MIG001'
        ? migrateSource(f.file, readFileSync(f.file, 'utf8'), { to: 3 }).diagnostics
        : loadSchemaFile(f.file).diagnostics;
    const hits = diagnostics.filter((d) => d.rule === f.rule);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (f.expect === 'fails') {
      if (hits.length === 0)
        wrong.push(`${f.name}: expected ${f.rule}, got ${diagnostics.map((d) => d.rule).join(', ') || 'nothing'}`);
      else if (hits.some((d) => d.severity !== info.severity))
        wrong.push(`${f.name}: ${f.rule} should be a ${info.severity}`);
      const others = errors.filter((d) => d.rule !== f.rule);
      if (others.length > 0)
        wrong.push(
          `${f.name}: only ${f.rule} expected, also got ${others.map((d) => `${d.rule} ${d.message}`).join('; ')}`,
        );
    } else if (hits.length > 0 || errors.length > 0) {
      wrong.push(
        `${f.name}: expected no ${f.rule} and no error, got ` +
          `${diagnostics.map((d) => `${d.rule} ${d.message}`).join('; ')}`,
      );
    }
  }
  assert.equal(wrong, []);
});

test('a finding points at the line of the field it is about', () => {
  const file = join(dir, 'VAL104.search-hint-empty.fails.mjs');
  const hit = loadSchemaFile(file).diagnostics.find((d) => d.rule === 'VAL104')!;
  const line = readFileSync(file, 'utf8').split('\n')[hit.line - 1];
  assert.match(line ?? '', /searchHint: ''/);
});

test('the same schema in 3.x and 4.x: the format-4-only fields are errors in 3.x, accepted in 4.x', () => {
  const four = readFileSync(join(dir, 'VAL100.complete-meta.passes.mjs'), 'utf8');
  const asThree = four.replace("version: '4.0.0'", "version: '3.0.0'");
  const overlay = { readText: () => asThree, exists: () => true, isDirectory: () => false };
  const rules = new Set(loadSchemaFile('three.mjs', { fs: overlay }).diagnostics.map((d) => d.rule));
  assert.ok(rules.has('VAL003'), 'schemaVersion and termsOfService are unknown in 3.x');
  assert.ok(rules.has('VAL038'), 'meta is an unknown tool field in 3.x');
  assert.ok(rules.has('VAL011'), 'a namespace with digits and dashes is not 3.x');
});

test('a format-4 schema normalizes meta and parameter descriptions into the model', () => {
  const { model } = loadSchemaFile(join(dir, 'VAL078.z-description.passes.mjs'));
  assert.ok(model);
  const getItem = model!.tools.find((t) => t.name === 'getItem')!;
  assert.equal(getItem.meta, {
    isReadOnly: true,
    isConcurrencySafe: true,
    isDestructive: false,
    searchHint: 'look up a library item by its id',
    aliases: ['find item', 'item details'],
    alwaysLoad: false,
  });
  assert.is(getItem.parameters[0]!.description, 'The item id.');
  const limit = model!.tools.find((t) => t.name === 'searchItems')!.parameters.find((p) => p.key === 'limit')!;
  assert.is(limit.description, 'How many items at most.');
});

test('a file shaped like the real format-4 catalog loads with warnings only, none of them 3.x-wild-form VAL059', () => {
  const result = loadSchemaFile(resolve(dir, '_catalog/providers/etherscan/contracts.mjs'));
  assert.is(result.status, true, result.messages.join('\n'));
  assert.ok(result.model);
  assert.equal([...new Set(result.diagnostics.map((d) => d.rule))].sort(), [
    'VAL028',
    'VAL029',
    'VAL054',
    'VAL076',
    'VAL086',
    'VAL088',
  ]);
  const chain = result.model!.tools[0]!.parameters[0]!;
  assert.is(chain.description, 'Chain alias.');
});

test.run();
