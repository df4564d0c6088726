/** The report formats of `toolkit assess`, by name; each formatter is loaded only when asked for. */
import type { Report } from './report-entry.ts';

export const REPORT_FORMATS = ['text', 'json', 'junit', 'sarif', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const RENDER: Readonly<Record<ReportFormat, () => Promise<(report: Report) => string>>> = {
  text: async () => (await import('./text-report.ts')).textReport,
  json: async () => (await import('./json-report.ts')).jsonReport,
  junit: async () => (await import('./junit-report.ts')).junitReport,
  sarif: async () => (await import('./sarif-report.ts')).sarifReport,
  markdown: async () => (await import('./markdown-report.ts')).markdownReport,
};

export async function renderReport(format: ReportFormat, report: Report): Promise<string> {
  return (await RENDER[format]())(report);
}
