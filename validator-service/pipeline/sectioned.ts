/**
 * The `/api/validate` shape: one section per layer (all nine, so `mcp`, `a2a`, `ui` and `oauth`
 * are always present) with `status`, `categories`, `summary` and structured `messages`.
 */
import type { RegistryStamp } from '../checks/registry.ts';
import type { LayerMessage, LayerName, LayerStatus } from '../layers/layer.ts';
import type { Assessment, Grade } from './assessment.ts';
import type { Profile } from '../report/profile.ts';
import { LAYER_NAMES } from './layer-names.ts';

export interface Section {
  readonly status: LayerStatus;
  readonly categories: Readonly<Record<string, boolean>>;
  readonly summary: Readonly<Record<string, unknown>>;
  readonly messages: readonly LayerMessage[];
}

export type SectionedResult = {
  readonly id?: string;
  readonly profile?: Profile;
  readonly url: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly grade: Grade;
  readonly checks: RegistryStamp;
} & { readonly [K in LayerName]: Section };

/** Maps a raw assessment to sections (drops `raw` and timing per layer). */
export function toSections(assessment: Assessment): SectionedResult {
  const sections = Object.fromEntries(
    LAYER_NAMES.map((name) => {
      const r = assessment.layers[name];
      return [name, { status: r.status, categories: r.categories, summary: r.summary, messages: r.messages }];
    }),
  ) as Record<LayerName, Section>;
  const { id, url, startedAt, durationMs, grade, checks, profile } = assessment;
  return {
    ...(id ? { id } : {}),
    url,
    startedAt,
    durationMs,
    grade,
    checks,
    ...(profile ? { profile } : {}),
    ...sections,
  };
}
