/**
 * The ERC-8004 registry lookup with viem: chain and RPC node (a caller's `rpcNodes` entry, else the
 * chain's default), `eth_chainId` + `ownerOf` + `tokenURI` in one JSON-RPC batch on the chain's
 * Identity Registry, the registration file behind the agent URI, its validation and OASF
 * classification, reputation (`getClients`, then `getSummary` over those clients), and each endpoint
 * domain's `/.well-known/agent-registration.json` proof. Every HTTP request, RPC included, goes
 * through the SSRF-guarded fetch.
 */
import type { Address, createPublicClient } from 'viem';
import { CHAINS, chainForKey, registriesOf, type Chain } from '../api/chains.ts';
import { registryStamp, type RegistryStamp } from '../checks/registry.ts';
import type { Fetch, LayerMessage, LayerStatus } from '../layers/layer.ts';
import { Findings } from '../layers/shared/findings.ts';
import { SsrfBlockedError } from '../net/errors.ts';
import { resolveTarget, type TargetPolicy } from '../net/resolve-target.ts';
import { retrieveRegistration, type UriKind } from './agent-uri.ts';
import { ercCodes, type ErcCode } from './codes.ts';
import { validateRegistration, type RegistrationFacts } from './registration-file.ts';
import { verifyDomains, type DomainProof } from './well-known-proof.ts';
import { isObject } from '../../runtime/is-object.ts';
import { counted } from '../../runtime/counted.ts';

const IDENTITY_ABI = [
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
] as const;
const REPUTATION_ABI = [
  'function getClients(uint256 agentId) view returns (address[])',
  'function getSummary(uint256 agentId, address[] clientAddresses, string tag1, string tag2) view returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals)',
] as const;

/** viem and the parsed ABIs, loaded on the first lookup: viem is about a thousand modules, which an
 * assessment without an ERC-8004 registration (and every `toolkit assess` start) should not load. */
async function loadViem() {
  const viem = await import('viem');
  return { viem, identityAbi: viem.parseAbi(IDENTITY_ABI), reputationAbi: viem.parseAbi(REPUTATION_ABI) };
}
let viemLoaded: ReturnType<typeof loadViem> | undefined;
const viemOnce = () => (viemLoaded ??= loadViem());

/** Loads the lookup's client library ahead of a lookup (a service at start, the layer while it fetches). */
export const loadLookupClient = async (): Promise<void> => void (await viemOnce());
type ReputationAbi = Awaited<ReturnType<typeof loadViem>>['reputationAbi'];

export interface LookupRequest {
  readonly agentId: string;
  readonly chainId: number;
  /** Chain alias, id or `eip155:<id>` → RPC URL (a caller's URLs pass the SSRF checks). */
  readonly rpcNodes: Readonly<Record<string, string>>;
}

export interface LookupDeps {
  readonly fetch: Fetch;
  /** When given, a caller's RPC URL is checked before any request (the guarded fetch refuses it anyway). */
  readonly policy?: TargetPolicy;
  /** Gateway for `ipfs://` agent URIs, e.g. `https://ipfs.io`. */
  readonly ipfsGateway: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export type LookupErrorKind =
  | 'unknown_chain'
  | 'agent_not_found'
  | 'rpc_unreachable'
  | 'rpc_refused'
  | 'rpc_wrong_chain'
  | 'registry_missing';

/** A lookup that cannot produce a result; the API maps `kind` to a status. */
export class LookupError extends Error {
  override readonly name = 'LookupError';
  constructor(
    readonly kind: LookupErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface Reputation {
  readonly clientCount: number;
  readonly feedbackCount: number;
  /** Average feedback value as a decimal string, e.g. `89.885`. */
  readonly averageValue: string | null;
  readonly summaryValue: string | null;
  readonly valueDecimals: number | null;
}

export interface LookupResult {
  readonly agentId: string;
  readonly chainId: number;
  readonly chain: {
    readonly id: number;
    readonly caip2: string;
    readonly name: string;
    readonly alias: string;
    readonly testnet: boolean;
  };
  readonly registries: { readonly identity: Address; readonly reputation: Address };
  /** The RPC node used, as origin only (paths often carry API keys). */
  readonly rpc: { readonly origin: string; readonly source: 'rpcNodes' | 'default' };
  readonly owner: Address;
  readonly agentUri: string;
  readonly uriKind: UriKind;
  readonly registrationUrl: string | null;
  readonly registration: Record<string, unknown> | null;
  readonly endpoints: readonly {
    readonly name: string;
    readonly endpoint: string;
    readonly version: string | null;
    readonly domainVerified: boolean | null;
  }[];
  readonly oasf: RegistrationFacts['oasf'];
  readonly reputation: Reputation | null;
  readonly domainProofs: readonly DomainProof[];
  readonly status: LayerStatus;
  readonly categories: Readonly<Record<string, boolean>>;
  readonly summary: Readonly<Record<string, unknown>>;
  readonly messages: readonly LayerMessage[];
  /** JSON-RPC calls made (batched into fewer HTTP requests) and HTTP requests to the RPC node. */
  readonly rpcCalls: number;
  readonly rpcRequests: number;
  readonly durationMs: number;
  /** The check registry the messages' codes come from. */
  readonly checks: RegistryStamp;
}

function formatFixed(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/(?<!0)0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function classify(error: unknown): 'revert' | 'no-data' | 'network' | 'refused' | 'other' {
  if (error instanceof SsrfBlockedError) return 'refused';
  const chain: unknown[] = [];
  for (let e: unknown = error, i = 0; e && i < 10; e = (e as { cause?: unknown }).cause, i++) chain.push(e);
  if (chain.some((e) => e instanceof SsrfBlockedError || (e as { code?: unknown }).code === 'SSRF_BLOCKED'))
    return 'refused';
  const names = chain.map((e) => (e as { name?: string }).name ?? '');
  if (names.includes('ContractFunctionZeroDataError')) return 'no-data';
  if (names.includes('ContractFunctionRevertedError')) return 'revert';
  if (
    names.some(
      (n) => n === 'HttpRequestError' || n === 'TimeoutError' || n === 'GuardedFetchError' || n === 'AbortError',
    )
  )
    return 'network';
  const text = chain
    .map((e) => `${(e as { message?: string }).message ?? ''} ${JSON.stringify((e as { data?: unknown }).data ?? '')}`)
    .join(' ');
  if (/revert|0x08c379a0|execution reverted/i.test(text)) return 'revert';
  return 'other';
}

/** viem's errors carry a one-line `shortMessage`; others their message. */
const shortMessage = (error: unknown) => {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  const text = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 200);
};

/** The chain and RPC URL for a request. */
export function resolveChainAndRpc(request: Pick<LookupRequest, 'chainId' | 'rpcNodes'>): {
  chain: Chain;
  rpcUrl: string;
  source: 'rpcNodes' | 'default';
  field: string | null;
} {
  const chain = CHAINS.find((c) => c.id === request.chainId);
  if (!chain)
    throw new LookupError(
      'unknown_chain',
      `chainId: unknown chain ${request.chainId} (known: ${CHAINS.map((c) => `${c.id} (${c.alias})`).join(', ')})`,
      'chainId',
    );
  const entry = Object.entries(request.rpcNodes).find(([key]) => chainForKey(key)?.id === chain.id);
  return entry
    ? { chain, rpcUrl: entry[1], source: 'rpcNodes', field: `rpcNodes.${entry[0]}` }
    : { chain, rpcUrl: chain.defaultRpc, source: 'default', field: null };
}

/** Looks up one agent. Throws `LookupError` when there is no agent to report on. */
export async function lookupAgent(request: LookupRequest, deps: LookupDeps): Promise<LookupResult> {
  // Loaded before the lookup's own time budget starts.
  const { viem, identityAbi, reputationAbi } = await viemOnce();
  const started = performance.now();
  const { chain, rpcUrl, source, field } = resolveChainAndRpc(request);
  const rpcOrigin = new URL(rpcUrl).origin;
  if (source === 'rpcNodes' && deps.policy) {
    try {
      await resolveTarget(new URL(rpcUrl), deps.policy);
    } catch (error) {
      if (error instanceof SsrfBlockedError)
        throw new LookupError('rpc_refused', `${field}: ${error.message}`, field ?? 'rpcNodes');
      throw new LookupError(
        'rpc_unreachable',
        `The RPC node ${rpcOrigin} of ${chain.name} could not be resolved: ${shortMessage(error)}`,
      );
    }
  }
  // AbortSignal.timeout throws on a fractional delay, and callers derive theirs from budgets (80 % of
  // what is left of a deadline), so it is rounded here rather than trusted to be whole.
  const timeoutMs = Math.max(1, Math.ceil(deps.timeoutMs));
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(deps.signal ? [deps.signal] : [])]);
  let rpcCalls = 0;
  let rpcRequests = 0;
  const transport = viem.http(rpcUrl, {
    batch: { wait: 0 },
    retryCount: 0,
    timeout: timeoutMs,
    fetchFn: async (input, init) => {
      rpcRequests += 1;
      const body = typeof init?.body === 'string' ? init.body : '';
      rpcCalls += body.trimStart().startsWith('[') ? (JSON.parse(body) as unknown[]).length : 1;
      return deps.fetch(input instanceof Request ? input.url : input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
      });
    },
  });
  const client = viem.createPublicClient({ transport });
  const registries = registriesOf(chain);
  const agentId = BigInt(request.agentId);

  const [chainIdOutcome, ownerOutcome, uriOutcome] = await Promise.allSettled([
    client.getChainId(),
    client.readContract({ address: registries.identity, abi: identityAbi, functionName: 'ownerOf', args: [agentId] }),
    client.readContract({ address: registries.identity, abi: identityAbi, functionName: 'tokenURI', args: [agentId] }),
  ]);
  if (chainIdOutcome.status === 'rejected') {
    const kind = classify(chainIdOutcome.reason);
    if (kind === 'refused')
      throw new LookupError(
        'rpc_refused',
        `${field ?? 'rpc'}: ${shortMessage(chainIdOutcome.reason)}`,
        field ?? undefined,
      );
    throw new LookupError(
      'rpc_unreachable',
      `The RPC node ${rpcOrigin} for ${chain.name} (${chain.id}) did not answer: ` +
        `${shortMessage(chainIdOutcome.reason)}`,
    );
  }
  if (chainIdOutcome.value !== chain.id) {
    throw new LookupError(
      'rpc_wrong_chain',
      `The RPC node ${rpcOrigin} serves chain ${chainIdOutcome.value}, not ${chain.name} (${chain.id}).`,
      field ?? undefined,
    );
  }
  for (const outcome of [ownerOutcome, uriOutcome]) {
    if (outcome.status === 'fulfilled') continue;
    const kind = classify(outcome.reason);
    if (kind === 'revert')
      throw new LookupError(
        'agent_not_found',
        `Agent ${request.agentId} is not registered in the Identity Registry ${registries.identity} on ${chain.name} ` +
          `(${chain.id}).`,
      );
    if (kind === 'no-data')
      throw new LookupError(
        'registry_missing',
        `No ERC-8004 Identity Registry answers at ${registries.identity} on ${chain.name} (${chain.id}) through ` +
          `${rpcOrigin}.`,
      );
    throw new LookupError(
      'rpc_unreachable',
      `The RPC node ${rpcOrigin} failed while reading agent ${request.agentId}: ${shortMessage(outcome.reason)}`,
    );
  }
  const owner = (ownerOutcome as PromiseFulfilledResult<Address>).value;
  const agentUri = (uriOutcome as PromiseFulfilledResult<string>).value;

  const findings = new Findings(ercCodes);
  const reputationTask = readReputation(client, reputationAbi, registries.reputation, agentId, findings);
  const retrieved = await retrieveRegistration(agentUri, { fetch: deps.fetch, ipfsGateway: deps.ipfsGateway, signal });
  const uriKind =
    retrieved.kind === 'data'
      ? 'an inline data: URI'
      : retrieved.kind === 'json'
        ? 'inline JSON'
        : retrieved.kind === 'ipfs'
          ? `an IPFS URI (read through ${new URL(deps.ipfsGateway).host})`
          : `a ${retrieved.kind} URL`;
  findings.add(
    'ERC-001',
    `Agent ${request.agentId} on ${chain.name} is owned by ${owner}; its URI is ${uriKind}.`,
    `${registries.identity}#${request.agentId}`,
  );
  if (retrieved.kind === 'http')
    findings.add(
      'ERC-023',
      'The agent URI uses plain http: the registration file can be changed in transit.',
      agentUri.slice(0, 200),
    );

  let facts: RegistrationFacts | null = null;
  let registration: Record<string, unknown> | null = null;
  const at = retrieved.from ?? 'agent URI';
  if (retrieved.error !== null)
    findings.add('ERC-002', `The registration file could not be read: ${retrieved.error}.`, at);
  else if (!isObject(retrieved.json)) findings.add('ERC-003', 'The registration file is not a JSON object.', at);
  else {
    registration = retrieved.json;
    facts = validateRegistration(registration, at, findings);
  }
  const verified =
    facts?.registrations.some(
      (r) =>
        r.agentId === agentId.toString() &&
        r.chainId === chain.id &&
        r.registry.toLowerCase() === registries.identity.toLowerCase(),
    ) ?? false;
  if (facts && facts.registrations.length > 0) {
    if (verified)
      findings.add(
        'ERC-013',
        `The file's registrations name this agent (eip155:${chain.id}:${registries.identity}, id ${request.agentId}).`,
        at,
      );
    else
      findings.add(
        'ERC-012',
        `None of the file's registrations names eip155:${chain.id}:${registries.identity} with agentId ` +
          `${request.agentId}.`,
        at,
      );
  }
  // The file's own origin needs no domain proof; only a file that was read has one.
  const readOverHttp = retrieved.error === null && (retrieved.kind === 'https' || retrieved.kind === 'http');
  const primaryOrigin = readOverHttp && retrieved.from !== null ? new URL(retrieved.from).origin : null;
  const [reputation, domainProofs] = await Promise.all([
    reputationTask,
    facts
      ? verifyDomains(
          facts.services,
          { chainId: chain.id, registry: registries.identity, agentId: agentId.toString() },
          primaryOrigin,
          { fetch: deps.fetch, signal },
          findings,
        )
      : Promise.resolve([]),
  ]);
  const endpoints = (facts?.services ?? []).map((s) => {
    const origin = (() => {
      try {
        return new URL(s.endpoint).origin;
      } catch {
        return null;
      }
    })();
    const proof = domainProofs.find((p) => p.origin === origin);
    return { ...s, domainVerified: origin !== null && origin === primaryOrigin ? true : proof ? proof.verified : null };
  });
  const status: LayerStatus = findings.verdict();
  return {
    agentId: agentId.toString(),
    chainId: chain.id,
    chain: { id: chain.id, caip2: `eip155:${chain.id}`, name: chain.name, alias: chain.alias, testnet: chain.testnet },
    registries: { identity: registries.identity, reputation: registries.reputation },
    rpc: { origin: rpcOrigin, source },
    owner,
    agentUri,
    uriKind: retrieved.kind,
    registrationUrl: retrieved.from,
    registration,
    endpoints,
    oasf: facts?.oasf ?? { skills: [], domains: [], source: null },
    reputation,
    domainProofs,
    status,
    categories: {
      hasRegistrationFile: facts !== null,
      isOnChainVerified: verified,
      isSpecCompliant: facts !== null && !findings.messages.some((m) => m.severity !== 'info'),
      hasOasfClassification: (facts?.oasf.source ?? null) !== null,
      hasOnChainReputation: (reputation?.feedbackCount ?? 0) > 0,
      x402Support: facts?.x402Support === true,
      isActive: facts?.active !== false,
      domainsVerified: domainProofs.length > 0 && domainProofs.every((p) => p.verified),
    },
    summary: {
      agentName: facts?.name ?? null,
      owner,
      chain: `${chain.name} (${chain.id})`,
      agentUri: agentUri.length > 90 ? `${agentUri.slice(0, 60)}…${agentUri.slice(-20)}` : agentUri,
      uriKind: retrieved.kind,
      endpoints: endpoints.map((e) => `${e.name}: ${e.endpoint}`),
      skills: facts?.oasf.skills ?? [],
      domains: facts?.oasf.domains ?? [],
      reputation:
        reputation === null
          ? null
          : reputation.feedbackCount === 0
            ? 'no feedback yet'
            : `average ${reputation.averageValue} from ${reputation.feedbackCount} feedback ` +
              `(${counted(reputation.clientCount, 'client')})`,
      supportedTrust: facts?.supportedTrust ?? [],
      rpc: `${rpcOrigin} (${source})`,
    },
    messages: findings.messages,
    rpcCalls,
    rpcRequests,
    durationMs: Math.round(performance.now() - started),
    checks: registryStamp,
  };
}

type Client = ReturnType<typeof createPublicClient>;

async function readReputation(
  client: Client,
  reputationAbi: ReputationAbi,
  address: Address,
  agentId: bigint,
  findings: Findings<ErcCode>,
): Promise<Reputation | null> {
  try {
    const clients = await client.readContract({
      address,
      abi: reputationAbi,
      functionName: 'getClients',
      args: [agentId],
    });
    if (clients.length === 0) {
      findings.add('ERC-019', 'No feedback in the Reputation Registry yet.', address);
      return { clientCount: 0, feedbackCount: 0, averageValue: null, summaryValue: null, valueDecimals: null };
    }
    const [count, value, decimals] = await client.readContract({
      address,
      abi: reputationAbi,
      functionName: 'getSummary',
      args: [agentId, clients, '', ''],
    });
    const averageValue = formatFixed(value, decimals);
    findings.add(
      'ERC-018',
      `Reputation: ${count} feedback from ${clients.length} client(s), average value ${averageValue}.`,
      address,
    );
    return {
      clientCount: clients.length,
      feedbackCount: Number(count),
      averageValue,
      summaryValue: value.toString(),
      valueDecimals: decimals,
    };
  } catch (error) {
    findings.add('ERC-020', `The Reputation Registry at ${address} could not be read: ${shortMessage(error)}`, address);
    return null;
  }
}
