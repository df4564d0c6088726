/**
 * Resolves a URL's host (A and AAAA) and checks every answer before anything connects, returning the
 * one address the socket will then use, so a DNS answer cannot change between check and connect.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AllowList } from './allow-list.ts';
import { SsrfBlockedError } from './errors.ts';
import { blockedReason } from './ip-policy.ts';
import { bareHost, effectivePort } from './target-url.ts';

export interface ResolvedAddress { readonly address: string; readonly family: 4 | 6 }

/** Host name → every address it resolves to. Injected in tests to simulate hostile DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), asking for both families. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface TargetPolicy {
  readonly allowList: AllowList;
  readonly resolve: Resolver;
}

/**
 * The checked address to connect to for `url`. Throws `SsrfBlockedError` when the host (or ANY of
 * its addresses) is not public, unless the host is on the allowlist; DNS failures propagate as is.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const allowed = policy.allowList.allows(url.hostname, effectivePort(url));
  const literal = isIP(host);
  const answers: readonly ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await policy.resolve(host);
  if (answers.length === 0) throw new Error(`${host} did not resolve to any address`);
  if (!allowed) {
    for (const answer of answers) {
      const reason = blockedReason(answer.address);
      if (reason === null) continue;
      const via = literal ? '' : ` (resolved from ${host})`;
      throw new SsrfBlockedError(`refused to contact ${answer.address}${via}: ${reason} addresses are not allowed`);
    }
  }
  return answers[0]!;
}
