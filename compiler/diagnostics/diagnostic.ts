/**
 * A finding of the compiler, as data. Rendering lives in `format.ts`; rule ids and their meaning
 * live in `rules.ts` (the manifest). Every diagnostic names a rule that the manifest knows.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable rule id, e.g. `VAL011`, `SEC003`, `RES012`. */
  readonly rule: string;
  readonly severity: Severity;
  readonly message: string;
  /** File the finding is in (as given by the caller, usually relative to the cwd). */
  readonly file: string;
  /** 1-based line; 0 when the finding is about the file as a whole. */
  readonly line: number;
  /** 1-based column; 0 when the finding is about the file as a whole. */
  readonly column: number;
}

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === 'error');
