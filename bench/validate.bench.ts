/**
 * What `toolkit validate` costs per schema on 500 generated schemas: the whole front end (read,
 * scan, static read, lists, rules, normalization) next to the parse alone, measured in one run so
 * the ratio holds on a busy machine. The first schema is shown apart: ts-morph's start-up dominates it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSchemas } from './support/generate-schemas.ts';

// Imported here, timed: loading ts-morph (the TypeScript compiler) is part of what the first schema costs.
let started = performance.now();
const { loadSchemaFile } = await import('../compiler/load/load-schema.ts');
const { forget, parseModule } = await import('../compiler/parse/source-file.ts');
const importMs = performance.now() - started;

const dir = mkdtempSync(join(tmpdir(), 'validate-bench-'));
try {
  const files = generateSchemas(dir, 500).filter((f) => f.includes(`${join(dir, 'providers')}`));
  const listsDir = join(dir, '_lists');

  started = performance.now();
  const first = loadSchemaFile(files[0]!, { listsDir });
  const firstMs = performance.now() - started;

  let loadMs = 0;
  let parseMs = 0;
  let errors = first.diagnostics.filter((d) => d.severity === 'error').length;
  let warnings = first.diagnostics.length - errors;
  for (const file of files.slice(1)) {
    let t = performance.now();
    const result = loadSchemaFile(file, { listsDir });
    loadMs += performance.now() - t;
    for (const d of result.diagnostics) d.severity === 'error' ? (errors += 1) : (warnings += 1);
    const text = readFileSync(file, 'utf8');
    t = performance.now();
    forget(parseModule(file, text));
    parseMs += performance.now() - t;
  }
  const n = files.length - 1;
  console.log(`schemas: ${files.length}, errors: ${errors}, warnings: ${warnings}`);
  const row = (label: string, ms: string, parse = '-', ratio = '-') => console.log(`| ${label.padEnd(28)} | ${ms.padStart(18)} | ${parse.padStart(13)} | ${ratio.padStart(14)} |`);
  console.log('| case                         | validate ms/schema | parse-only ms | validate/parse |');
  console.log('|------------------------------|--------------------|---------------|----------------|');
  row('import compiler (ts-morph)', importMs.toFixed(2));
  row('first schema (cold start)', firstMs.toFixed(2));
  row(`per schema (next ${n})`, (loadMs / n).toFixed(3), (parseMs / n).toFixed(3), (loadMs / parseMs).toFixed(2));
  row(`all ${files.length} + import, total ms`, (importMs + firstMs + loadMs).toFixed(0));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
