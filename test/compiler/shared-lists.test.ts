/**
 * Shared lists resolve from the lists directory by exact (case-sensitive) name and version; list files are scanned and
 * checked.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { tempTree } from './support/temp-tree.ts';

const tree = tempTree('shared-lists');
test.after(() => tree.remove());

const schema = (ref: string, version = '1.0.0') =>
  `export const main = ${JSON.stringify({
    namespace: 'demo',
    name: 'Demo',
    description: 'Demo.',
    version: '3.0.0',
    root: 'https://api.example.com',
    sharedLists: [{ ref, version }],
    tools: {
      getA: {
        method: 'GET',
        path: '/a',
        description: 'A.',
        parameters: [
          {
            position: { key: 'pick', value: '{{USER_PARAM}}', location: 'query' },
            z: { primitive: 'enum()', options: [`$${ref}`] },
          },
        ],
      },
    },
  })};\n`;
const list = (name: string, version = '1.0.0', entries = "[{ code: 'a' }, { code: 'b' }]") =>
  `export const list = { meta: { name: '${name}', version: '${version}', fields: [{ key: 'code', type: 'string' }] ` +
  `}, entries: ${entries} };\n`;

tree.write({
  'one/_lists/fruit-kinds.mjs': list('fruitKinds'),
  'one/providers/demo/ok.mjs': schema('fruitKinds'),
  'one/providers/demo/wrong-case.mjs': schema('FruitKinds'),
  'one/providers/demo/wrong-version.mjs': schema('fruitKinds', '1.0.1'),
  'two/_lists/fruit-kinds.mjs': list('fruitKinds', '1.0.0', "[{ code: 'z' }]"),
  'three/_lists/bad-list.mjs':
    "export const list = { meta: { name: 'badList', version: '1.0.0', fields: [{ key: 'code', type: 'string' }] }, " +
    "entries: [{ code: 'a' }, { code: (() => 'b')() }] };\n",
  'three/schema.mjs': schema('badList'),
  'alone/schema.mjs': schema('fruitKinds'),
});

test('the nearest _lists/ above the schema is used when no lists directory is given', () => {
  const result = loadSchemaFile(tree.path('one/providers/demo/ok.mjs'));
  assert.is(result.status, true, result.messages.join('\n'));
  assert.equal(result.model?.tools[0]?.parameters[0]?.type, { kind: 'enum', values: ['a', 'b'] });
});

test('an explicit lists directory wins over the nearest one', () => {
  const result = loadSchemaFile(tree.path('one/providers/demo/ok.mjs'), { listsDir: tree.path('two/_lists') });
  assert.equal(result.model?.tools[0]?.parameters[0]?.type, { kind: 'enum', values: ['z'] });
});

test('a name that differs in case is not found: "Shared list \'<name>\' not found in lists directory"', () => {
  const result = loadSchemaFile(tree.path('one/providers/demo/wrong-case.mjs'));
  const hit = result.diagnostics.find((d) => d.rule === 'VAL072');
  assert.ok(hit, result.messages.join('\n'));
  assert.match(hit.message, "Shared list 'FruitKinds' not found in lists directory");
  assert.is(hit.line, 1);
  assert.is(result.status, false);
});

test('the version must match exactly', () => {
  const result = loadSchemaFile(tree.path('one/providers/demo/wrong-version.mjs'));
  assert.equal(
    result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule),
    ['VAL073'],
  );
});

test('list files are scanned and read statically: code in a list is a finding in the list file', () => {
  const result = loadSchemaFile(tree.path('three/schema.mjs'));
  const inList = result.diagnostics.filter((d) => d.file.endsWith('bad-list.mjs'));
  assert.ok(
    inList.some((d) => d.rule === 'SEC201'),
    result.messages.join('\n'),
  );
  assert.ok(inList.some((d) => d.rule === 'PAR002' && d.line === 1));
  assert.is(result.status, false);
});

test('declared lists with no lists directory anywhere: a warning says they are not loaded', () => {
  const result = loadSchemaFile(tree.path('alone/schema.mjs'));
  assert.equal(
    result.diagnostics.map((d) => d.rule),
    ['VAL076'],
  );
  assert.equal(result.model?.tools[0]?.parameters[0]?.type, { kind: 'string' });
});

test.run();
