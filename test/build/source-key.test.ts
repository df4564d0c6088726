/**
 * Cache keys and shared lists: each build answers "is there a `_lists/` here?" from its own discovery
 * listing (no global state between builds), finds the nearest `_lists/` as the front end does (also
 * above the schemas directory), and a change to that lists directory changes the key of a schema that uses it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync } from 'node:fs';
import { discoverSchemas } from '../../compiler/build/discover-schemas.ts';
import { keyInputs, sourceKey } from '../../compiler/build/source-key.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('source-key');
test.after(() => ws.remove());

const usesLists = "export const main = { sharedLists: [{ ref: 'coins' }] };\n";

test('each discovery answers from its own listing, and keys follow the nearest _lists/', () => {
  ws.write('tree/schemas/providers/a/api.mjs', usesLists);
  ws.write('tree/schemas/providers/b/api.mjs', 'export const main = {};\n');
  ws.write('tree/_lists/coins.mjs', 'export const coins = [1];\n');
  const schemasDir = ws.path('tree', 'schemas');

  const first = discoverSchemas(schemasDir);
  assert.equal(
    first.sources.map((s) => s.file),
    ['providers/a/api.mjs', 'providers/b/api.mjs'],
  );
  assert.is(first.isDirectory(ws.path('tree', 'schemas', 'providers', 'a', '_lists')), false);
  assert.is(first.isDirectory(ws.path('tree', '_lists')), true, 'above the schemas directory: from the disk');

  // A later discovery does not change what the first one says about its own build.
  mkdirSync(ws.path('tree', 'schemas', 'providers', 'a', '_lists'));
  const second = discoverSchemas(schemasDir);
  assert.is(second.isDirectory(ws.path('tree', 'schemas', 'providers', 'a', '_lists')), true);
  assert.is(first.isDirectory(ws.path('tree', 'schemas', 'providers', 'a', '_lists')), false);

  const key = (discovery: ReturnType<typeof discoverSchemas>) =>
    sourceKey(discovery.sources[0]!, keyInputs(schemasDir, [], discovery));
  const withOuterLists = key(first);
  ws.write('tree/_lists/coins.mjs', 'export const coins = [1, 2];\n');
  assert.is.not(key(first), withOuterLists, 'the outer lists changed');
  const withInnerLists = key(second);
  ws.write('tree/schemas/providers/a/_lists/coins.mjs', 'export const coins = [3];\n');
  assert.is.not(key(second), withInnerLists, 'the nearest lists (inside the tree) changed');
  const unchanged = sourceKey(second.sources[1]!, keyInputs(schemasDir, [], second));
  ws.write('tree/_lists/coins.mjs', 'export const coins = [4];\n');
  assert.is(
    sourceKey(second.sources[1]!, keyInputs(schemasDir, [], second)),
    unchanged,
    'a schema without sharedLists ignores lists',
  );
});

test.run();
