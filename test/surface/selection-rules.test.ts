/**
 * The selection rules only a build can check (SEL006–SEL009: references against the built catalog,
 * the file's place, each member once), one build per fixture in `test/fixtures/build-rules/SEL*`: a
 * failing fixture stops the build (nothing written) with exactly its rule, located at the entry in
 * the selection file; a passing one builds and serves the selection.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { frontEndRules } from '../../compiler/diagnostics/rules.ts';
import { createWorkspace } from '../build/support/workspace.ts';

const root = resolve(import.meta.dirname, '../fixtures/build-rules');
const fixtures = readdirSync(root)
  .filter((name) => /^SEL\d{3}\.[a-z0-9-]+\.(fails|passes)$/.test(name))
  .sort();
/** The entry each failing fixture is about, as it appears on its line. */
const LOCATED: Readonly<Record<string, string>> = {
  SEL006: "'shop/tool/buyItem'",
  SEL007: "'lookup'",
  SEL008: "name: 'buying'",
  SEL009: "'shop/tool/getItem', 'shop/tool/getItem'",
};

test('SEL006–SEL009 each have a failing and a passing fixture', () => {
  for (const rule of ['SEL006', 'SEL007', 'SEL008', 'SEL009']) {
    assert.ok(
      fixtures.some((f) => f.startsWith(`${rule}.`) && f.endsWith('.fails')),
      `${rule} fails`,
    );
    assert.ok(
      fixtures.some((f) => f.startsWith(`${rule}.`) && f.endsWith('.passes')),
      `${rule} passes`,
    );
  }
});

for (const name of fixtures) {
  test(name, async () => {
    const [rule, , expect] = name.split('.') as [keyof typeof frontEndRules, string, 'fails' | 'passes'];
    const ws = createWorkspace(`selection-rule-${name}`);
    try {
      cpSync(join(root, name, 'schemas'), ws.schemasDir, { recursive: true });
      const report = await buildCatalog({ schemasDir: ws.schemasDir, outDir: ws.path('out'), projectDir: ws.dir });
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      if (expect === 'passes') {
        assert.equal(errors, []);
        assert.ok(report.written);
        return;
      }
      assert.not.ok(report.written);
      assert.not.ok(existsSync(ws.path('out')));
      assert.equal(
        errors.map((d) => d.rule),
        [rule],
        JSON.stringify(errors),
      );
      const [hit] = errors;
      const file = readdirSync(join(ws.schemasDir, 'selections'), { recursive: true })
        .map(String)
        .find((p) => p.endsWith('.mjs'))!;
      assert.ok(hit!.file.endsWith(file), `${hit!.file} is the selection file ${file}`);
      const line = readFileSync(join(ws.schemasDir, 'selections', file), 'utf8').split('\n')[hit!.line - 1] ?? '';
      assert.ok(line.includes(LOCATED[rule]!), `${rule} at line ${hit!.line}: ${line}`);
      assert.is(hit!.severity, frontEndRules[rule].severity);
    } finally {
      ws.remove();
    }
  });
}

test.run();
