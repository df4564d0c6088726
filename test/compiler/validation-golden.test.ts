/**
 * The analysis path gives, byte for byte, the findings and models the code gave before it was made
 * faster: `golden/validation.golden.txt` was produced by the one-file path (`loadSchemaFile`) at commit
 * 2bd7664, before the parse, scan and validation were restructured, over every fixture, the shipped
 * catalog and a generated 500-file wild corpus (`support/validation-golden.ts`). A change of findings
 * that is meant (a new rule, a reworded message) regenerates it: `node --import tsx
 * test/compiler/support/write-validation-golden.ts`, and the diff of the golden shows what changed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goldenFile, renderGolden } from './support/validation-golden.ts';

const work = mkdtempSync(join(tmpdir(), 'validation-golden-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

/** The golden split per file, so a difference names its file. */
const perFile = (text: string): string[] => text.split(/^(?=== )/m);

test('every file of the corpus gives the findings and the model the old code gave', () => {
  const expected = readFileSync(goldenFile, 'utf8');
  const actual = renderGolden(work);
  const want = perFile(expected);
  const got = perFile(actual);
  assert.ok(want.length > 1200, `${want.length} files in the golden`);
  const first = got.findIndex((text, index) => text !== want[index]);
  if (first >= 0) assert.fixture(got[first]!, want[first] ?? '');
  assert.is(got.length, want.length);
  assert.ok(actual === expected);
});

test.run();
