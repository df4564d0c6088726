/**
 * The migration engine in-process, on the forms a conversion must get right: quote styles and
 * escapes kept, every hook form, a 3.x schema left alone, what cannot be converted named, and the
 * chain of conversions the engine finds (the place `--to 4` / `--to 3` will plug in).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { conversionPath, migrateSource } from '../../compiler/migrate/index.ts';
import { applyEdits, quoteLike } from '../../compiler/migrate/source-edits.ts';
import { cliName, wireName } from '../../runtime/wire-name.ts';

const V2 = (extra = '', handlers = '') => `export const main = {
  namespace: 'demo', name: 'Demo', description: 'Demo.', version: '2.0.0', root: 'https://api.demo.example',
  requiredServerParams: ['DEMO_KEY'], requiredLibraries: [], headers: { Authorization: 'Bearer {{DEMO_KEY}}' },
  routes: {
    getItem: { method: 'GET', path: \`/items/{{ITEM}}\`, description: "It's one item.", parameters: [
      { position: { key: 'item', value: "{{ITEM}}", location: 'insert' }, z: { primitive: 'string()', options: [] } }
    ] }${extra}
  }
};
${handlers}`;

test('quote styles of rewritten strings are kept, with escapes where needed', () => {
  assert.is(quoteLike("'x'", "it's"), "'it\\'s'");
  assert.is(quoteLike('"x"', 'say "hi"'), '"say \\"hi\\""');
  assert.is(quoteLike('`x`', 'a ${b} `c`'), '`a \\${b} \\`c\\``');
  assert.is(
    applyEdits('abcdef', [
      { start: 4, end: 5, text: 'E', note: '' },
      { start: 1, end: 2, text: 'B', note: '' },
    ]),
    'aBcdEf',
  );
  assert.throws(
    () =>
      applyEdits('abcdef', [
        { start: 1, end: 4, text: '', note: 'a' },
        { start: 2, end: 3, text: '', note: 'b' },
      ]),
    /overlapping/,
  );
});

test('a 2.0.0 schema becomes 3.x: template literal path and double-quoted value keep their quotes', () => {
  const result = migrateSource('demo.mjs', V2(), { to: 3 });
  assert.is(result.status, 'migrated', result.reason);
  assert.match(result.text!, /path: `\/items\/\{\{item\}\}`/);
  assert.match(result.text!, /value: "\{\{USER_PARAM\}\}"/);
  assert.match(result.text!, /description: "It's one item\."/);
  assert.match(result.text!, /headers: \{ Authorization: 'Bearer \{\{DEMO_KEY\}\}' \}/);
  assert.equal(result.changes, [
    'version → 3.0.0',
    'routes → tools',
    'getItem: parameter 1 value → {{USER_PARAM}}',
    'getItem: path → /items/{{item}}',
  ]);
  assert.equal(result.diagnostics, []);
});

test('every form of the postProcess hook becomes a postRequest calling the original', () => {
  const forms = {
    arrow: 'export const handlers = () => ({ getItem: { postProcess: ({ data }) => data.items } });',
    method: 'export const handlers = () => ({ getItem: { postProcess({ data }) { return data.items; } } });',
    async: 'export const handlers = () => ({ getItem: { async postProcess({ data }) { return data.items; } } });',
    shorthand:
      'export const handlers = () => { const postProcess = ({ data }) => data.items; return { getItem: { ' +
      'postProcess } }; };',
  };
  for (const [form, handlers] of Object.entries(forms)) {
    const result = migrateSource(`${form}.mjs`, V2('', handlers), { to: 3 });
    assert.is(result.status, 'migrated', `${form}: ${result.reason} ${JSON.stringify(result.diagnostics)}`);
    assert.match(result.text!, /postRequest: async \(\{ response \}\) => \(\{ response: await /, form);
    assert.not.match(result.text!, /[{,]\s*(async\s+)?postProcess\s*[:(}]/, form);
    assert.ok(result.changes.includes('getItem: postProcess({ data }) → postRequest({ response })'), form);
  }
});

test('3.x schemas are left alone; what cannot be converted says why', () => {
  const v3 = migrateSource('v3.mjs', V2().replace("'2.0.0'", "'3.0.0'").replace('routes:', 'tools:'), { to: 3 });
  assert.is(v3.status, 'unchanged');
  assert.is(v3.reason, 'already format 3.x');
  const legacy = migrateSource('v1.mjs', 'export const schema = { namespace: "x" };', { to: 3 });
  assert.is(legacy.status, 'failed');
  assert.match(legacy.reason!, /format 1\.x/);
  const broken = migrateSource('broken.mjs', 'export const main = { version: "2.0.0",', { to: 3 });
  assert.is(broken.status, 'failed');
  assert.match(broken.reason!, /syntax error/);
  const unknown = migrateSource('v9.mjs', V2().replace("'2.0.0'", "'9.0.0'"), { to: 3 });
  assert.is(unknown.status, 'failed');
});

test('the engine chains conversions by format; one step exists today', () => {
  assert.equal(
    conversionPath(2, 3)?.map((c) => c.id),
    ['format-2-to-3'],
  );
  assert.equal(conversionPath(3, 3), []);
  assert.is(conversionPath(3, 2), undefined);
});

test('wire names: 3.x snake_case with the namespace, 2.0.0 <namespace>__<routeName>, both capped at 64', () => {
  assert.is(wireName('coingecko', 'simplePrice'), 'simple_price_coingecko');
  assert.is(wireName('coingecko', 'simplePrice', 2), 'coingecko__simplePrice');
  assert.is(cliName('coingecko', 'simplePrice'), 'simple_price_coingecko');
  assert.is(wireName('a'.repeat(40), 'b'.repeat(40), 2).length, 64);
});

test.run();
