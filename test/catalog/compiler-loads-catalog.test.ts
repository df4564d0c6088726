// The compiler front end loads both catalogs (and a generated tree) with zero errors, and the shipped
// catalog with zero warnings too: the wild forms the compiler accepts with a warning live only in the
// example catalog of the test fixtures, never in the catalog users copy from.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadSchemaTree } from '../../compiler/index.ts';
import { generateSchemas } from '../../bench/support/generate-schemas.ts';
import { catalogs, exampleCatalog, loadSchemas, shippedCatalog } from './support/catalog.ts';

const generatedDir = mkdtempSync(join(tmpdir(), 'toolkit-catalog-load-'));
test.after(() => rmSync(generatedDir, { recursive: true, force: true }));

const findings = (root: string, entries: Awaited<ReturnType<typeof loadSchemaTree>>, severity: string): string[] =>
  entries.flatMap((e) =>
    e.diagnostics
      .filter((d) => d.severity === severity)
      .map((d) => `${relative(root, d.file)}:${d.line} ${d.rule} ${d.message}`),
  );

test('every schema of both catalogs loads with status true and no error diagnostics', async () => {
  for (const { root } of catalogs) {
    const entries = await loadSchemaTree(root);
    const staticFiles = loadSchemas(root)
      .map((s) => s.file)
      .sort();
    assert.equal(
      entries.map((e) => relative(root, e.file)).sort(),
      staticFiles,
      'the loader finds exactly the catalog schemas',
    );
    assert.equal(findings(root, entries, 'error'), []);
    for (const entry of entries) assert.ok(entry.status && entry.model, relative(root, entry.file));
  }
});

test('the shipped catalog has no warning at all; the example catalog has its wild forms', async () => {
  assert.equal(findings(shippedCatalog, await loadSchemaTree(shippedCatalog), 'warning'), []);
  assert.ok(
    findings(exampleCatalog, await loadSchemaTree(exampleCatalog), 'warning').length > 100,
    'the example catalog keeps its wild forms',
  );
});

test('the loaded models match the files: tools, resources, prompts, skills and resolved shared lists', async () => {
  for (const { root } of catalogs) {
    const entries = await loadSchemaTree(root);
    const byNamespace = new Map(entries.map((e) => [e.model!.namespace, e.model!]));
    for (const schema of loadSchemas(root)) {
      const model = byNamespace.get(schema.main.namespace);
      assert.ok(model, schema.main.namespace);
      assert.equal(
        model!.tools.map((t) => t.name).sort(),
        Object.keys(schema.main.tools).sort(),
        `${schema.file} tools`,
      );
      assert.is(model!.resources.length, Object.keys(schema.main.resources ?? {}).length, `${schema.file} resources`);
      assert.is(model!.prompts.length, Object.keys(schema.main.prompts ?? {}).length, `${schema.file} prompts`);
      assert.is(model!.skills.length, Object.keys(schema.main.skills ?? {}).length, `${schema.file} skills`);
    }
  }
  const example = new Map((await loadSchemaTree(exampleCatalog)).map((e) => [e.model!.namespace, e.model!]));
  const chain = example
    .get('chainscan')!
    .tools.find((t) => t.name === 'getNativeBalance')!
    .parameters.find((p) => p.key === 'chain')!;
  assert.is(chain.type.kind, 'enum');
  const values = chain.type.kind === 'enum' ? chain.type.values : [];
  assert.ok(values.includes('ethereum') && values.includes('base'), 'list values resolved into the enum');
  assert.not.ok(values.includes('sepolia'), 'the testnet filter of the list reference applied');
});

test('a generated benchmark tree loads with zero errors too', async () => {
  generateSchemas(generatedDir, 40, { seed: 11 });
  const entries = await loadSchemaTree(generatedDir);
  assert.is(entries.length, 40);
  assert.equal(findings(generatedDir, entries, 'error'), []);
});

test.run();
