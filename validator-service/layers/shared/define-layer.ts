/**
 * Builds a `Layer` whose whole result passes through secret redaction, so no layer can forget it.
 */
import type { Layer, LayerContext, LayerName, LayerResult } from '../layer.ts';
import { redactDeep } from './redact.ts';

/** A layer named `name` running `run`, with its result redacted. */
export function defineLayer(name: LayerName, run: (ctx: LayerContext) => Promise<Omit<LayerResult, 'durationMs'>>): Layer {
  return { name, run: async (ctx) => redactDeep(await run(ctx)) };
}
