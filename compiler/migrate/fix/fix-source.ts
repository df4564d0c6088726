/**
 * `toolkit migrate --fix` for one schema source: a format 1.x file is first made format 3, then each
 * fixer (`index.ts`) plans its edits on the AST of the current text and they are applied; the result
 * is validated by the full front end as if it were the file on disk. What is still an error is listed
 * as unfixable (with its rule), beside what the fixers recognised but could not repair. Nothing is
 * written here.
 */
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { loadSchemaFile, type LoadSchemaOptions } from '../../load/load-schema.ts';
import { nodeFileSystem, type FileSystem } from '../../load/file-system.ts';
import { detectFormat } from '../conversion.ts';
import { NotConvertible, withSchemaAst } from '../schema-ast.ts';
import { applyEdits } from '../source-edits.ts';
import type { FixerNote } from './fixer.ts';
import { planFormat1 } from './format-1.ts';
import { fixers } from './index.ts';

/** A defect left for a person: a validator finding, or a fixer's note (no location). */
export interface Unfixable {
  readonly rule: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface FixResult {
  readonly file: string;
  /** `fixed`: `text` differs from the input; `unchanged`: nothing to repair; `skipped`: not a schema the fixers read (see `reason`). */
  readonly status: 'fixed' | 'unchanged' | 'skipped';
  readonly text: string;
  /** One line per edit. */
  readonly changes: readonly string[];
  /** Errors left after the fixes, and what the fixers could not repair. */
  readonly unfixable: readonly Unfixable[];
  readonly reason?: string;
}

export function fixSource(file: string, text: string, options: LoadSchemaOptions = {}): FixResult {
  let current = text;
  const changes: string[] = [];
  const notes: FixerNote[] = [];
  const apply = (plan: { edits: { start: number; end: number; text: string; note: string }[]; notes?: FixerNote[] } | undefined): void => {
    if (!plan) return;
    current = applyEdits(current, plan.edits);
    changes.push(...plan.edits.map((e) => e.note));
    notes.push(...(plan.notes ?? []));
  };
  try {
    apply(planFormat1(file, current));
    const format = withSchemaAst(file, current, (ast) => detectFormat(ast.value.version));
    if (format === 2) return { file, status: 'skipped', text, changes: [], unfixable: [], reason: 'format 2.0.0: `toolkit migrate` converts it to 3.x first' };
    for (const fixer of fixers) apply(withSchemaAst(file, current, (ast) => fixer.plan(ast)));
  } catch (error) {
    if (error instanceof NotConvertible) return { file, status: 'skipped', text, changes: [], unfixable: [], reason: error.message };
    throw error;
  }
  const disk = options.fs ?? nodeFileSystem();
  const overlay: FileSystem = { ...disk, readText: (path) => (path === file ? current : disk.readText(path)) };
  const { diagnostics } = loadSchemaFile(file, { ...options, fs: overlay });
  const errors = diagnostics.filter((d: Diagnostic) => d.severity === 'error');
  const unfixable: Unfixable[] = [
    ...notes.map((n) => ({ rule: n.rule, message: n.message, file, line: 0, column: 0 })),
    ...errors.map((d) => ({ rule: d.rule, message: d.message, file: d.file, line: d.line, column: d.column })),
  ];
  return { file, status: current === text ? 'unchanged' : 'fixed', text: current, changes, unfixable };
}
