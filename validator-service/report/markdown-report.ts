/**
 * `--format markdown`: a pull request comment. Per URL a heading with grade and kind, the profile's
 * summary, a table of layers and the findings at the threshold; infos folded away. Text from the
 * endpoint is escaped (Markdown punctuation, HTML) and flattened to one line, so a hostile endpoint
 * cannot shape the comment.
 */
import { counted } from '../../runtime/counted.ts';
import { LAYER_NAMES, LAYER_TITLES } from '../pipeline/layer-names.ts';
import type { Finding } from './findings.ts';
import type { Report, ReportEntry } from './report-entry.ts';
import { oneLine } from './text-report.ts';

/** Untrusted text as inert Markdown: one line, every Markdown and HTML punctuation escaped. */
export const mdText = (text: string, max = 300): string =>
  oneLine(text, max).replace(/[\\`*_{}[\]<>#|~!&:@]/g, (c) => `\\${c}`);

const ICON: Readonly<Record<string, string>> = { pass: '✅ pass', fail: '❌ fail', not_detected: '➖ not detected' };
const SEVERITY: Readonly<Record<string, string>> = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info' };

const findingRow = (f: Finding) =>
  `| ${SEVERITY[f.severity]} | \`${f.code}\` | ${mdText(f.title, 120)} | ${mdText(f.message)}` +
  `${f.location ? ` (${mdText(f.location, 200)})` : ''} |`;

/** The Markdown of one entry (also served for a stored result, `/api/assessments/<id>?format=markdown`). */
export function markdownEntry(entry: ReportEntry, failOn: Report['failOn']): string {
  const a = entry.assessment;
  const out: string[] = [];
  out.push(`### ${entry.passed ? '✅' : '❌'} Grade ${a.grade} · ${entry.profile.label} · ${mdText(a.url, 500)}`, '');
  out.push(mdText(entry.profile.summary, 600), '');
  out.push('| Layer | Status | Errors | Warnings |', '|---|---|---|---|');
  for (const layer of LAYER_NAMES) {
    const r = a.layers[layer];
    const n = (s: string) => r.messages.filter((m) => m.severity === s).length;
    out.push(`| ${LAYER_TITLES[layer]} | ${ICON[r.status] ?? r.status} | ${n('error')} | ${n('warning')} |`);
  }
  out.push('');
  const issues = entry.findings.filter((f) => f.severity !== 'info');
  if (issues.length > 0) {
    out.push('| Severity | Code | Check | Finding |', '|---|---|---|---|', ...issues.map(findingRow), '');
  }
  for (const n of entry.profile.notes) out.push(`> **Note** \`${n.code}\`: ${n.note}.`, '');
  const infos = entry.findings.filter((f) => f.severity === 'info');
  if (infos.length > 0) {
    out.push(`<details><summary>${counted(infos.length, 'info finding')}</summary>`, '');
    out.push(
      '| Severity | Code | Check | Finding |',
      '|---|---|---|---|',
      ...infos.map(findingRow),
      '',
      '</details>',
      '',
    );
  }
  const tail = [
    `${counted(a.counts.errors, 'error')}, ${counted(a.counts.warnings, 'warning')}`,
    `fails on ${failOn}`,
    `checks ${a.checks.version}`,
    `${a.durationMs} ms`,
  ];
  if (entry.permalink) tail.push(`[stored result](${entry.permalink})`);
  out.push(`<sub>${tail.join(' · ')}</sub>`, '');
  return out.join('\n');
}

export function markdownReport(report: Report): string {
  const failed = report.entries.filter((e) => !e.passed).length;
  const head = `## Agent endpoint assessment: ${report.entries.length - failed} of ${report.entries.length} passed`;
  return `${[head, '', ...report.entries.map((e) => markdownEntry(e, report.failOn))].join('\n')}\n`;
}
