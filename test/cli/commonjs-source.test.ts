/**
 * The CLI reads TypeScript's 9 MB file for `require()` itself (Latin-1 when it is ASCII, skipping a
 * slow UTF-8 decode): the text must be exactly what Node's own read gives, ASCII or not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { readSource } = (await import('../../cli/commonjs-code-cache.mjs' as string)) as {
  readSource: (file: string) => string;
};
const work = mkdtempSync(join(tmpdir(), 'commonjs-source-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

test("TypeScript's file reads as the same text Node's loader reads", () => {
  const requireTsMorph = createRequire(createRequire(import.meta.url).resolve('ts-morph'));
  const typescript = requireTsMorph.resolve('@ts-morph/common/dist/typescript.js');
  assert.ok(readSource(typescript) === readFileSync(typescript, 'utf8'));
});

test('a file with characters beyond ASCII reads as UTF-8', () => {
  const file = join(work, 'wide.js');
  const text = 'module.exports = "é → ☃ 𝄞";\n';
  writeFileSync(file, text);
  assert.is(readSource(file), text);
  assert.is(readSource(file), readFileSync(file, 'utf8'));
});

test.run();
