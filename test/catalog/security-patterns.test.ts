// No file of either catalog contains a pattern a schema security scan rejects, even under the strictest (line
// substring) scanner.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { allCatalogFiles, catalogs, loadSchemas } from './support/catalog.ts';
import { forbiddenHits } from './support/forbidden-patterns.ts';

const moduleFiles = catalogs.map(({ root }) => ({
  root,
  files: allCatalogFiles(root).filter((file) => file.endsWith('.mjs')),
}));

test('the scan covers schemas, lists, prompts and skills of each catalog', () => {
  for (const { root, files } of moduleFiles) {
    const kinds = new Set(
      files.map(
        (file) =>
          relative(root, file)
            .split('/')
            .find((part) => ['_lists', 'prompts', 'skills'].includes(part)) ?? 'schema',
      ),
    );
    assert.equal([...kinds].sort(), ['_lists', 'prompts', 'schema', 'skills']);
  }
});

test('no .mjs file of either catalog contains a forbidden pattern, even inside strings or comments', () => {
  const hits = moduleFiles.flatMap(({ root, files }) =>
    files.flatMap((file) => forbiddenHits(relative(root, file), readFileSync(file, 'utf8'))),
  );
  assert.equal(hits, []);
});

test('handlers only transform data: no await on I/O, no dynamic code, no access to the environment', () => {
  for (const schema of catalogs.flatMap(({ root }) => loadSchemas(root))) {
    const start = schema.text.indexOf('export const handlers');
    if (start < 0) continue;
    const source = schema.text.slice(start);
    for (const word of ['await ', 'libraries.', 'Reflect', 'constructor', 'prototype', 'Proxy']) {
      assert.not.ok(source.includes(word), `${schema.file}: handlers use ${word.trim()}`);
    }
  }
});

test('main never contains prompt/skill placeholders ({{tool:…}} and friends belong in content files)', () => {
  for (const schema of catalogs.flatMap(({ root }) => loadSchemas(root))) {
    assert.not.ok(/\{\{(tool|resource|skill|input|prompt):/.test(JSON.stringify(schema.main)), schema.file);
  }
});

test.run();
