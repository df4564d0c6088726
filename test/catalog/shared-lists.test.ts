// The shared list files of both catalogs are pure data in the documented shape, so any loader can read them without
// running code.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exampleCatalog, kebab, loadLists, loadSchemas, shippedCatalog } from './support/catalog.ts';

const shipped = loadLists(shippedCatalog);
const lists = [...shipped, ...loadLists(exampleCatalog)];

test('the example catalog keeps its three lists; every shipped list is used by a shipped schema', () => {
  assert.equal(
    loadLists(exampleCatalog).map((l) => l.file),
    ['_lists/evm-chains.mjs', '_lists/iso-country-codes.mjs', '_lists/trading-timeframes.mjs'],
  );
  assert.ok(shipped.length >= 3, `only ${shipped.length} shipped lists`);
  const used = new Set(
    loadSchemas(shippedCatalog).flatMap((s) => (s.main.sharedLists ?? []).map((r: { ref: string }) => r.ref)),
  );
  for (const { file, list } of shipped) assert.ok(used.has(list.meta.name), `${file} is used by no schema`);
});

test('each list file exports only a literal `list` with no functions, templates or imports', () => {
  for (const { file, module, text } of lists) {
    assert.equal(module.exportNames, ['list'], file);
    assert.ok(module.values.has('list'), `${file}: ${module.nonLiteral.get('list')}`);
    assert.is(module.importCount, 0, file);
    assert.not.ok(/=>|\bfunction\b|\basync\b|\bawait\b|\$\{/.test(text), `${file}: code-like text`);
  }
});

test('meta carries name (matching the file name), version 3.0.0, a description and typed, described fields', () => {
  for (const { file, list } of lists) {
    assert.is(`_lists/${kebab(list.meta.name)}.mjs`, file);
    assert.is(list.meta.version, '3.0.0', file);
    assert.ok(typeof list.meta.description === 'string' && list.meta.description.length > 10, file);
    assert.ok(list.meta.fields.length >= 2, file);
    for (const field of list.meta.fields) {
      assert.ok(/^[a-z][a-zA-Z0-9]*$/.test(field.key), `${file}: field key ${field.key}`);
      assert.ok(['string', 'number', 'boolean'].includes(field.type), `${file}: ${field.key} type`);
      assert.ok(
        typeof field.description === 'string' && field.description.length > 0,
        `${file}: ${field.key} description`,
      );
    }
  }
});

test(
  'entries are flat, carry exactly the declared fields with the declared types, and the first ' + 'field is unique',
  () => {
    for (const { file, list } of lists) {
      const fields = list.meta.fields as { key: string; type: string }[];
      const keys = fields.map((f) => f.key).sort();
      const first = fields[0]!.key;
      const seen = new Set<unknown>();
      assert.ok(list.entries.length >= 10, `${file}: ${list.entries.length} entries`);
      for (const entry of list.entries as Record<string, unknown>[]) {
        assert.equal(Object.keys(entry).sort(), keys, `${file}: ${JSON.stringify(entry)}`);
        for (const field of fields)
          assert.type(entry[field.key], field.type as 'string', `${file}: ${field.key} of ${JSON.stringify(entry)}`);
        assert.not.ok(seen.has(entry[first]), `${file}: duplicate ${first} ${entry[first]}`);
        seen.add(entry[first]);
      }
    }
  },
);

test('evmChains lists real chain ids for its aliases, in both catalogs', () => {
  for (const catalog of [shipped, loadLists(exampleCatalog)]) {
    const chains = catalog.find((l) => l.list.meta.name === 'evmChains')!.list.entries as {
      alias: string;
      chainId: number;
    }[];
    const byAlias = Object.fromEntries(chains.map((c) => [c.alias, c.chainId]));
    assert.equal(
      { ethereum: byAlias.ethereum, polygon: byAlias.polygon, arbitrum: byAlias.arbitrum, base: byAlias.base },
      { ethereum: 1, polygon: 137, arbitrum: 42161, base: 8453 },
    );
    assert.ok(chains.length >= 15);
  }
});

test.run();
