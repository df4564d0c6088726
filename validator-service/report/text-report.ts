/** The readable report of `toolkit assess`: per URL its kind and grade, one line per layer, the findings. */
import { LAYER_NAMES } from '../pipeline/layer-names.ts';
import type { Report } from './report-entry.ts';
import { counted } from '../../runtime/counted.ts';

const STATUS: Readonly<Record<string, string>> = { pass: 'pass', fail: 'FAIL', not_detected: 'not detected' };

/** One line of untrusted text: control characters and line breaks become spaces. */
export const oneLine = (text: string, max = 300): string => {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function textReport(report: Report): string {
  const out: string[] = [];
  for (const entry of report.entries) {
    const { assessment: a, profile } = entry;
    out.push(`${a.url}  grade ${a.grade}  ${profile.label}  (${a.durationMs} ms, checks ${a.checks.version})`);
    out.push(`  ${oneLine(profile.summary, 400)}`);
    for (const layer of LAYER_NAMES) {
      const r = a.layers[layer];
      const issues = r.messages.filter((m) => m.severity !== 'info').length;
      out.push(
        (
          `  ${layer.padEnd(9)} ` +
          `${(STATUS[r.status] ?? r.status).padEnd(13)}${issues ? counted(issues, 'issue') : ''}`
        ).trimEnd(),
      );
    }
    const shown = entry.findings.filter((f) => f.severity !== 'info');
    for (const f of shown) {
      out.push(
        `  ${f.severity.padEnd(7)} ${f.code.padEnd(9)} ${oneLine(f.title, 120)}: ` +
          `${oneLine(f.message)}${f.location ? ` (${oneLine(f.location, 200)})` : ''}`,
      );
    }
    for (const n of profile.notes) out.push(`  note    ${n.code.padEnd(9)} ${n.note}`);
    if (entry.permalink) out.push(`  result: ${entry.permalink}`);
    out.push(
      `  ${entry.passed ? 'passed' : 'FAILED'} at --fail-on ${report.failOn} (${counted(a.counts.errors, 'error')}, ` +
        `${counted(a.counts.warnings, 'warning')})`,
    );
    out.push('');
  }
  const failed = report.entries.filter((e) => !e.passed).length;
  out.push(
    `${counted(report.entries.length, 'endpoint')}: ${report.entries.length - failed} passed, ${failed} failed ` +
      `(--fail-on ${report.failOn})`,
  );
  return `${out.join('\n')}\n`;
}
