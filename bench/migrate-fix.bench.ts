/**
 * `toolkit migrate --fix` on a generated catalog with the wild catalogs' defects
 * (`bench/corpus/wild-defects.ts`, formats 1.x, 3.x and 4.x): how many files validate before and
 * after the repairs, per format and per defect, and what the fixer costs per file, next to what one
 * validation costs, measured in the same run so the ratio holds on a busy machine. The fixer's time
 * includes validating its result (and, for a result that still has errors, the file as found).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEEDS_A_PERSON, writeWildDefects, type DefectFile } from './corpus/wild-defects.ts';

const FILES = Number(process.env.FIX_BENCH_FILES ?? 300);

const { loadSchemaFile } = await import('../compiler/load/load-schema.ts');
const { fixSource } = await import('../compiler/migrate/fix/index.ts');

const dir = mkdtempSync(join(tmpdir(), 'migrate-fix-bench-'));
try {
  const files = writeWildDefects(dir, FILES);
  const valid = (file: DefectFile): boolean =>
    loadSchemaFile(join(dir, file.file), { cwd: dir }).diagnostics.every((d) => d.severity !== 'error');

  // Warm-up: ts-morph's start and the first scan are not a file's cost.
  fixSource(join(dir, files[0]!.file), readFileSync(join(dir, files[0]!.file), 'utf8'), { cwd: dir });

  let validateMs = 0;
  const before = files.map((file) => {
    const t = performance.now();
    const ok = valid(file);
    validateMs += performance.now() - t;
    return ok;
  });
  const fixMs: number[] = [];
  const statuses = files.map((file) => {
    const path = join(dir, file.file);
    const text = readFileSync(path, 'utf8');
    const t = performance.now();
    const result = fixSource(path, text, { cwd: dir });
    fixMs.push(performance.now() - t);
    if (result.status === 'fixed') writeFileSync(path, result.text);
    return result.status;
  });
  const after = files.map(valid);

  const pct = (n: number, of: number) => `${n}/${of} (${of === 0 ? 0 : Math.round((100 * n) / of)}%)`;
  const groups = (key: (f: DefectFile) => string) =>
    [...new Set(files.map(key))].map((name) => {
      const at = files.map((f, i) => (key(f) === name ? i : -1)).filter((i) => i >= 0);
      return { name, at };
    });
  const row = (label: string, at: number[]) => {
    const count = (list: boolean[]) => at.filter((i) => list[i]).length;
    const fixed = at.filter((i) => statuses[i] === 'fixed').length;
    const failed = at.filter((i) => statuses[i] === 'failed').length;
    console.log(
      `| ${label.padEnd(22)} | ${String(at.length).padStart(5)} | ${pct(count(before), at.length).padStart(14)} | ` +
        `${pct(count(after), at.length).padStart(14)} | ${String(fixed).padStart(5)} | ${String(failed).padStart(6)} |`,
    );
  };
  console.log(
    `files: ${files.length} (generated; ${files.filter((f) => NEEDS_A_PERSON.has(f.kind)).length} with defects that ` +
      `need a person)`,
  );
  console.log('| files                  | count | valid before   | valid after    | fixed | failed |');
  console.log('|------------------------|-------|----------------|----------------|-------|--------|');
  row(
    'all',
    files.map((_, i) => i),
  );
  for (const { name, at } of groups((f) => `format ${f.format}.x`)) row(name, at);
  for (const { name, at } of groups((f) => f.kind)) row(name, at);

  const sorted = [...fixMs].sort((a, b) => a - b);
  const mean = fixMs.reduce((a, b) => a + b, 0) / fixMs.length;
  const perValidate = validateMs / files.length;
  console.log('');
  console.log('| cost per file            |     ms |');
  console.log('|--------------------------|--------|');
  console.log(`| --fix, mean              | ${mean.toFixed(2).padStart(6)} |`);
  console.log(`| --fix, median            | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2).padStart(6)} |`);
  console.log(`| --fix, p95               | ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(2).padStart(6)} |`);
  console.log(`| validate (same files)    | ${perValidate.toFixed(2).padStart(6)} |`);
  console.log(`| --fix / validate         | ${(mean / perValidate).toFixed(2).padStart(6)} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
