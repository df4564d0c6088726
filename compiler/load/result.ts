/** The `{ status, messages, diagnostics }` shape every public entry point returns. */
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';

export interface ValidationResult {
  /** True when there is no error (warnings allowed). */
  readonly status: boolean;
  /** One human line per diagnostic (`file:line:col  RULE  message`). */
  readonly messages: string[];
  readonly diagnostics: Diagnostic[];
}

/** Diagnostics in reading order: file, line, column, then rule id, so output is deterministic. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...diagnostics]
    .sort(
      (a, b) =>
        cmp(a.file, b.file) ||
        a.line - b.line ||
        a.column - b.column ||
        cmp(a.rule, b.rule) ||
        cmp(a.message, b.message),
    )
    .filter((d) => {
      const key = `${d.file}\u0000${d.line}\u0000${d.column}\u0000${d.rule}\u0000${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function toResult(diagnostics: readonly Diagnostic[]): ValidationResult {
  const sorted = sortDiagnostics(diagnostics);
  return { status: !hasErrors(sorted), messages: sorted.map(formatDiagnostic), diagnostics: sorted };
}
