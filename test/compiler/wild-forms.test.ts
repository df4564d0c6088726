/**
 * Schemas written the way real catalogs write them load, with a warning per wild form, and build the
 * same model. (Format 2.0.0 has its own rules: see the VAL080–VAL084 fixtures and test/cli/format-2.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemaFile } from '../../compiler/load/load-schema.ts';
import { tempTree } from './support/temp-tree.ts';

const tree = tempTree('wild-forms');
test.after(() => tree.remove());

tree.write({
  'wild.mjs':
    `export const main = {
  namespace: 'wild',
  name: 'Wild Things',
  description: 'Written the way the prior-art catalog writes schemas.',
  version: '3.0.0',
  root: 'https://{{WILD_HOST}}.example.com',
  requiredServerParams: ['WILD_HOST', 'WILD_KEY'],
  headers: { 'X-Api-Key': '{{WILD_KEY}}' },
  tags: ['cacheTtlDaily'],
  routes: {
    searchThings: {
      method: 'POST',
      path: '/v1/:owner/things?key={{WILD_KEY}}',
      description: 'Search things.',
      parameters: [
        { position: { key: 'owner', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', ` +
    `options: ['length(8)'] } },
        { position: { key: 'date-min', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', ` +
    `options: ['optional()', 'regex(^\\\\d{4}-\\\\d{2}-\\\\d{2}$)'] } },
        { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', ` +
    `options: ['default(score desc, name asc)', 'optional()'] } },
        { position: { key: 'rows', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', ` +
    `options: ['optional()', 'default(10)', 'min(1)', 'max(100)'] } },
        { position: { key: 'token', value: '{{WILD_KEY}}', location: 'query' }, z: { primitive: 'string()', options: ` +
    `[] } }
      ]
    }
  }
};
export const handlers = () => ({
  searchThings: { executeRequest: async ({ struct }) => ({ struct }) }
});
`,
});

const result = loadSchemaFile(tree.path('wild.mjs'));

test('the wild schema loads: no error, only warnings', () => {
  assert.is(result.status, true, result.messages.join('\n'));
  assert.ok(result.diagnostics.every((d) => d.severity === 'warning'));
});

test('each wild form is named by its own warning', () => {
  const rules = new Set(result.diagnostics.map((d) => d.rule));
  for (const rule of ['VAL018', 'VAL028', 'VAL029', 'VAL054', 'VAL055', 'VAL056', 'VAL057', 'VAL058', 'VAL063'])
    assert.ok(rules.has(rule), `${rule} missing: ${[...rules].join(', ')}`);
});

test('the bare {{KEY}} in a header is the spec form and gives no warning', () => {
  assert.not.ok(result.diagnostics.some((d) => d.rule === 'VAL028' && d.line === 8));
});

test('the model reads the wild forms as the spec forms', () => {
  const tool = result.model!.tools[0]!;
  assert.equal(tool.url, [
    'https://',
    { server: 'WILD_HOST' },
    '.example.com/v1/',
    { insert: 'owner' },
    '/things?key=',
    { server: 'WILD_KEY' },
  ]);
  assert.equal(tool.hooks, ['executeRequest']);
  const byKey = Object.fromEntries(tool.parameters.map((p) => [p.key, p]));
  assert.equal(byKey.sort?.options, { optional: true, default: 'score desc, name asc' });
  assert.equal(byKey.rows?.options, { min: 1, max: 100, optional: true, default: 10 });
  assert.equal(byKey.owner?.options, { length: 8, optional: false });
  assert.is(byKey['date-min']?.location, 'body');
  assert.equal(byKey.token?.value, [{ server: 'WILD_KEY' }]);
  assert.equal(result.model!.headers, { 'X-Api-Key': [{ server: 'WILD_KEY' }] });
});

test.run();
