/**
 * An assessment's messages as findings for reports: each with its layer, code, severity, the check
 * registry's title and requirement link, and whether it reaches a CI threshold (`--fail-on`).
 */
import { checkRegistry, type CheckEntry } from '../checks/registry.ts';
import type { LayerName, MessageSeverity } from '../layers/layer.ts';
import type { Assessment } from '../pipeline/assessment.ts';
import { LAYER_NAMES } from '../pipeline/layer-names.ts';

export interface Finding {
  readonly layer: LayerName;
  readonly code: string;
  readonly severity: MessageSeverity;
  /** The registry's title of the code (the code itself when the registry does not know it). */
  readonly title: string;
  readonly message: string;
  readonly location: string | null;
  /** The requirement's link, when the document has one. */
  readonly helpUrl: string | null;
}

/** `error`: only errors fail; `warning`: warnings fail too. */
export type FailOn = 'error' | 'warning';

export const FAIL_ON: readonly FailOn[] = ['error', 'warning'];

const byCode: ReadonlyMap<string, CheckEntry> = new Map(checkRegistry.checks.map((c) => [c.code, c]));

/** The registry entry of a code, if any. */
export const checkOf = (code: string): CheckEntry | undefined => byCode.get(code);

/** Every message of the assessment, in layer order. */
export function findingsOf(assessment: Assessment): Finding[] {
  return LAYER_NAMES.flatMap((layer) =>
    (assessment.layers[layer]?.messages ?? []).map((m): Finding => {
      const entry = byCode.get(m.code);
      return {
        layer,
        code: m.code,
        severity: m.severity,
        title: entry?.title ?? m.code,
        message: m.message,
        location: m.location,
        helpUrl: entry?.specRequirement.url ?? null,
      };
    }),
  );
}

/** True when a finding of this severity fails the run at the threshold. */
export function failsAt(severity: MessageSeverity, failOn: FailOn): boolean {
  return severity === 'error' || (failOn === 'warning' && severity === 'warning');
}

/** True when the assessment passes the threshold. */
export function passes(assessment: Assessment, failOn: FailOn): boolean {
  return assessment.counts.errors === 0 && (failOn === 'error' || assessment.counts.warnings === 0);
}
