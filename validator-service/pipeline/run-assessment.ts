/**
 * Runs every layer concurrently under one overall deadline. A layer that throws becomes `fail` with
 * its message; a layer still running at the deadline is cut off (its signal aborts) and becomes
 * `fail`; a layer with no implementation yet is `not_detected`. Never throws for layer problems.
 * The pipeline opens what the assessment's layers share (`ctx.assessment`: pages, MCP conversation,
 * TLS facts, DNS answers) and the network over those DNS answers, and closes both when the layers end.
 */
import type {
  Fetch,
  Layer,
  LayerContext,
  LayerName,
  LayerOptions,
  LayerResult,
  LayerStatus,
  TlsInfo,
} from '../layers/layer.ts';
import { PIPE, pipeMessage, type Assessment, type Grade } from './assessment.ts';
import { LAYER_NAMES } from './layer-names.ts';
import { registryStamp } from '../checks/registry.ts';
import { raceSignal } from '../layers/shared/deadline.ts';
import { openAssessmentState, type AssessmentState } from '../layers/shared/assessment-state.ts';
import type { DnsAnswers } from '../net/assessment-network.ts';

export interface AssessmentInput {
  readonly url: URL;
  readonly timeoutMs: number;
  readonly options?: LayerOptions;
}

/** The network one assessment's layers use; `close()` (when there is one) runs after the last layer. */
export interface PipelineNetwork {
  readonly fetch: Fetch;
  readonly tlsInfo: (url: URL) => Promise<TlsInfo | null>;
  close?(): void;
}

export interface PipelineDeps<N extends PipelineNetwork = PipelineNetwork> {
  readonly layers: readonly Layer[];
  /** Opens the assessment's network over its DNS answers (`ctx.assessment.dns`). */
  readonly openNetwork: (dns: DnsAnswers) => N;
  /**
   * Runs before any layer, on the opened network (the service checks the target there, so the layers
   * reuse its DNS answer); what it throws is thrown by `runAssessment`, after the network is closed.
   */
  readonly beforeLayers?: (network: N) => Promise<void>;
  readonly now?: () => number;
}

const STATUSES: readonly LayerStatus[] = ['pass', 'fail', 'not_detected'];

class DeadlineReached extends Error {
  override readonly name = 'DeadlineReached';
}

/** Runs the assessment of one URL. */
export async function runAssessment<N extends PipelineNetwork>(
  input: AssessmentInput,
  deps: PipelineDeps<N>,
): Promise<Assessment> {
  // What the layers share, theirs for this assessment only, and the network over its DNS answers:
  // closed when every layer is done.
  const assessment = openAssessmentState();
  const network = deps.openNetwork(assessment.dns);
  try {
    await deps.beforeLayers?.(network);
    return await runLayers(input, deps, network, assessment);
  } finally {
    assessment.close();
    network.close?.();
  }
}

async function runLayers(
  input: AssessmentInput,
  deps: Pick<PipelineDeps, 'layers' | 'now'>,
  network: PipelineNetwork,
  assessment: AssessmentState,
): Promise<Assessment> {
  const now = deps.now ?? Date.now;
  const started = now();
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadlinePassed = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => {
      deadline.abort(new DeadlineReached(`assessment deadline of ${input.timeoutMs} ms passed`));
      resolve('deadline');
    }, input.timeoutMs);
  });

  const fetch: Fetch = (resource, init) =>
    network.fetch(resource, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal,
    });
  // One TLS handshake per origin and assessment, however many layers ask for its facts.
  const tlsInfo = (url: URL) => {
    let info = assessment.tls.get(url.origin);
    if (!info) {
      info = network.tlsInfo(url);
      assessment.tls.set(url.origin, info);
    }
    return raceSignal(info, deadline.signal);
  };
  const byName = new Map(deps.layers.map((layer) => [layer.name, layer]));
  const cutOff: LayerName[] = [];
  const notAssessed: LayerName[] = [];

  const results = await Promise.all(
    LAYER_NAMES.map(async (name): Promise<LayerResult> => {
      const layer = byName.get(name);
      if (!layer) {
        notAssessed.push(name);
        return {
          layer: name,
          status: 'not_detected',
          categories: {},
          summary: { assessed: false },
          raw: null,
          durationMs: 0,
          messages: [pipeMessage(PIPE.notAssessed, `The ${name} layer is not assessed by this build of the service.`)],
        };
      }
      const layerStarted = now();
      const ctx: LayerContext = {
        url: new URL(input.url.href),
        fetch,
        signal: deadline.signal,
        timeoutMs: Math.max(0, input.timeoutMs - (layerStarted - started)),
        tlsInfo,
        options: input.options ?? {},
        assessment,
      };
      try {
        const outcome = await Promise.race([Promise.resolve().then(() => layer.run(ctx)), deadlinePassed]);
        if (outcome === 'deadline') {
          cutOff.push(name);
          return {
            layer: name,
            status: 'fail',
            categories: {},
            summary: { cutOff: true },
            raw: null,
            durationMs: now() - layerStarted,
            messages: [pipeMessage(PIPE.cutOff, `The ${name} layer missed the ${input.timeoutMs} ms deadline.`)],
          };
        }
        return normalise(name, outcome, now() - layerStarted);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
          layer: name,
          status: 'fail',
          categories: {},
          summary: {},
          raw: { error: message },
          durationMs: now() - layerStarted,
          messages: [pipeMessage(PIPE.threw, `The ${name} layer failed: ${message}`)],
        };
      }
    }),
  );
  clearTimeout(timer);

  const layers = Object.fromEntries(results.map((r) => [r.layer, r])) as Record<LayerName, LayerResult>;
  const all = results.flatMap((r) => r.messages);
  const counts = {
    errors: all.filter((m) => m.severity === 'error').length,
    warnings: all.filter((m) => m.severity === 'warning').length,
    infos: all.filter((m) => m.severity === 'info').length,
  };
  const grade: Grade = counts.errors > 0 ? 'C' : counts.warnings > 0 ? 'B' : 'A';
  return {
    url: input.url.href,
    startedAt: new Date(started).toISOString(),
    durationMs: now() - started,
    timeoutMs: input.timeoutMs,
    grade,
    counts,
    notAssessed: LAYER_NAMES.filter((n) => notAssessed.includes(n)),
    cutOff: LAYER_NAMES.filter((n) => cutOff.includes(n)),
    layers,
    checks: registryStamp,
  };
}

/** Guards the result shape a layer returned, so one faulty layer cannot break the response. */
function normalise(name: LayerName, result: Omit<LayerResult, 'durationMs'>, durationMs: number): LayerResult {
  const valid = result && typeof result === 'object' && STATUSES.includes(result.status);
  if (!valid) {
    return {
      layer: name,
      status: 'fail',
      categories: {},
      summary: {},
      raw: null,
      durationMs,
      messages: [pipeMessage(PIPE.invalidResult, `The ${name} layer returned a result the pipeline cannot read.`)],
    };
  }
  return {
    layer: name,
    status: result.status,
    categories: result.categories ?? {},
    summary: result.summary ?? {},
    messages: Array.isArray(result.messages) ? result.messages : [],
    raw: result.raw ?? null,
    durationMs,
  };
}
