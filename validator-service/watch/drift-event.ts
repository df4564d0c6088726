/**
 * A drift event: a watched endpoint's grade or findings changed between two consecutive stored
 * assessments. It names both assessments (their permalinks), the grade, the layers whose status
 * moved and the findings added and removed (from `history/assessment-diff.ts`), and how its webhook
 * delivery went. Facts that moved alone (a tool count, timings) are no drift: the diff shows them.
 */
import { randomBytes } from 'node:crypto';
import type { AssessmentDiff } from '../history/assessment-diff.ts';

/** What happened to the event's webhook POST. */
export type WebhookDelivery =
  | { readonly status: 'delivered'; readonly httpStatus: number; readonly at: string }
  | { readonly status: 'failed' | 'refused'; readonly message: string; readonly at: string };

export interface DriftEvent {
  readonly id: string;
  readonly url: string;
  /** When the drift was seen (the second assessment was stored). */
  readonly at: string;
  readonly from: AssessmentDiff['from'];
  readonly to: AssessmentDiff['to'];
  readonly grade: AssessmentDiff['grade'];
  readonly layers: AssessmentDiff['layers'];
  readonly findings: AssessmentDiff['findings'];
  /** Null while no webhook is configured or its POST has not finished. */
  readonly delivery: WebhookDelivery | null;
}

/** True when the diff is a drift: the grade, a layer's status or a finding changed. */
export const isDrift = (diff: AssessmentDiff): boolean =>
  diff.grade.changed || diff.layers.length > 0 || diff.findings.added.length > 0 || diff.findings.removed.length > 0;

/** The event for a diff that is a drift (see `isDrift`). */
export function driftEvent(diff: AssessmentDiff, at: Date): DriftEvent {
  return {
    id: randomBytes(12).toString('base64url'),
    url: diff.url,
    at: at.toISOString(),
    from: diff.from,
    to: diff.to,
    grade: diff.grade,
    layers: diff.layers,
    findings: diff.findings,
    delivery: null,
  };
}
