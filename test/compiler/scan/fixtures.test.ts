import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseModule, forget } from '../../../compiler/parse/source-file.ts';
import { scanDataModule, scanSecurity } from '../../../compiler/scan/index.ts';
import type { Diagnostic } from '../../../compiler/diagnostics/diagnostic.ts';

const dir = resolve(import.meta.dirname, '../../fixtures/scan');
const names = readdirSync(dir)
  .filter((name) => name.endsWith('.mjs'))
  .sort();

/** Data-file rules (SEC200–SEC204) are checked with the data scan, everything else as a schema. */
async function scanFixture(name: string): Promise<Diagnostic[]> {
  const path = join(dir, name);
  const rule = name.split('.')[0]!;
  if (Number(rule.slice(3)) >= 200 && Number(rule.slice(3)) <= 204) {
    const source = parseModule(name, readFileSync(path, 'utf8'));
    try {
      return scanDataModule(source, { file: name });
    } finally {
      forget(source);
    }
  }
  return (await scanSecurity({ filePath: path })).diagnostics;
}

for (const name of names.filter((n) => n.includes('.fails.'))) {
  const rule = name.split('.')[0]!;
  test(`${name} is caught as exactly ${rule}`, async () => {
    const diagnostics = await scanFixture(name);
    assert.ok(diagnostics.length > 0, 'at least one finding');
    assert.equal(
      [...new Set(diagnostics.map((d) => d.rule))],
      [rule],
      diagnostics.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`).join('\n'),
    );
    for (const d of diagnostics) {
      assert.is(d.severity, 'error');
      if (statSync(join(dir, name)).isFile()) assert.ok(d.line >= 1 && d.column >= 1, `${d.rule} has a position`);
    }
  });
}

for (const name of names.filter((n) => n.includes('.passes.'))) {
  test(`${name} raises nothing`, async () => {
    const diagnostics = await scanFixture(name);
    assert.equal(
      diagnostics.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`),
      [],
    );
  });
}

test.run();
