/**
 * A directory of many schemas with some broken: each broken one gets its own located diagnostic and the rest still
 * load.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaTree } from '../../compiler/index.ts';
import { tempTree } from './support/temp-tree.ts';

const tree = tempTree('broken-tree');
test.after(() => tree.remove());

/** A namespace of letters for directory `i` (one namespace per provider directory, VAL123). */
const namespaceOf = (i: number) =>
  `demo${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
const valid = (i: number) =>
  `export const main = {
  namespace: '${namespaceOf(i)}', name: 'Demo ${i}', description: 'Demo number ${i}.', version: '3.0.0', root: ` +
  `'https://api.example.com',
  tools: { getA: { method: 'GET', path: '/a', description: 'A.', parameters: [] } }
};
`;
const BROKEN: Record<string, { text: string; rule: string; line: number }> = {
  'p007/syntax.mjs': { text: 'export const main = { namespace: "demo",, };\n', rule: 'PAR001', line: 1 },
  'p013/no-main.mjs': { text: 'export const other = 1;\n', rule: 'VAL001', line: 0 },
  'p021/not-a-module.mjs': { text: 'var x = 1;\n', rule: 'PAR003', line: 0 },
  'p034/call.mjs': { text: valid(34).replace("'Demo number 34.'", 'String(34)'), rule: 'PAR002', line: 2 },
  'p055/imports.mjs': { text: `import fs from 'node:fs';\n${valid(55)}`, rule: 'SEC001', line: 1 },
};
const files: Record<string, string> = {};
for (let i = 0; i < 60; i += 1) files[`p${String(i).padStart(3, '0')}/schema.mjs`] = valid(i);
for (const [path, { text }] of Object.entries(BROKEN)) files[path] = text;
tree.write(files);

test('60 good and 5 broken schemas: 60 load, each broken one names its rule and line', async () => {
  const entries = await loadSchemaTree(tree.root);
  assert.is(entries.length, 65);
  assert.is(entries.filter((e) => e.status && e.model).length, 60);
  for (const [path, { rule, line }] of Object.entries(BROKEN)) {
    const entry = entries.find((e) => e.file === tree.path(path));
    assert.ok(entry, path);
    assert.is(entry.status, false, path);
    const hit = entry.diagnostics.find((d) => d.rule === rule);
    assert.ok(hit, `${path}: ${entry.messages.join('; ')}`);
    assert.is(hit.line, line, path);
    assert.is(hit.file, tree.path(path));
  }
});

test.run();
