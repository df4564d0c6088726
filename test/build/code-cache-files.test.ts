/** The V8 code cache keeps one file per cached source: writing a new one removes that source's older caches only. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { createWorkspace } from './support/workspace.ts';

const { removeOtherCaches } = (await import('../../cli/commonjs-code-cache.mjs' as string)) as {
  removeOtherCaches: (file: string) => void;
};

const ws = createWorkspace('code-cache');
test.after(() => ws.remove());

test('older caches of the same file go; other files, their caches and temp files stay', () => {
  const names = [
    'ts-morph-100-1700000000000-11.3.244.8-node.19.bin',
    'ts-morph-120-1700000000500-11.3.244.8-node.19.bin',
    'ts-morph-120-1700000000500-12.4.254.21-node.33.bin',
    'ts-morph-common-300-1700000000000-11.3.244.8-node.19.bin',
    'typescript-900-1700000000000-11.3.244.8-node.19.bin',
    'ts-morph-130-1700000000900-12.4.254.21-node.33.bin.4242',
  ];
  for (const name of names) ws.write(`v8/${name}`, 'x');
  removeOtherCaches(ws.path('v8', 'ts-morph-120-1700000000500-12.4.254.21-node.33.bin'));
  assert.equal(readdirSync(ws.path('v8')).sort(), [
    'ts-morph-120-1700000000500-12.4.254.21-node.33.bin',
    'ts-morph-130-1700000000900-12.4.254.21-node.33.bin.4242',
    'ts-morph-common-300-1700000000000-11.3.244.8-node.19.bin',
    'typescript-900-1700000000000-11.3.244.8-node.19.bin',
  ]);
});

test.run();
