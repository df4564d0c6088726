/**
 * `toolkit migrate --fix` for one schema source: a format 1.x file is first made format 3, then each
 * fixer (`index.ts`) plans its edits on the AST of the current text and they are applied; the result
 * is validated by the full front end as if it were the file on disk. What is still an error is listed
 * as unfixable (with its rule), beside what the fixers recognised but could not repair. Nothing is
 * written here; a result is `failed` (and must not be written) when the repairs would leave an error
 * the file did not have, or a format 1.x file still half in its old shape (MIG003).
 */
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { loadSchemaFile, type LoadSchemaOptions } from '../../load/load-schema.ts';
import { nodeFileSystem, type FileSystem } from '../../load/file-system.ts';
import { detectFormat } from '../conversion.ts';
import { NotConvertible, withSchemaAst } from '../schema-ast.ts';
import { applyEdits } from '../source-edits.ts';
import { joinDeletions, type Fixer, type FixerNote, type FixPlan } from './fixer.ts';
import { planFormat1 } from './format-1.ts';
import { format1Leftovers } from './format-1-tool-keys.ts';
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
  /**
   * `fixed`: `text` differs from the input; `unchanged`: nothing to repair; `skipped`: not a schema
   * the fixers read (see `reason`); `failed`: the repairs went wrong (see `reason`), `text` must not
   * be written.
   */
  readonly status: 'fixed' | 'unchanged' | 'skipped' | 'failed';
  readonly text: string;
  /** One line per edit. */
  readonly changes: readonly string[];
  /** What the repairs change in what the schema does or how clients see it (MIG002), one line each. */
  readonly behaviour: readonly string[];
  /** Errors left after the fixes, and what the fixers could not repair. */
  readonly unfixable: readonly Unfixable[];
  readonly reason?: string;
}

export interface FixOptions extends LoadSchemaOptions {
  /** The fixers to run (default: every one of `index.ts`, in its order). */
  readonly fixers?: readonly Fixer[];
}

export function fixSource(file: string, text: string, options: FixOptions = {}): FixResult {
  let current = text;
  const changes: string[] = [];
  const notes: FixerNote[] = [];
  const behaviour: string[] = [];
  const apply = (plan: FixPlan | undefined): void => {
    if (!plan) return;
    current = applyEdits(current, joinDeletions(plan.edits));
    changes.push(...plan.edits.map((e) => e.note));
    // A format 1.x file meets the format 1.x fixers twice (converting, then as 3.x): each note once.
    for (const note of plan.notes ?? [])
      if (!notes.some((n) => n.rule === note.rule && n.message === note.message)) notes.push(note);
    behaviour.push(...(plan.behaviour ?? []));
  };
  const skipped = (reason: string): FixResult => ({
    file,
    status: 'skipped',
    text,
    changes: [],
    behaviour: [],
    unfixable: [],
    reason,
  });
  let wasFormat1: boolean;
  try {
    const format1 = planFormat1(file, current);
    wasFormat1 = format1 !== undefined;
    apply(format1);
    const format = withSchemaAst(file, current, (ast) => detectFormat(ast.value.version));
    if (format === 2) return skipped('format 2.0.0: `toolkit migrate` converts it to 3.x first');
    // Each fixer plans on the text the previous ones left; the AST is parsed again only when one changed it.
    const list = options.fixers ?? fixers;
    let next = 0;
    while (next < list.length) {
      withSchemaAst(file, current, (ast) => {
        while (next < list.length) {
          const plan = list[next++]!.plan(ast);
          apply(plan);
          if (plan.edits.length > 0) return;
        }
      });
    }
  } catch (error) {
    if (error instanceof NotConvertible) return skipped(error.message);
    // A fixer that fails (a bug, or a form it did not foresee) leaves the file as it is.
    const reason = `a repair failed (${error instanceof Error ? error.message : String(error)}): nothing written`;
    return {
      file,
      status: 'failed',
      text,
      changes: [],
      behaviour: [],
      reason,
      unfixable: [{ rule: 'MIG003', message: reason, file, line: 0, column: 0 }],
    };
  }
  const disk = options.fs ?? nodeFileSystem();
  const errorsOf = (content: string): Diagnostic[] => {
    const overlay: FileSystem = { ...disk, readText: (path) => (path === file ? content : disk.readText(path)) };
    const { fixers: _, ...load } = options;
    return loadSchemaFile(file, { ...load, fs: overlay }).diagnostics.filter((d) => d.severity === 'error');
  };
  const errors = errorsOf(current);
  const unfixable: Unfixable[] = [
    ...notes.map((n) => ({ rule: n.rule, message: n.message, file, line: 0, column: 0 })),
    ...errors.map((d) => ({ rule: d.rule, message: d.message, file: d.file, line: d.line, column: d.column })),
  ];
  const result = { file, text: current, changes, behaviour, unfixable };
  if (current === text) return { ...result, status: 'unchanged' };
  const refused = refusal(file, current, errors, wasFormat1 ? undefined : () => errorsOf(text));
  if (!refused) return { ...result, status: 'fixed' };
  return {
    ...result,
    status: 'failed',
    reason: refused,
    unfixable: [{ rule: 'MIG003', message: refused, file, line: 0, column: 0 }, ...unfixable],
  };
}

/**
 * Why the repaired text must not be written, if it must not: a format 1.x file (no `errorsBefore`)
 * that still has keys of its old shape (half converted), or, for 3.x and 4.x files, whose findings
 * before the repairs can be compared, an error of a rule the file as found did not break.
 */
function refusal(
  file: string,
  repaired: string,
  errors: readonly Diagnostic[],
  errorsBefore: (() => Diagnostic[]) | undefined,
): string | undefined {
  if (!errorsBefore) {
    const leftovers = withSchemaAst(file, repaired, (ast) => format1Leftovers(ast));
    if (leftovers.length > 0)
      return (
        `the repairs would leave it half converted (format 1.x ${leftovers.join(', ')} still there): ` +
        `nothing written`
      );
  }
  if (errors.length === 0 || !errorsBefore) return undefined;
  const found = errorsBefore();
  const before = new Set(found.map((d) => d.rule));
  // Values that could not be read (PAR002) could not be judged: their rules show once they are
  // literals. Then only what no unreadable value hides counts: syntax, the scan, the handler map.
  const masked = before.has('PAR002');
  const counts = (rule: string): boolean => !masked || /^(PAR|SEC)/.test(rule) || rule === 'VAL006';
  const added = errors.filter((d) => !before.has(d.rule) && counts(d.rule));
  if (added.length === 0) return undefined;
  return (
    `the repairs would add ${[...new Set(added.map((d) => d.rule))].join(', ')} (${added[0]!.message}), which ` +
    `the file as found did not have: nothing written`
  );
}
