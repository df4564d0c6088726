/**
 * Validation of the three request bodies. Each failure is a 400 naming the field, and unknown
 * fields are refused so typos do not pass silently.
 */
import { parseTargetUrl, TargetUrlError } from '../net/target-url.ts';
import { ApiError } from './api-error.ts';
import { chainForKey, CHAINS, parseChainId } from './chains.ts';
import type { AssessOptions } from '../layers/layer.ts';

const bad = (field: string, message: string) => new ApiError(400, 'invalid_field', `${field}: ${message}`, field);

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw bad(unknown, `unknown field (allowed: ${allowed.join(', ')})`);
}

/** `url`: required string, absolute http(s) URL without credentials. */
export function readUrl(body: Record<string, unknown>): URL {
  const value = body['url'];
  if (value === undefined) throw bad('url', 'is required');
  if (typeof value !== 'string' || value.trim() === '') throw bad('url', 'must be a non-empty string');
  try {
    return parseTargetUrl(value);
  } catch (error) {
    if (error instanceof TargetUrlError) throw bad('url', error.message);
    throw error;
  }
}

/** `/api/validate` body. */
export function readValidateInput(body: Record<string, unknown>): { url: URL } {
  onlyFields(body, ['url']);
  return { url: readUrl(body) };
}

export interface AssessInput {
  readonly url: URL;
  readonly timeoutMs: number | null;
  readonly options: AssessOptions;
}

/** `/api/assess` body: `timeout` a positive integer of ms (capped later), `erc8004` an object. */
export function readAssessInput(body: Record<string, unknown>): AssessInput {
  onlyFields(body, ['url', 'timeout', 'erc8004']);
  const url = readUrl(body);
  const timeout = body['timeout'];
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0)) {
    throw bad('timeout', 'must be a positive integer number of milliseconds');
  }
  const erc8004 = body['erc8004'];
  if (erc8004 !== undefined) {
    if (erc8004 === null || typeof erc8004 !== 'object' || Array.isArray(erc8004))
      throw bad('erc8004', 'must be an object');
    const rpcNodes = (erc8004 as Record<string, unknown>)['rpcNodes'];
    if (rpcNodes !== undefined) readRpcNodes(rpcNodes, 'erc8004.rpcNodes');
  }
  return {
    url,
    timeoutMs: typeof timeout === 'number' ? timeout : null,
    options: erc8004 === undefined ? {} : { erc8004: erc8004 as AssessOptions['erc8004'] },
  };
}

/** `rpcNodes`: an object of chain alias, id or `eip155:<id>` → http(s) RPC URL. */
function readRpcNodes(value: unknown, field: string): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw bad(field, 'must be an object of chain → RPC URL');
  for (const [key, url] of Object.entries(value)) {
    if (chainForKey(key) === null)
      throw bad(
        `${field}.${key}`,
        `unknown chain "${key}" (use an alias: ${CHAINS.map((c) => c.alias).join(', ')}; or a chain id)`,
      );
    if (typeof url !== 'string') throw bad(`${field}.${key}`, 'must be a URL string');
    try {
      parseTargetUrl(url);
    } catch (error) {
      if (error instanceof TargetUrlError) throw bad(`${field}.${key}`, error.message);
      throw error;
    }
  }
  return value as Record<string, string>;
}

const MAX_UINT256 = 2n ** 256n - 1n;

export interface LookupInput {
  readonly agentId: string;
  readonly chainId: number;
  readonly rpcNodes: Readonly<Record<string, string>>;
}

/** `/api/lookup` body. */
export function readLookupInput(body: Record<string, unknown>): LookupInput {
  onlyFields(body, ['agentId', 'chainId', 'rpcNodes']);
  const agentId = body['agentId'];
  if (agentId === undefined) throw bad('agentId', 'is required');
  const idText =
    typeof agentId === 'number' && Number.isSafeInteger(agentId)
      ? String(agentId)
      : typeof agentId === 'string'
        ? agentId.trim()
        : null;
  if (idText === null || !/^(0|[1-9]\d{0,77})$/.test(idText))
    throw bad('agentId', 'must be a non-negative integer (number or decimal string)');
  // Token ids are uint256: a larger one cannot be encoded into the registry call at all.
  if (BigInt(idText) > MAX_UINT256) throw bad('agentId', 'must be at most 2^256 - 1 (a uint256 token id)');
  const chainValue = body['chainId'];
  if (chainValue === undefined) throw bad('chainId', 'is required');
  const chainId = parseChainId(chainValue);
  if (chainId === null) throw bad('chainId', 'must be a chain id number or a CAIP-2 "eip155:<id>" string');
  if (!CHAINS.some((c) => c.id === chainId)) {
    throw bad('chainId', `unknown chain ${chainId} (known: ${CHAINS.map((c) => `${c.id} (${c.alias})`).join(', ')})`);
  }
  const rpcNodes = body['rpcNodes'] === undefined ? {} : readRpcNodes(body['rpcNodes'], 'rpcNodes');
  return { agentId: idText, chainId, rpcNodes };
}
