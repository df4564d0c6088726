/** `--format json`: the threshold, the overall verdict and each raw assessment with its profile. */
import { reportPassed, type Report } from './report-entry.ts';

export function jsonReport(report: Report): string {
  return `${JSON.stringify(
    {
      failOn: report.failOn,
      passed: reportPassed(report),
      assessments: report.entries.map((e) => ({
        ...e.assessment,
        profile: e.profile,
        passed: e.passed,
        ...(e.permalink ? { permalink: e.permalink } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}
