/**
 * Endpoint domain verification: `https://{domain}/.well-known/agent-registration.json` must list this
 * agent (`agentRegistry` = `eip155:<chain>:<identity registry>` and `agentId`). Not needed for the
 * domain that serves the registration file itself, nor for the OASF entry (a schema, not the agent's).
 * At most three domains per lookup.
 */
import type { Fetch } from '../layers/layer.ts';
import type { Findings } from '../layers/shared/findings.ts';
import { classifyNetworkError } from '../layers/shared/network-error.ts';
import { readBodyText } from '../layers/shared/read-body.ts';
import type { ErcCode } from './codes.ts';
import { readRegistrations, type RegistrationEntry, type Service } from './registration-file.ts';

export interface DomainProof {
  readonly origin: string;
  readonly url: string;
  readonly verified: boolean;
  readonly reason: string | null;
}

export interface AgentRef {
  readonly chainId: number;
  readonly registry: string;
  readonly agentId: string;
}

export const matches = (entry: RegistrationEntry, agent: AgentRef) =>
  entry.agentId === agent.agentId &&
  entry.chainId === agent.chainId &&
  entry.registry.toLowerCase() === agent.registry.toLowerCase();

/** Reads `<origin>/.well-known/agent-registration.json`: its registrations, or why not. */
export async function readWellKnown(
  origin: string,
  deps: { fetch: Fetch; signal: AbortSignal },
  findings: Findings<ErcCode>,
): Promise<{
  url: string;
  entries: RegistrationEntry[] | null;
  reason: string | null;
  file: Record<string, unknown> | null;
}> {
  const url = `${origin}/.well-known/agent-registration.json`;
  try {
    const response = await deps.fetch(url, { headers: { accept: 'application/json' }, signal: deps.signal });
    const { text } = await readBodyText(response, 256 * 1024);
    if (response.status !== 200) return { url, entries: null, reason: `answered ${response.status}`, file: null };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { url, entries: null, reason: 'not JSON', file: null };
    }
    if (
      json === null ||
      typeof json !== 'object' ||
      Array.isArray(json) ||
      !Array.isArray((json as Record<string, unknown>)['registrations'])
    ) {
      return { url, entries: null, reason: 'no registrations list', file: null };
    }
    return {
      url,
      entries: readRegistrations((json as Record<string, unknown>)['registrations'], url, findings),
      reason: null,
      file: json as Record<string, unknown>,
    };
  } catch (error) {
    return { url, entries: null, reason: `request failed (${classifyNetworkError(error).kind})`, file: null };
  }
}

/** Checks the domains of `services` (other than `primaryOrigin`). */
export async function verifyDomains(
  services: readonly Service[],
  agent: AgentRef,
  primaryOrigin: string | null,
  deps: { fetch: Fetch; signal: AbortSignal },
  findings: Findings<ErcCode>,
): Promise<DomainProof[]> {
  const origins = [
    ...new Set(
      services
        .filter((s) => s.name !== 'OASF')
        .flatMap((s) => {
          try {
            const u = new URL(s.endpoint);
            return /^https?:$/.test(u.protocol) ? [u.origin] : [];
          } catch {
            return [];
          }
        }),
    ),
  ]
    .filter((o) => o !== primaryOrigin)
    .slice(0, 3);
  return Promise.all(
    origins.map(async (origin) => {
      const { url, entries, reason } = await readWellKnown(origin, deps, findings);
      const verified = entries?.some((e) => matches(e, agent)) ?? false;
      if (verified) findings.add('ERC-021', `${origin} confirms the agent in ${url}.`, url);
      else
        findings.add(
          'ERC-022',
          `${origin} does not confirm the agent: ${reason ?? 'its agent-registration.json does not list this agent'}.`,
          url,
        );
      return { origin, url, verified, reason: verified ? null : (reason ?? 'does not list this agent') };
    }),
  );
}
