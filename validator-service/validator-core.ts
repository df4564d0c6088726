/**
 * What the API and the MCP face share: turning a checked URL into an assessment with the configured
 * guard, deadline and layers. Refused targets and assessments that produced nothing become `ApiError`s.
 */
import { ApiError } from './api/api-error.ts';
import type { ValidatorConfig } from './config.ts';
import type { AssessOptions, Layer } from './layers/layer.ts';
import { raceSignal } from './layers/shared/deadline.ts';
import { SsrfBlockedError } from './net/errors.ts';
import { openAssessmentNetwork } from './net/assessment-network.ts';
import { createGuardedFetch } from './net/guarded-fetch.ts';
import { resolveTarget, systemResolver, type Resolver, type TargetPolicy } from './net/resolve-target.ts';
import type { Assessment } from './pipeline/assessment.ts';
import { LookupError, lookupAgent, type LookupRequest, type LookupResult } from './erc8004/lookup.ts';
import { runAssessment } from './pipeline/run-assessment.ts';
import type { HistoryStore } from './history/history-store.ts';
import { profileOf } from './report/profile.ts';

export interface CoreDeps {
  readonly config: ValidatorConfig;
  readonly layers: readonly Layer[];
  /** DNS resolver for the SSRF checks; the system resolver by default. */
  readonly resolve?: Resolver;
  /** Extra trusted CA (PEM) for outgoing TLS, e.g. a test CA. */
  readonly ca?: string;
  readonly now?: () => number;
  /** Where every finished assessment is stored (its id goes into the answer); none: not stored. */
  readonly history?: HistoryStore | null;
}

export interface AssessRequest {
  readonly url: URL;
  readonly timeoutMs: number | null;
  readonly options?: AssessOptions;
}

export interface ValidatorCore {
  readonly config: ValidatorConfig;
  /** Names of the layers that have an implementation. */
  readonly implementedLayers: readonly string[];
  /** The history store, or null when this core stores nothing. */
  readonly history: HistoryStore | null;
  /** Runs one assessment; throws `ApiError` 400 for a refused target, 504 when nothing finished in time. */
  assess(request: AssessRequest): Promise<Assessment>;
  /** ERC-8004 registry lookup; throws `ApiError` 400 (chain, refused RPC), 404 (agent), 502 (RPC node). */
  lookup(request: LookupRequest): Promise<LookupResult>;
}

const LOOKUP_STATUS: Readonly<Record<LookupError['kind'], number>> = {
  unknown_chain: 400,
  rpc_refused: 400,
  agent_not_found: 404,
  rpc_unreachable: 502,
  rpc_wrong_chain: 502,
  registry_missing: 502,
};

/** Builds the core from configuration and injected I/O. */
export function createValidatorCore(deps: CoreDeps): ValidatorCore {
  const { config } = deps;
  const policy: TargetPolicy = { allowList: config.allowList, resolve: deps.resolve ?? systemResolver };
  const networkOptions = {
    ...policy,
    maxBytes: config.fetchMaxBytes,
    timeoutMs: config.fetchTimeoutMs,
    ...(deps.ca ? { ca: deps.ca } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  };
  // Lookups (`/api/lookup`) use a fetch without a pool: a few RPC calls, no shared DNS answer needed.
  const fetch = createGuardedFetch({
    ...policy,
    maxBytes: config.fetchMaxBytes,
    timeoutMs: config.fetchTimeoutMs,
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  const implemented = deps.layers.map((l) => l.name);

  return {
    config,
    implementedLayers: implemented,
    history: deps.history ?? null,
    async assess(request) {
      const timeoutMs = Math.min(request.timeoutMs ?? config.defaultTimeoutMs, config.maxTimeoutMs);
      const assessment = await runAssessment(
        { url: request.url, timeoutMs, options: { ...request.options, ipfsGateway: config.ipfsGateway } },
        {
          layers: deps.layers,
          // One DNS answer and one connection pool for the whole assessment (net/assessment-network.ts).
          openNetwork: (dns) => openAssessmentNetwork({ ...networkOptions, dns }),
          beforeLayers: async (network) => {
            try {
              await raceSignal(resolveTarget(request.url, network.policy), undefined, {
                ms: Math.min(timeoutMs, 5_000),
                error: () => new Error('slow DNS'),
              });
            } catch (error) {
              if (error instanceof SsrfBlockedError)
                throw new ApiError(400, 'target_not_allowed', `url: ${error.message}`, 'url');
              // Slow or failing resolution is a finding of the layers (which re-check every address), not an
              // input error.
            }
          },
          ...(deps.now ? { now: deps.now } : {}),
        },
      );
      if (implemented.length > 0 && assessment.cutOff.length === implemented.length) {
        throw new ApiError(
          504,
          'deadline_exceeded',
          `No layer finished within the ${timeoutMs} ms deadline; try a larger timeout.`,
        );
      }
      const profiled = { ...assessment, profile: profileOf(assessment) };
      const stored = await deps.history?.save(profiled);
      return stored ? { id: stored.id, ...profiled } : profiled;
    },
    async lookup(request) {
      try {
        return await lookupAgent(request, {
          fetch,
          policy,
          ipfsGateway: config.ipfsGateway,
          timeoutMs: config.defaultTimeoutMs,
        });
      } catch (error) {
        if (!(error instanceof LookupError)) throw error;
        const code =
          error.kind === 'unknown_chain'
            ? 'invalid_field'
            : error.kind === 'rpc_refused'
              ? 'target_not_allowed'
              : error.kind;
        throw new ApiError(LOOKUP_STATUS[error.kind], code, error.message, error.field);
      }
    },
  };
}
