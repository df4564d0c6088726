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

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Host name → every address it resolves to. Injected in tests to simulate hostile DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), asking for both families. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * The Fetch standard's "bad ports": ports of other protocols (SMTP, SSH, IRC, printers, …) that
 * browsers and Node's own fetch never send HTTP to, so a request cannot be smuggled into them.
 * Public endpoints are only assessed on other ports; an allowlisted host:port is exempt.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

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
  const port = effectivePort(url);
  const allowed = policy.allowList.allows(url.hostname, port);
  if (!allowed && BAD_PORTS.has(port)) {
    throw new SsrfBlockedError(
      `refused to contact port ${port} of ${url.hostname}: it belongs to a protocol other than HTTP, and browsers ` +
        `and fetch refuse it too`,
    );
  }
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
      throw new SsrfBlockedError(
        `refused to contact ${answer.address}${via}: ${reason} addresses are not allowed ` +
          `(VALIDATOR_ALLOW_HOSTS=${url.hostname}:${port} allows it, for local testing)`,
      );
    }
  }
  return answers[0]!;
}
