// The compiler front end loads the whole hand-written catalog (and a generated tree) with zero errors.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadSchemaTree } from '../../compiler/index.ts';
import { generateSchemas } from '../../bench/support/generate-schemas.ts';
import { catalogRoot, loadSchemas } from './support/catalog.ts';

const generatedDir = mkdtempSync(join(tmpdir(), 'toolkit-catalog-load-'));
test.after(() => rmSync(generatedDir, { recursive: true, force: true }));

test('every catalog schema loads with status true and no error diagnostics', async () => {
  const entries = await loadSchemaTree(catalogRoot);
  const staticFiles = loadSchemas().map((s) => s.file).sort();
  assert.equal(entries.map((e) => relative(catalogRoot, e.file)).sort(), staticFiles, 'the loader finds exactly the catalog schemas');
  const errors = entries.flatMap((e) => e.diagnostics.filter((d) => d.severity === 'error').map((d) => `${relative(catalogRoot, e.file)}:${d.line} ${d.rule} ${d.message}`));
  assert.equal(errors, []);
  for (const entry of entries) assert.ok(entry.status && entry.model, relative(catalogRoot, entry.file));
});

test('the loaded models match the files: tools, resources, prompts, skills and resolved shared lists', async () => {
  const entries = await loadSchemaTree(catalogRoot);
  const byNamespace = new Map(entries.map((e) => [e.model!.namespace, e.model!]));
  for (const schema of loadSchemas()) {
    const model = byNamespace.get(schema.main.namespace);
    assert.ok(model, schema.main.namespace);
    assert.equal(model!.tools.map((t) => t.name).sort(), Object.keys(schema.main.tools).sort(), `${schema.file} tools`);
    assert.is(model!.resources.length, Object.keys(schema.main.resources ?? {}).length, `${schema.file} resources`);
    assert.is(model!.prompts.length, Object.keys(schema.main.prompts ?? {}).length, `${schema.file} prompts`);
    assert.is(model!.skills.length, Object.keys(schema.main.skills ?? {}).length, `${schema.file} skills`);
  }
  const chain = byNamespace.get('chainscan')!.tools.find((t) => t.name === 'getNativeBalance')!.parameters.find((p) => p.key === 'chain')!;
  assert.is(chain.type.kind, 'enum');
  const values = chain.type.kind === 'enum' ? chain.type.values : [];
  assert.ok(values.includes('ethereum') && values.includes('base'), 'list values resolved into the enum');
  assert.not.ok(values.includes('sepolia'), 'the testnet filter of the list reference applied');
});

test('a generated benchmark tree loads with zero errors too', async () => {
  generateSchemas(generatedDir, 40, { seed: 11 });
  const entries = await loadSchemaTree(generatedDir);
  assert.is(entries.length, 40);
  const errors = entries.flatMap((e) => e.diagnostics.filter((d) => d.severity === 'error').map((d) => `${relative(generatedDir, e.file)}:${d.line} ${d.rule} ${d.message}`));
  assert.equal(errors, []);
});

test.run();
