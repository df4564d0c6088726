/**
 * The build's own rules (LIB001, LIB002: a library that cannot be had), one build per fixture in
 * `test/fixtures/build-rules/`: a failing fixture yields exactly its rule as a located warning on the
 * `requiredLibraries` entry, and the build still writes; a passing one yields no LIB rule.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCatalog } from '../../compiler/build/build-catalog.ts';
import { buildRules } from '../../compiler/build/rules.ts';
import { createWorkspace } from './support/workspace.ts';

const root = resolve(import.meta.dirname, '../fixtures/build-rules');
const fixtures = readdirSync(root)
  .filter((name) => /^LIB\d{3}\.[a-z0-9-]+\.(fails|passes)$/.test(name))
  .sort();

test('every build rule has a failing and a passing fixture', () => {
  for (const rule of Object.keys(buildRules)) {
    assert.ok(
      fixtures.includes(fixtures.find((f) => f.startsWith(`${rule}.`) && f.endsWith('.fails')) ?? ''),
      `${rule} has no failing fixture`,
    );
    assert.ok(
      fixtures.some((f) => f.startsWith(`${rule}.`) && f.endsWith('.passes')),
      `${rule} has no passing fixture`,
    );
  }
});

for (const name of fixtures) {
  test(name, async () => {
    const [rule, , expect] = name.split('.') as [keyof typeof buildRules, string, 'fails' | 'passes'];
    const ws = createWorkspace(`build-rule-${name}`);
    try {
      const text = readFileSync(join(root, name, 'schema.mjs'), 'utf8');
      ws.write('schemas/providers/libfixture/schema.mjs', text);
      if (existsSync(join(root, name, 'config.json')))
        ws.write('.toolkit/config.json', readFileSync(join(root, name, 'config.json'), 'utf8'));
      const report = await buildCatalog({ schemasDir: ws.schemasDir, outDir: ws.path('out'), projectDir: ws.dir });
      assert.ok(report.written, 'a library that cannot be had never stops the build');
      const hits = report.diagnostics.filter((d) => d.rule.startsWith('LIB'));
      if (expect === 'passes') {
        assert.equal(hits, []);
        return;
      }
      assert.is(hits.length, 1, JSON.stringify(hits));
      const [hit] = hits;
      assert.is(hit!.rule, rule);
      assert.is(hit!.severity, buildRules[rule].severity);
      const lines = text.split('\n');
      const line = lines.findIndex((l) => l.includes('requiredLibraries')) + 1;
      assert.is(hit!.line, line);
      assert.is(hit!.column, lines[line - 1]!.indexOf("[ '") + 3);
      assert.ok(hit!.file.endsWith('providers/libfixture/schema.mjs'), hit!.file);
    } finally {
      ws.remove();
    }
  });
}

test.run();
