/**
 * The rule manifest is complete and honest: every rule has a fixture that triggers it and one that
 * does not, every fixture names a known rule, and each fixture does what its name says.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validateAgent } from '../../compiler/agent/validate-agent.ts';
import { buildCatalogIndexes } from '../../compiler/build/catalog-index.ts';
import { allRules } from '../../compiler/diagnostics/rules.ts';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { loadSchemaTreeSync } from '../../compiler/load/schema-tree.ts';

const root = resolve(import.meta.dirname, '../fixtures');
const NAME = /^([A-Z]+\d+)\.([a-z0-9-]+)\.(fails|passes)(?:\.mjs)?$/;

interface Fixture {
  readonly rule: string;
  readonly expect: 'fails' | 'passes';
  readonly name: string;
  /** The schema file to load. */
  readonly schema: string;
}

function collect(dir: string): Fixture[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = NAME.exec(name);
    if (!match)
      return name.startsWith('.') || name.startsWith('_') || name.endsWith('.md')
        ? []
        : [{ rule: '?', expect: 'fails' as const, name, schema: '' }];
    const path = join(dir, name);
    const schema = statSync(path).isDirectory() ? join(path, 'schema.mjs') : path;
    return [{ rule: match[1] ?? '', expect: match[3] as 'fails' | 'passes', name, schema }];
  });
}

const ruleFixtures = collect(join(root, 'rules'));
const scanFixtures = collect(join(root, 'scan'));
/** Agent fixtures hold `agents/<name>/agent.mjs` and are checked against the catalog in `agents/_catalog`. */
const agentFixtures = collect(join(root, 'agents')).map((f) => {
  const agents = join(root, 'agents', f.name, 'agents');
  return { ...f, schema: join(agents, readdirSync(agents)[0] ?? '') };
});
/** Format 4's fixtures; their behaviour is checked by test/format-4/rules.test.ts (MIG001 through a migration). */
const format4Fixtures = collect(join(root, 'format-4'));
/** Rules only a build checks (LIB*): built one by one in `test/build/library-rules.test.ts`, counted here. */
const buildRuleFixtures = collect(join(root, 'build-rules'));
/** The rules of `migrate --fix` (MIG002, MIG003): checked by test/migrate-fix/rule-fixtures.test.ts, counted here. */
const migrateFixFixtures = collect(join(root, 'migrate-fix'));
const fixtures = [
  ...ruleFixtures,
  ...scanFixtures,
  ...agentFixtures,
  ...format4Fixtures,
  ...buildRuleFixtures,
  ...migrateFixFixtures,
];
const agentCatalogDir = join(root, 'agents', '_catalog');
const agentCatalog = buildCatalogIndexes(
  loadSchemaTreeSync(agentCatalogDir).flatMap((entry) =>
    entry.model ? [{ ...entry.model, file: relative(agentCatalogDir, entry.file) }] : [],
  ),
  agentCatalogDir,
).catalog;
/** Scan fixtures about schema code (not data files, not reading) must behave the same through loadSchema. */
const scanSchemaFixtures = scanFixtures.filter(
  (f) => /^SEC0\d\d$/.test(f.rule) && f.rule !== 'SEC028' && f.rule !== 'SEC029',
);
const rules = await allRules();

test('the fixture directories hold fixtures', () => {
  assert.ok(fixtures.length > 100, `found ${fixtures.length}`);
});

test('every fixture is named <RULE>.<what>.fails|passes and names a rule in the manifest', () => {
  const unknown = fixtures.filter((f) => !(f.rule in rules)).map((f) => f.name);
  assert.equal(unknown, []);
});

test('every manifest rule has a failing and a passing fixture', () => {
  const missing: string[] = [];
  for (const id of Object.keys(rules).sort()) {
    if (!fixtures.some((f) => f.rule === id && f.expect === 'fails')) missing.push(`${id} has no failing fixture`);
    if (!fixtures.some((f) => f.rule === id && f.expect === 'passes')) missing.push(`${id} has no passing fixture`);
  }
  assert.equal(missing, []);
});

/**
 * A failing fixture yields exactly its rule (ARCHITECTURE), except for these genuine cascades: the
 * one mistake really does break a second rule, and the second error names a different fact.
 */
const cascades: Readonly<Record<string, readonly string[]>> = {
  // An invalid list file cannot satisfy the schema's reference to it (VAL072 names the reference).
  'LST001.no-list-export.fails': ['VAL072'],
  'LST002.name-with-hyphen.fails': ['VAL072'],
  'LST003.version-not-semver.fails': ['VAL072'],
  'LST004.empty-fields.fails': ['VAL072'],
  'LST006.no-entries.fails': ['VAL072'],
  // A CommonJS file exports through `module`, which the scan forbids in any schema.
  'PAR003.commonjs-file.fails.mjs': ['SEC014'],
  // A `:name` / `$1` placeholder is not a `?`, so the query also has fewer `?` than parameters.
  'RES014.dollar-placeholder.fails': ['RES015'],
  'RES014.named-placeholder.fails': ['RES015'],
  // requiredServerParams that is not a list declares nothing, so the header's {{API_KEY}} is undeclared.
  'VAL022.server-params-string.fails.mjs': ['VAL027'],
  // requiredLibraries that is not a list is both a shape error and unreadable for the library scan.
  'VAL025.libraries-string.fails.mjs': ['SEC026'],
  // A filter without a key makes the sharedLists entry invalid, so the tool's use of that list is undeclared.
  'VAL074.filter-without-key.fails': ['VAL048'],
};

test('each failing fixture raises its rule, each passing fixture validates without it', () => {
  const wrong: string[] = [];
  for (const f of ruleFixtures) {
    const info = rules[f.rule];
    if (!info) continue;
    const { diagnostics } = loadSchemaFile(f.schema);
    const hits = diagnostics.filter((d) => d.rule === f.rule);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (f.expect === 'fails') {
      if (hits.length === 0)
        wrong.push(`${f.name}: expected ${f.rule}, got ${diagnostics.map((d) => d.rule).join(', ') || 'nothing'}`);
      else if (hits.some((d) => d.severity !== info.severity))
        wrong.push(`${f.name}: ${f.rule} should be a ${info.severity}`);
      else if (hits.some((d) => d.line === 0) && f.rule.startsWith('SEC'))
        wrong.push(`${f.name}: ${f.rule} has no line`);
      const others = errors.filter((d) => d.rule !== f.rule && !cascades[f.name]?.includes(d.rule));
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

test('each failing agent fixture raises exactly its rule, each passing one validates clean', () => {
  assert.equal(
    agentCatalog.tools.map((t) => `${t.namespace}/${t.tool}`),
    ['demo/getItem', 'demo/listItems', 'weather/currentWeather'],
  );
  const wrong: string[] = [];
  for (const f of agentFixtures) {
    const info = rules[f.rule];
    if (!info) continue;
    const { diagnostics } = validateAgent(f.schema, agentCatalog);
    const hits = diagnostics.filter((d) => d.rule === f.rule);
    const others = diagnostics.filter((d) => d.rule !== f.rule);
    if (f.expect === 'fails') {
      if (hits.length === 0)
        wrong.push(`${f.name}: expected ${f.rule}, got ${diagnostics.map((d) => d.rule).join(', ') || 'nothing'}`);
      else if (hits.some((d) => d.severity !== info.severity || d.line === 0))
        wrong.push(`${f.name}: ${f.rule} should be a located ${info.severity}`);
      if (others.length > 0)
        wrong.push(
          `${f.name}: only ${f.rule} expected, also got ${others.map((d) => `${d.rule} ${d.message}`).join('; ')}`,
        );
    } else if (diagnostics.length > 0) {
      wrong.push(`${f.name}: expected nothing, got ${diagnostics.map((d) => `${d.rule} ${d.message}`).join('; ')}`);
    }
  }
  assert.ok(agentFixtures.length >= 44, `found ${agentFixtures.length}`);
  assert.equal(wrong, []);
});

test('every cascade exception names a failing fixture that exists', () => {
  assert.equal(
    Object.keys(cascades).filter((name) => !ruleFixtures.some((f) => f.name === name && f.expect === 'fails')),
    [],
  );
});

test('loadSchema runs the security scan: scan fixtures about schema code behave the same through it', () => {
  const wrong: string[] = [];
  for (const f of scanSchemaFixtures) {
    const hits = loadSchemaFile(f.schema).diagnostics.filter((d) => d.rule === f.rule);
    if (f.expect === 'fails' && hits.length === 0) wrong.push(`${f.name}: expected ${f.rule}`);
    if (f.expect === 'passes' && hits.length > 0) wrong.push(`${f.name}: unexpected ${f.rule}`);
  }
  assert.ok(scanSchemaFixtures.length > 0);
  assert.equal(wrong, []);
});

test.run();
