/**
 * What an import did, for people (a summary, then each operation left out with its reason and each
 * warning) and as data (`--json`): operations found, imported and left out by reason, files
 * written, warnings.
 */
import type { ImportPlan } from './import-document.ts';
import type { FileChange } from './write-plan.ts';

export function reportData(plan: ImportPlan, changes: readonly FileChange[], written: boolean) {
  const byReason: Record<string, number> = {};
  for (const l of plan.leftOut) byReason[l.rule] = (byReason[l.rule] ?? 0) + 1;
  const count = (status: FileChange['status']) => changes.filter((c) => c.status === status).length;
  const counted = (severity: string) =>
    plan.files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === severity).length, 0);
  return {
    document: { title: plan.title, dialect: plan.dialect },
    namespace: plan.namespace,
    root: plan.root,
    outDir: plan.outDir,
    written,
    operations: {
      found: plan.found,
      notIncluded: plan.notIncluded,
      imported: plan.imported,
      leftOut: plan.leftOut.length,
      byReason,
    },
    files: {
      total: plan.files.length,
      new: count('new'),
      changed: count('changed'),
      unchanged: count('unchanged'),
      stale: count('stale'),
    },
    validation: { errors: counted('error'), warnings: counted('warning') },
    leftOut: plan.leftOut,
    warnings: plan.warnings,
    changes: changes.map((c) => ({ file: c.name, status: c.status, ...(c.diff ? { diff: c.diff } : {}) })),
    diagnostics: plan.files.flatMap((f) => f.diagnostics),
  };
}

export function reportText(
  plan: ImportPlan,
  changes: readonly FileChange[],
  written: boolean,
  shownDir: string,
): string {
  const data = reportData(plan, changes, written);
  const lines: string[] = [];
  for (const l of plan.leftOut)
    lines.push(`left out  ${l.rule}  ${l.operation}${l.operationId ? ` (${l.operationId})` : ''}: ${l.message}`);
  for (const w of plan.warnings) lines.push(`warning   ${w.rule}  ${w.operation}: ${w.message}`);
  for (const f of plan.files)
    for (const d of f.diagnostics)
      lines.push(`warning   ${d.rule}  ${shownDir}/${f.name}:${d.line}:${d.column}  ${d.message}`);
  const reasons = Object.entries(data.operations.byReason)
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  const { files } = data;
  const verb = written ? 'written' : 'would be written';
  lines.push(
    `${plan.found} operations found${plan.notIncluded ? ` (${plan.notIncluded} not in --include)` : ''}, ` +
      `${plan.imported} imported, ${plan.leftOut.length} left out${reasons ? ` (${reasons})` : ''}; ` +
      (
        `${files.total} files in ${shownDir}: ${files.new} new, ${files.changed} changed, ${files.unchanged} ` +
        `unchanged${files.stale ? `, ${files.stale} no longer in the document` : ''} ` +
        `${files.new + files.changed + files.stale > 0 ? verb : ''}`
      ).trimEnd() +
      `; ${plan.warnings.length + data.validation.warnings} ` +
      `warnings${!written && files.new + files.changed + files.stale > 0 ? ' (nothing written: add --write)' : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
