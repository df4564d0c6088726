import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { forget, parseModule } from '../../../compiler/parse/source-file.ts';
import { scanDataModule, scanSecurity } from '../../../compiler/scan/index.ts';

const root = resolve(import.meta.dirname, '../../..');
/**
 * The shipped catalog and the example catalog of the fixtures (hosts like `gbfs.…` and `global.…` that naive scanners
 * flag).
 */
const catalogs = [join(root, 'schemas'), join(root, 'test', 'fixtures', 'example-catalog')];

const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.mjs') ? [path] : [];
    });

/** Shared lists, skill files and prompt content files are data files; everything else is a schema. */
const isDataFile = (path: string): boolean =>
  [`${sep}_lists${sep}`, `${sep}skills${sep}`, `${sep}prompts${sep}`].some((part) => path.includes(part));

test('every schema and data file of both catalogs scans clean', async () => {
  for (const catalog of catalogs) assert.ok(existsSync(catalog), `${catalog} exists`);
  const files = catalogs.flatMap(walk);
  assert.ok(files.length > 0, 'the catalog has .mjs files');
  const findings: string[] = [];
  for (const path of files) {
    const file = relative(root, path);
    if (isDataFile(path)) {
      const source = parseModule(file, readFileSync(path, 'utf8'));
      findings.push(
        ...scanDataModule(source, { file }).map((d) => `${file}:${d.line}:${d.column} ${d.rule} ${d.message}`),
      );
      forget(source);
    } else {
      findings.push(...(await scanSecurity({ filePath: path })).messages);
    }
  }
  assert.equal(findings, []);
});

test.run();
