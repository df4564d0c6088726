/**
 * Renders diagnostics: one line per finding for people (`file:line:col  RULE  message  (doc link)`),
 * and JSON for machines. Rendering is kept apart from the data so every caller prints the same way.
 */
import { counted } from '../../runtime/counted.ts';
import type { Diagnostic } from './diagnostic.ts';

/** Where every rule id is explained with its fix (the rule reference of the format documentation). */
export const ruleDocLink = (rule: string): string => `docs/schema-format.md#${rule.toLowerCase()}`;

/** `file:line:col  RULE  message  (docs/schema-format.md#rule)`, with `warning` marked after the rule id. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
  const mark = d.severity === 'error' ? '' : ` ${d.severity}`;
  return `${where}  ${d.rule}${mark}  ${d.message}  (${ruleDocLink(d.rule)})`;
}

/** Every diagnostic, one line each, in the order given. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join('');
}

/** Counts for the summary line. */
export function countSeverities(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors += 1;
    else if (d.severity === 'warning') warnings += 1;
  }
  return { errors, warnings };
}

/** `N schemas, N errors, N warnings`: always this shape, so scripts can match it. */
export function formatSummary(schemas: number, diagnostics: readonly Diagnostic[]): string {
  const { errors, warnings } = countSeverities(diagnostics);
  return `${counted(schemas, 'schema')}, ${counted(errors, 'error')}, ${counted(warnings, 'warning')}`;
}

/** Stable JSON for `--json`: diagnostics as data, keys in a fixed order. */
export function formatJson(report: { schemas: number; diagnostics: readonly Diagnostic[] }): string {
  const { errors, warnings } = countSeverities(report.diagnostics);
  const diagnostics = report.diagnostics.map(({ rule, severity, message, file, line, column }) => ({
    rule,
    severity,
    message,
    file,
    line,
    column,
  }));
  return `${JSON.stringify({ schemas: report.schemas, errors, warnings, diagnostics }, null, 2)}\n`;
}
