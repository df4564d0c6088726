/** Rewrites `test/compiler/golden/validation.golden.txt` from the code as it is (see validation-golden.test.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goldenFile, renderGolden } from './validation-golden.ts';

const work = mkdtempSync(join(tmpdir(), 'validation-golden-'));
try {
  writeFileSync(goldenFile, renderGolden(work));
} finally {
  rmSync(work, { recursive: true, force: true });
}
