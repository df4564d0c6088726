/**
 * The network of one assessment: the guarded fetch and the TLS probe, sharing
 *  - one DNS answer per host name: asked once, then every request of the assessment checks and uses
 *    that same answer (so a host also cannot change its addresses half-way through, DNS rebinding);
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

/** How many full-size responses one assessment may read in total. */
export const ASSESSMENT_BUDGET_FACTOR = 4;

/** A resolver that asks `resolve` once per host name (failures included) for as long as it lives. */
export function memoResolver(resolve: Resolver): Resolver {
  const answers = new Map<string, ReturnType<Resolver>>();
  return (hostname) => {
    let answer = answers.get(hostname);
    if (!answer) {
      answer = resolve(hostname);
      answers.set(hostname, answer);
    }
    return answer;
  };
}

/** Opens the network of one assessment. */
export function openAssessmentNetwork(
  options: Omit<GuardedFetchOptions, 'agents' | 'budget'> & { readonly now?: () => number },
): AssessmentNetwork {
  const policy: TargetPolicy = { allowList: options.allowList, resolve: memoResolver(options.resolve) };
  const pools = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  let closed = false;
  // After close (a layer cut off at the deadline may still be finishing), requests get no pool.
  const agents = { agentFor: (secure: boolean) => (closed ? undefined : secure ? pools.https : pools.http) };
  const { now, ...fetchOptions } = options;
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
