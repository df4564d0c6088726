/**
 * The network of one assessment: the guarded fetch and the TLS probe, sharing
 *  - one DNS answer per host name, kept in the assessment's state (`ctx.assessment.dns`, given here by
 *    the pipeline): asked once, then every request of the assessment checks and uses that same answer
 *    (so a host also cannot change its addresses half-way through, DNS rebinding);
 *  - keep-alive connection pools, keyed by the checked address, so sequential requests to an
 *    endpoint (the MCP handshake, then its lists, then its calls) reuse one connection and its TLS
 *    session instead of a new handshake each.
 *  - one byte budget: all responses together may be at most `ASSESSMENT_BUDGET_FACTOR` times the
 *    per-response cap, so an endpoint cannot make one assessment read (and report) without end,
 *    e.g. with twenty pages of listings per list, each at the per-response cap.
 * Every request is still checked against the address policy and the allowlist as before.
 * `close()` ends every pooled connection when the assessment is over.
 */
import http from 'node:http';
import https from 'node:https';
import type { Fetch, TlsInfo } from '../layers/layer.ts';
import { byteBudget, createGuardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts';
import type { Resolver, TargetPolicy } from './resolve-target.ts';
import { createTlsInfo } from './tls-info.ts';

export interface AssessmentNetwork {
  readonly fetch: Fetch;
  readonly tlsInfo: (url: URL) => Promise<TlsInfo | null>;
  /** The policy with the assessment's DNS memo, for checks made outside the fetch. */
  readonly policy: TargetPolicy;
  /** Destroys every pooled connection (idle or not). */
  close(): void;
}

/** The DNS answers of one assessment: host name → its addresses (or the failure), asked once. */
export type DnsAnswers = Map<string, ReturnType<Resolver>>;

/** How many full-size responses one assessment may read in total. */
export const ASSESSMENT_BUDGET_FACTOR = 4;

/** A resolver that asks `resolve` once per host name (failures included), keeping the answers in `answers`. */
export function memoResolver(resolve: Resolver, answers: DnsAnswers): Resolver {
  return (hostname) => {
    let answer = answers.get(hostname);
    if (!answer) {
      answer = resolve(hostname);
      answers.set(hostname, answer);
    }
    return answer;
  };
}

/** The options of one assessment's network: the guard's, and where the assessment keeps its DNS answers. */
export type AssessmentNetworkOptions = Omit<GuardedFetchOptions, 'agents' | 'budget'> & {
  readonly dns: DnsAnswers;
  readonly now?: () => number;
};

/** Opens the network of one assessment over its DNS answers. */
export function openAssessmentNetwork(options: AssessmentNetworkOptions): AssessmentNetwork {
  const { now, dns, ...fetchOptions } = options;
  const policy: TargetPolicy = { allowList: options.allowList, resolve: memoResolver(options.resolve, dns) };
  const pools = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  let closed = false;
  // After close (a layer cut off at the deadline may still be finishing), requests get no pool.
  const agents = { agentFor: (secure: boolean) => (closed ? undefined : secure ? pools.https : pools.http) };
  return {
    fetch: createGuardedFetch({
      ...fetchOptions,
      ...policy,
      agents,
      budget: byteBudget(ASSESSMENT_BUDGET_FACTOR * (options.maxBytes ?? 2 * 1024 * 1024)),
    }),
    tlsInfo: createTlsInfo({
      ...policy,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.ca !== undefined ? { ca: options.ca } : {}),
      ...(now ? { now } : {}),
    }),
    policy,
    close() {
      closed = true;
      pools.http.destroy();
      pools.https.destroy();
    },
  };
}
