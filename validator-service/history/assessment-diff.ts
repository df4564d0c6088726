/**
 * What changed between two stored assessments: the grade, each layer's status, the findings added
 * and removed (a finding is its layer, code and location; its wording may vary), and the facts that
 * moved (each layer's summary values, e.g. `mcp.eras`, `mcp.toolCount`, `mcp.serverCard`, and the
 * endpoint's kind). Timings are not facts: they move on every run.
 */
import type { LayerName, LayerStatus } from '../layers/layer.ts';
import { LAYER_NAMES } from '../pipeline/layer-names.ts';
import { findingsOf, type Finding } from '../report/findings.ts';
import { kindsOf } from '../report/profile.ts';
import type { StoredAssessment } from './history-store.ts';

export interface AssessmentDiff {
  readonly from: { readonly id: string; readonly startedAt: string; readonly grade: string };
  readonly to: { readonly id: string; readonly startedAt: string; readonly grade: string };
  readonly url: string;
  readonly sameUrl: boolean;
  readonly grade: { readonly from: string; readonly to: string; readonly changed: boolean };
  readonly layers: readonly { readonly layer: LayerName; readonly from: LayerStatus; readonly to: LayerStatus }[];
  readonly findings: { readonly added: readonly Finding[]; readonly removed: readonly Finding[] };
  readonly facts: readonly { readonly fact: string; readonly from: unknown; readonly to: unknown }[];
  /** True when anything above changed. */
  readonly changed: boolean;
}

const key = (f: Finding) => `${f.layer}\u0000${f.code}\u0000${f.location ?? ''}`;

/** Findings of `a` not matched in `b`, counting repeats (two identical findings need two). */
function missing(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  const left = new Map<string, number>();
  for (const f of b) left.set(key(f), (left.get(key(f)) ?? 0) + 1);
  return a.filter((f) => {
    const n = left.get(key(f)) ?? 0;
    if (n > 0) {
      left.set(key(f), n - 1);
      return false;
    }
    return true;
  });
}

const volatile = (name: string) => /Ms$/.test(name);

export function diffAssessments(from: StoredAssessment, to: StoredAssessment): AssessmentDiff {
  const a = from.assessment;
  const b = to.assessment;
  const layers = LAYER_NAMES.map((layer) => ({
    layer,
    from: a.layers[layer]?.status ?? 'not_detected',
    to: b.layers[layer]?.status ?? 'not_detected',
  })).filter((l) => l.from !== l.to);
  const fa = findingsOf(a);
  const fb = findingsOf(b);
  const facts: { fact: string; from: unknown; to: unknown }[] = [];
  const kindFrom = kindsOf(a)[0];
  const kindTo = kindsOf(b)[0];
  if (kindFrom !== kindTo) facts.push({ fact: 'kind', from: kindFrom, to: kindTo });
  for (const layer of LAYER_NAMES) {
    const sa = (a.layers[layer]?.summary ?? {}) as Record<string, unknown>;
    const sb = (b.layers[layer]?.summary ?? {}) as Record<string, unknown>;
    for (const name of [...new Set([...Object.keys(sa), ...Object.keys(sb)])].sort()) {
      if (volatile(name)) continue;
      if (JSON.stringify(sa[name] ?? null) !== JSON.stringify(sb[name] ?? null)) {
        facts.push({ fact: `${layer}.${name}`, from: sa[name] ?? null, to: sb[name] ?? null });
      }
    }
  }
  const added = missing(fb, fa);
  const removed = missing(fa, fb);
  return {
    from: { id: from.id, startedAt: from.startedAt, grade: a.grade },
    to: { id: to.id, startedAt: to.startedAt, grade: b.grade },
    url: b.url,
    sameUrl: a.url === b.url,
    grade: { from: a.grade, to: b.grade, changed: a.grade !== b.grade },
    layers,
    findings: { added, removed },
    facts,
    changed: a.grade !== b.grade || layers.length > 0 || added.length > 0 || removed.length > 0 || facts.length > 0,
  };
}
