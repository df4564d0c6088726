/**
 * The layer tests reach their peers through the production network path: the SSRF-guarded fetch
 * and TLS probe of `validator-service/net/`, with the system resolver and loopback allowlisted,
 * trusting the test CA when one is given. Certificate verification always stays on.
 */
import type { Layer, LayerContext, LayerResult } from '../../../validator-service/layers/layer.ts';
import { openAssessmentState } from '../../../validator-service/layers/shared/assessment-state.ts';
import {
  createGuardedFetch,
  createTlsInfo,
  parseAllowList,
  systemResolver,
} from '../../../validator-service/net/index.ts';

export interface ProbeOptions {
  /** PEM of a CA to trust in addition to the system store. */
  readonly ca?: string;
}

/** A LayerContext for `url` with the service's guarded fetch and TLS probe. */
export function testContext(
  url: string | URL,
  options: ProbeOptions & { timeoutMs?: number; signal?: AbortSignal } = {},
): LayerContext {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const network = {
    allowList: parseAllowList('127.0.0.1,localhost'),
    resolve: systemResolver,
    timeoutMs,
    ...(options.ca ? { ca: options.ca } : {}),
  };
  return {
    url: new URL(url),
    fetch: createGuardedFetch(network),
    signal: options.signal ?? AbortSignal.timeout(timeoutMs),
    timeoutMs,
    tlsInfo: createTlsInfo(network),
    options: {},
    // The state one assessment's layers share: a context's own, as the pipeline gives each assessment.
    assessment: openAssessmentState(),
  };
}

/** Runs a layer and adds its wall time, as the pipeline does. */
export async function runLayer(layer: Layer, ctx: LayerContext): Promise<LayerResult> {
  const started = performance.now();
  const result = await layer.run(ctx);
  return { ...result, durationMs: Math.round(performance.now() - started) };
}

/** The codes of a result's messages, for compact assertions. */
export const codes = (result: Pick<LayerResult, 'messages'>) => result.messages.map((m) => m.code);
