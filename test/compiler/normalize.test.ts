/**
 * A valid schema becomes the SchemaModel the runtime consumes: templates, typed options, inlined lists, hooks, hash.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { canonicalJson } from '../../runtime/canonical-json.ts';
import { hashValue } from '../../runtime/hash.ts';
import { tempTree } from './support/temp-tree.ts';

const tree = tempTree('normalize');
const MAIN = {
  namespace: 'shop',
  name: 'Shop',
  description: 'A shop.',
  version: '3.0.0',
  root: 'https://api.shop.example',
  requiredServerParams: ['SHOP_KEY'],
  headers: { Authorization: 'Bearer {{SHOP_KEY}}' },
  sharedLists: [{ ref: 'sizeChart', version: '1.0.0', filter: { key: 'active', value: true } }],
  tools: {
    getItem: {
      method: 'GET',
      path: '/stores/:store/items/{{id}}',
      description: 'One item.',
      parameters: [
        {
          position: { key: 'store', value: '{{USER_PARAM}}', location: 'insert' },
          z: { primitive: 'string()', options: [] },
        },
        {
          position: { key: 'id', value: 'sku-{{USER_PARAM}}', location: 'insert' },
          z: { primitive: 'string()', options: ['regex(^[0-9]+$)'] },
        },
        {
          position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' },
          z: { primitive: 'number()', options: ['optional()', 'default(10)', 'min(1)', 'max(100)'] },
        },
        {
          position: { key: 'verbose', value: '{{USER_PARAM}}', location: 'query' },
          z: { primitive: 'boolean()', options: ['default(false)'] },
        },
        {
          position: { key: 'size', value: '{{USER_PARAM}}', location: 'query' },
          z: { primitive: 'enum(custom,{{sizeChart:code}})', options: [] },
        },
        {
          position: { key: 'fit', value: '{{USER_PARAM}}', location: 'query' },
          z: { primitive: 'enum()', options: ['$sizeChart'] },
        },
        {
          position: { key: 'key', value: '{{SERVER_PARAM:SHOP_KEY}}', location: 'query' },
          z: { primitive: 'string()', options: [] },
        },
        { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } },
      ],
    },
  },
};
const LIST = {
  meta: {
    name: 'sizeChart',
    version: '1.0.0',
    fields: [
      { key: 'code', type: 'string' },
      { key: 'active', type: 'boolean' },
    ],
  },
  entries: [
    { code: 'S', active: true },
    { code: 'M', active: false },
    { code: 'L', active: true },
  ],
};
tree.write({
  'catalog/_lists/size-chart.mjs': `export const list = ${JSON.stringify(LIST)};\n`,
  'catalog/providers/shop/shop.mjs':
    `export const main = ${JSON.stringify(MAIN, null, 2)};\nexport const handlers = ` +
    `({ sharedLists }) => ({\n  getItem: { postRequest: async ({ response }) => ({ response }), preRequest: async ` +
    `(x) => x }\n});\n`,
});
const file = tree.path('catalog/providers/shop/shop.mjs');
const result = loadSchemaFile(file);
const model = result.model!;
const tool = model.tools[0]!;
const param = (key: string) => tool.parameters.find((p) => p.key === key)!;

test('the schema loads (lists found in the nearest _lists/) and yields a model', () => {
  assert.is(result.status, true, result.messages.join('\n'));
  assert.ok(model);
  assert.is(model.file, file);
});

test('url, header and value templates: user input, server params and path inserts in both styles', () => {
  assert.equal(tool.url, ['https://api.shop.example/stores/', { insert: 'store' }, '/items/', { insert: 'id' }]);
  assert.equal(model.headers, { Authorization: ['Bearer ', { server: 'SHOP_KEY' }] });
  assert.equal(param('id').value, ['sku-', { user: true }]);
  assert.equal(param('key').value, [{ server: 'SHOP_KEY' }]);
  assert.equal([param('key').visible, param('format').visible, param('limit').visible], [false, false, true]);
  assert.equal(param('format').value, ['json']);
});

test('options are typed and independent of their declared order', () => {
  assert.equal(param('limit').options, { min: 1, max: 100, optional: true, default: 10 });
  assert.equal(param('verbose').options, { optional: true, default: false });
  assert.equal(param('id').options, { regex: '^[0-9]+$', optional: false });
});

test('enum values from shared lists are inlined after the filter, in both reference forms', () => {
  assert.equal(param('size').type, { kind: 'enum', values: ['custom', 'S', 'L'] });
  assert.equal(param('fit').type, { kind: 'enum', values: ['S', 'L'] });
  assert.equal(model.sharedLists, {
    sizeChart: [
      { code: 'S', active: true },
      { code: 'L', active: true },
    ],
  });
});

test('hooks come from the handlers AST in a fixed order, and the handler source is carried', () => {
  assert.equal(tool.hooks, ['preRequest', 'postRequest']);
  assert.match(model.handlersSource ?? '', /^\(\{ sharedLists \}\) => \(\{/);
});

test('the hash is the canonical hash of main, and loading twice gives a byte-identical model', () => {
  assert.is(model.hash, hashValue(MAIN));
  assert.is(canonicalJson(loadSchemaFile(file).model), canonicalJson(model));
});

test('lists not loaded (VAL076): enums built from them accept any string, even with literal values', () => {
  tree.write({ 'bare/shop.mjs': `export const main = ${JSON.stringify(MAIN, null, 2)};\n` });
  const bare = loadSchemaFile(tree.path('bare/shop.mjs'));
  assert.is(bare.status, true, bare.messages.join('\n'));
  assert.ok(bare.diagnostics.some((d) => d.rule === 'VAL076'));
  const types = bare.model!.tools[0]!.parameters.filter((p) => p.key === 'size' || p.key === 'fit').map((p) => p.type);
  assert.equal(types, [{ kind: 'string' }, { kind: 'string' }]);
});

test.after(() => tree.remove());

test.run();
