import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { forget, parseModule } from '../../../compiler/parse/source-file.ts';
import { scanDataModule, scanSecurity } from '../../../compiler/scan/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const catalog = join(root, 'schemas');

const walk = (dir: string): string[] =>
  readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : name.endsWith('.mjs') ? [path] : [];
  });

/** Shared lists, skill files and prompt content files are data files; everything else is a schema. */
const isDataFile = (path: string): boolean => [`${sep}_lists${sep}`, `${sep}skills${sep}`, `${sep}prompts${sep}`].some((part) => path.includes(part));

test('every schema and data file of the catalog scans clean', async () => {
  assert.ok(existsSync(catalog), 'schemas/ exists');
  const files = walk(catalog);
  assert.ok(files.length > 0, 'the catalog has .mjs files');
  const findings: string[] = [];
  for (const path of files) {
    const file = relative(root, path);
    if (isDataFile(path)) {
      const source = parseModule(file, readFileSync(path, 'utf8'));
      findings.push(...scanDataModule(source, { file }).map((d) => `${file}:${d.line}:${d.column} ${d.rule} ${d.message}`));
      forget(source);
    } else {
      findings.push(...(await scanSecurity({ filePath: path })).messages);
    }
  }
  assert.equal(findings, []);
});

test.run();
