/**
 * The ERC-8004 layer: does the endpoint's domain publish `/.well-known/agent-registration.json`, and
 * does the on-chain registration it names (read with the same lookup as `/api/lookup`, RPC nodes from
 * the assessment's `erc8004.rpcNodes` or the chain defaults) list this endpoint? Not detected without
 * a well-known registration.
 */
import { CHAINS, registriesOf } from '../api/chains.ts';
import { ercCodes, type ErcCode } from '../erc8004/codes.ts';
import { LookupError, lookupAgent, type LookupResult } from '../erc8004/lookup.ts';
import { readWellKnown } from '../erc8004/well-known-proof.ts';
import type { Layer, LayerContext, LayerResult } from './layer.ts';
import { requestSignal } from './shared/deadline.ts';
import { defineLayer } from './shared/define-layer.ts';
import { Findings } from './shared/findings.ts';

type Result = Omit<LayerResult, 'durationMs'>;

const none = {
  hasWellKnownRegistration: false,
  hasErc8004Registration: false,
  isErc8004OnChainVerified: false,
  isErc8004SpecCompliant: false,
  hasOnChainReputation: false,
  listsThisEndpoint: false,
};

const rpcNodesOf = (options: LayerContext['options']): Readonly<Record<string, string>> => {
  const nodes = options.erc8004?.rpcNodes;
  return nodes && typeof nodes === 'object' ? nodes : {};
};

async function run(ctx: LayerContext): Promise<Result> {
  const findings = new Findings(ercCodes);
  const signal = requestSignal(ctx);
  // The chain client (viem) loads only for a registration to look up: most endpoints publish none.
  const known = await readWellKnown(ctx.url.origin, { fetch: ctx.fetch, signal }, findings);
  if (known.entries === null) {
    if (known.reason === 'no registrations list') {
      findings.add('ERC-029', `${known.url} has no registrations list.`, known.url);
      return {
        layer: 'erc8004',
        status: 'fail',
        categories: { ...none, hasWellKnownRegistration: true },
        summary: {},
        messages: findings.messages,
        raw: { wellKnown: known },
      };
    }
    findings.add('ERC-025', `No ERC-8004 registration for ${ctx.url.origin}: ${known.url} ${known.reason}.`, known.url);
    return {
      layer: 'erc8004',
      status: 'not_detected',
      categories: none,
      summary: {},
      messages: findings.messages,
      raw: { wellKnown: known },
    };
  }
  if (known.entries.length === 0) {
    findings.add('ERC-029', `${known.url} lists no usable registration.`, known.url);
    return {
      layer: 'erc8004',
      status: 'fail',
      categories: { ...none, hasWellKnownRegistration: true },
      summary: {},
      messages: findings.messages,
      raw: { wellKnown: known },
    };
  }
  const entry = known.entries[0]!;
  findings.add(
    'ERC-024',
    `${known.url} names agent ${entry.agentId} in eip155:${entry.chainId}:${entry.registry}` +
      `${known.entries.length > 1 ? ` (and ${known.entries.length - 1} more)` : ''}.`,
    known.url,
  );
  const chain = CHAINS.find((c) => c.id === entry.chainId);
  let lookup: LookupResult | null = null;
  if (!chain) {
    findings.add(
      'ERC-027',
      `Chain ${entry.chainId} is not one the validator can read (known: ${CHAINS.map((c) => c.id).join(', ')}).`,
      known.url,
    );
  } else if (registriesOf(chain).identity.toLowerCase() !== entry.registry.toLowerCase()) {
    findings.add(
      'ERC-029',
      `The registration names registry ${entry.registry}; the ERC-8004 Identity Registry on ${chain.name} is ` +
        `${registriesOf(chain).identity}.`,
      known.url,
    );
  } else {
    try {
      lookup = await lookupAgent(
        { agentId: entry.agentId, chainId: entry.chainId, rpcNodes: rpcNodesOf(ctx.options) },
        {
          fetch: ctx.fetch,
          ipfsGateway: ctx.options.ipfsGateway ?? 'https://ipfs.io',
          timeoutMs: Math.max(1, ctx.timeoutMs * 0.8),
          signal: ctx.signal,
        },
      );
      for (const m of lookup.messages) findings.add(m.code as ErcCode, m.message, m.location);
      const listed = lookup.endpoints.some((e) => {
        try {
          return new URL(e.endpoint).origin === ctx.url.origin;
        } catch {
          return false;
        }
      });
      if (!listed)
        findings.add(
          'ERC-026',
          `Agent ${entry.agentId}'s registration lists no endpoint on ${ctx.url.origin}: the well-known claim is not ` +
            `confirmed on chain.`,
          known.url,
        );
    } catch (error) {
      if (!(error instanceof LookupError)) throw error;
      findings.add(
        'ERC-027',
        `On-chain lookup of agent ${entry.agentId} on ${chain.name} failed: ${error.message}`,
        known.url,
      );
    }
  }
  const listsThisEndpoint = lookup !== null && !findings.has('ERC-026');
  return {
    layer: 'erc8004',
    status: findings.verdict(),
    categories: {
      hasWellKnownRegistration: true,
      hasErc8004Registration: lookup !== null,
      isErc8004OnChainVerified: lookup?.categories['isOnChainVerified'] ?? false,
      isErc8004SpecCompliant: lookup?.categories['isSpecCompliant'] ?? false,
      hasOnChainReputation: lookup?.categories['hasOnChainReputation'] ?? false,
      listsThisEndpoint,
    },
    summary: lookup
      ? { agentId: lookup.agentId, ...lookup.summary }
      : { agentId: entry.agentId, chain: chain ? `${chain.name} (${chain.id})` : `eip155:${entry.chainId}` },
    messages: findings.messages,
    raw: { wellKnown: known, lookup },
  };
}

/** The ERC-8004 layer. */
export const erc8004Layer: Layer = defineLayer('erc8004', run);
