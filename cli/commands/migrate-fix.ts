/**
 * `toolkit migrate --fix [--write] <file|dir…>`: repairs the mechanical defects real schema files
 * carry (`compiler/migrate/fix/`), printing a unified diff of each repaired file (a repair that
 * changes behaviour says so in the diff header, MIG002); files are written only with `--write`, and
 * never when the repairs failed (MIG003). What cannot be repaired mechanically is listed per file
 * with its rule. Exit 1 when any file still has an error (or could not be read as a schema, or
 * could not be repaired), 0 otherwise.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { EXIT } from '../exit-codes.ts';
import type { FixResult } from '../../compiler/migrate/fix/index.ts';
import { counted } from '../../runtime/counted.ts';

export interface MigrateFixRun {
  readonly files: readonly string[];
  readonly write: boolean;
  readonly json: boolean;
  readonly diff: boolean;
  readonly allowedLibraries: readonly string[];
  readonly cwd: string;
  readonly stdout: Writable;
}

export async function runMigrateFix(run: MigrateFixRun): Promise<number> {
  const { stdout } = run;
  const { fixSource } = await import('../../compiler/migrate/fix/index.ts');
  const { createTwoFilesPatch } = await import('diff');
  const results: FixResult[] = [];
  for (const file of run.files) {
    const before = readFileSync(file, 'utf8');
    const result = fixSource(file, before, { allowedLibraries: run.allowedLibraries, cwd: run.cwd });
    results.push(result);
    // Only a result that validated as an improvement is written (a failed one is reported, never written).
    if (result.status === 'fixed' && run.write) writeWhole(file, result.text);
    if (run.json) continue;
    if (result.status === 'skipped') {
      stdout.write(`${file}: skipped (${result.reason})\n`);
      continue;
    }
    if (result.status === 'failed') stdout.write(`${file}: not fixed: ${result.reason}\n`);
    if (result.status === 'fixed') {
      if (run.diff)
        stdout.write(
          withBehaviourHeader(
            createTwoFilesPatch(
              file,
              file,
              before,
              result.text,
              'as found',
              result.behaviour.length > 0 ? 'fixed, changes behaviour' : 'fixed',
            ),
            result.behaviour,
          ),
        );
      stdout.write(`${file}: ${run.write ? 'fixed' : 'would fix'} (${counted(result.changes.length, 'change')})\n`);
      for (const change of result.changes) stdout.write(`  - ${change}\n`);
      for (const line of result.behaviour) stdout.write(`  ! MIG002 changes behaviour: ${line}\n`);
    }
    if (result.unfixable.length > 0) {
      stdout.write(`${file}: ${counted(result.unfixable.length, 'defect')} cannot be fixed mechanically:\n`);
      for (const u of result.unfixable)
        stdout.write(`  ${u.line > 0 ? `${u.file}:${u.line}:${u.column}  ` : ''}${u.rule}  ${u.message}\n`);
    }
  }
  const count = (status: string) => results.filter((r) => r.status === status).length;
  const withDefects = results.filter((r) => r.unfixable.length > 0).length;
  if (run.json) {
    stdout.write(
      `${JSON.stringify(
        {
          write: run.write,
          total: results.length,
          fixed: count('fixed'),
          unchanged: count('unchanged'),
          skipped: count('skipped'),
          failed: count('failed'),
          withDefects,
          results: results.map((r) => ({
            file: r.file,
            status: r.status,
            changes: r.changes,
            behaviour: r.behaviour,
            unfixable: r.unfixable,
            reason: r.reason ?? null,
            text: r.status === 'fixed' ? r.text : null,
          })),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const verb = run.write ? 'fixed' : 'would be fixed';
    const failed = count('failed') > 0 ? `, ${count('failed')} not fixed (nothing written)` : '';
    stdout.write(
      `${results.length} schemas: ${count('fixed')} ${verb}, ${count('unchanged')} unchanged, ${count('skipped')} ` +
        `skipped${failed}, ${withDefects} with defects left to fix by ` +
        `hand${run.write || count('fixed') === 0 ? '' : ' (nothing written: add --write to apply)'}\n`,
    );
  }
  return withDefects > 0 || count('skipped') > 0 || count('failed') > 0 ? EXIT.failed : EXIT.ok;
}

/** A repair that changes behaviour says so in its diff header, one `# MIG002` line per change before `---`. */
function withBehaviourHeader(patch: string, behaviour: readonly string[]): string {
  if (behaviour.length === 0) return patch;
  const at = patch.indexOf('\n--- ') + 1;
  return (
    `${patch.slice(0, at)}${behaviour.map((line) => `# MIG002 changes behaviour: ${line}\n`).join('')}` +
    `${patch.slice(at)}`
  );
}

/** Replaces `file` whole (a temporary file beside it, renamed over it): never a half-written schema. */
function writeWhole(file: string, text: string): void {
  const temp = `${file}.${process.pid}.fix-tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}
