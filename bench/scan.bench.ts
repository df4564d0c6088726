/**
 * Cost of the AST security scan next to the parse it needs, on 500 generated schemas. Both columns
 * are measured in one run so the ratio is meaningful on a busy machine; the first schema is shown
 * apart because ts-morph's start-up dominates it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSchemas } from './support/generate-schemas.ts';
import { forget, parseModule } from '../compiler/parse/source-file.ts';
import { scanSourceFile } from '../compiler/scan/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'scan-bench-'));
try {
  const files = generateSchemas(dir, 500).filter((f) => f.includes('providers'));
  const texts = files.map((f) => readFileSync(f, 'utf8'));

  let start = performance.now();
  const first = parseModule(files[0]!, texts[0]!);
  const firstParse = performance.now() - start;
  start = performance.now();
  const firstFindings = scanSourceFile(first, { file: files[0]! }).length;
  const firstScan = performance.now() - start;
  forget(first);

  let parseMs = 0;
  let scanMs = 0;
  let findings = firstFindings;
  for (let i = 1; i < texts.length; i++) {
    let t = performance.now();
    const source = parseModule(files[i]!, texts[i]!);
    parseMs += performance.now() - t;
    t = performance.now();
    findings += scanSourceFile(source, { file: files[i]! }).length;
    scanMs += performance.now() - t;
    forget(source);
  }
  const n = texts.length - 1;
  const row = (label: string, parse: number, scan: number) =>
    `| ${label.padEnd(28)} | ${parse.toFixed(3).padStart(9)} | ${scan.toFixed(3).padStart(9)} | ` +
    `${(scan / parse).toFixed(2).padStart(10)} |`;
  console.log(`schemas: ${texts.length}, findings: ${findings} (generated schemas are clean)`);
  console.log('| case                         |  parse ms |   scan ms | scan/parse |');
  console.log('|------------------------------|-----------|-----------|------------|');
  console.log(row('first schema', firstParse, firstScan));
  console.log(row(`per schema (next ${n})`, parseMs / n, scanMs / n));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
