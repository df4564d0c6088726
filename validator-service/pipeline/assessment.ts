/** The shapes the pipeline produces: the raw assessment (`/api/assess`) and its parts. */
import type { RegistryStamp } from '../checks/registry.ts';
import { spec } from '../checks/spec-refs.ts';
import type { LayerMessage, LayerName, LayerResult } from '../layers/layer.ts';
import { check, type CodeEntry } from '../layers/shared/findings.ts';
import type { Profile } from '../report/profile.ts';

/** A–C like the reference: A no errors or warnings, B warnings only, C any error. */
export type Grade = 'A' | 'B' | 'C';

export interface Assessment {
  /** The id it is stored under in the service's history (its permalink is `/r/<id>`); absent when not stored. */
  readonly id?: string;
  /** The endpoint's kind and what the grade means for it (`report/profile.ts`); set by the service. */
  readonly profile?: Profile;
  /** The URL as parsed (normalised by WHATWG URL rules). */
  readonly url: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** The overall deadline that applied, in ms. */
  readonly timeoutMs: number;
  readonly grade: Grade;
  readonly counts: { readonly errors: number; readonly warnings: number; readonly infos: number };
  /** Layers this build runs without; they appear as `not_detected` with a `PIPE-003` message. */
  readonly notAssessed: readonly LayerName[];
  /** Layers stopped at the deadline; they appear as `fail` with a `PIPE-002` message. */
  readonly cutOff: readonly LayerName[];
  /** One result per layer, always all nine, in `LAYER_NAMES` order. */
  readonly layers: Readonly<Record<LayerName, LayerResult>>;
  /** The check registry the messages' codes come from (`GET /api/checks`). */
  readonly checks: RegistryStamp;
}

const pipeline = spec.validator('POST /api/assess: pipeline message codes', '#post-apiassess');

/** Pipeline message codes (stable), with their severity. */
export const pipelineCodes = {
  'PIPE-001': check('error', 'the layer failed unexpectedly (its message is kept)', pipeline),
  'PIPE-002': check('error', 'the layer was cut off at the assessment deadline', pipeline),
  'PIPE-003': check('info', 'the layer is not assessed by this build', pipeline),
  'PIPE-004': check('error', 'the layer returned a result the pipeline cannot read', pipeline),
} as const satisfies Record<string, CodeEntry>;

export type PipelineCode = keyof typeof pipelineCodes;

export const PIPE = {
  threw: 'PIPE-001',
  cutOff: 'PIPE-002',
  notAssessed: 'PIPE-003',
  invalidResult: 'PIPE-004',
} as const satisfies Record<string, PipelineCode>;

/** A pipeline message; its severity comes from the table. */
export const pipeMessage = (code: PipelineCode, message: string): LayerMessage => ({
  code,
  severity: pipelineCodes[code].severity,
  message,
  location: null,
});
