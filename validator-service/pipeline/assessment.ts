/** The shapes the pipeline produces: the raw assessment (`/api/assess`) and its parts. */
import type { LayerMessage, LayerName, LayerResult } from '../layers/layer.ts';

/** A–C like the reference: A no errors or warnings, B warnings only, C any error. */
export type Grade = 'A' | 'B' | 'C';

export interface Assessment {
  /** The URL as parsed (normalised by WHATWG URL rules). */
  readonly url: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** The overall deadline that applied, in ms. */
  readonly timeoutMs: number;
  readonly grade: Grade;
  readonly counts: { readonly errors: number; readonly warnings: number; readonly infos: number };
  /** Layers without an implementation yet; they appear as `not_detected` with a `PIPE-003` message. */
  readonly notAssessed: readonly LayerName[];
  /** Layers stopped at the deadline; they appear as `fail` with a `PIPE-002` message. */
  readonly cutOff: readonly LayerName[];
  /** One result per layer, always all eight, in `LAYER_NAMES` order. */
  readonly layers: Readonly<Record<LayerName, LayerResult>>;
}

/** Pipeline message codes (stable). */
export const PIPE = {
  threw: 'PIPE-001',
  cutOff: 'PIPE-002',
  notAssessed: 'PIPE-003',
  invalidResult: 'PIPE-004',
} as const;

export const pipeMessage = (code: string, severity: LayerMessage['severity'], message: string): LayerMessage =>
  ({ code, severity, message, location: null });
