/** One assessed URL as the report formats see it: the assessment, its profile, and whether it passed. */
import type { Assessment } from '../pipeline/assessment.ts';
import { failsAt, findingsOf, passes, type FailOn, type Finding } from './findings.ts';
import { profileOf, type Profile } from './profile.ts';

export interface ReportEntry {
  readonly assessment: Assessment;
  readonly profile: Profile;
  readonly findings: readonly Finding[];
  /** Findings at or above the threshold. */
  readonly failing: readonly Finding[];
  readonly passed: boolean;
  /** Where the stored result can be opened, when a service stored it. */
  readonly permalink?: string | undefined;
}

export interface Report {
  readonly failOn: FailOn;
  readonly entries: readonly ReportEntry[];
}

/** Builds the entry of one assessment at a threshold. */
export function reportEntry(assessment: Assessment, failOn: FailOn, permalink?: string): ReportEntry {
  const findings = findingsOf(assessment);
  return {
    assessment,
    profile: profileOf(assessment),
    findings,
    failing: findings.filter((f) => failsAt(f.severity, failOn)),
    passed: passes(assessment, failOn),
    ...(permalink ? { permalink } : {}),
  };
}

/** True when every entry passed. */
export const reportPassed = (report: Report): boolean => report.entries.every((e) => e.passed);
