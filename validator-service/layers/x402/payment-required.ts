/**
 * Reads one x402 PaymentRequired object (v1 or v2) and analyses each offer in `accepts`: scheme,
 * network (v1 name or CAIP-2, named when known), asset (named when known, e.g. USDC on Base), amount
 * in atomic units and in tokens, payee, timeout. Every malformed part becomes a finding with the
 * JSON path where it is; nothing here throws.
 */
import { checksummed, isEvmAddress } from './evm-address.ts';
import type { Findings } from '../shared/findings.ts';
import type { X402Code } from './codes.ts';
import { checkDiscovery } from './bazaar.ts';
import { formatUnits, KNOWN_SCHEMES, knownAsset, NETWORK_NAMES, V1_NETWORKS } from './known.ts';
import { checkSchemeExtra } from './scheme-fields.ts';
import { isObject } from '../../../runtime/is-object.ts';

/** One offer as the report shows it. */
export interface Offer {
  readonly scheme: string | null;
  /** The network as written. */
  readonly network: string | null;
  /** CAIP-2 form (v1 names mapped), or null when unknown. */
  readonly caip2: string | null;
  readonly networkName: string | null;
  readonly asset: string | null;
  readonly assetSymbol: string | null;
  /** Atomic units as written (v2 `amount`, v1 `maxAmountRequired`). */
  readonly amount: string | null;
  /** In tokens when the asset is known, e.g. `0.001`. */
  readonly amountInTokens: string | null;
  readonly payTo: string | null;
  readonly maxTimeoutSeconds: number | null;
  /** True when no error was found in this offer. */
  readonly valid: boolean;
}

export interface PaymentRequiredFacts {
  readonly x402Version: number | null;
  readonly resource: string | null;
  readonly error: string | null;
  readonly offers: readonly Offer[];
  /** No error anywhere in the object. */
  readonly valid: boolean;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

function validUrl(value: string): boolean {
  try {
    return ['http:', 'https:', 'mcp:'].includes(new URL(value).protocol) || value.includes('://');
  } catch {
    return false;
  }
}

/** Analyses `value` found at `where` (e.g. `PAYMENT-REQUIRED header of https://x/`), adding findings. */
export function analysePaymentRequired(
  value: unknown,
  where: string,
  findings: Findings<X402Code>,
): PaymentRequiredFacts {
  const before = findings.messages.filter((m) => m.severity === 'error').length;
  const errorsSince = () => findings.messages.filter((m) => m.severity === 'error').length - before;
  if (!isObject(value)) {
    findings.add('X402-011', 'The PaymentRequired is not a JSON object.', where);
    return { x402Version: null, resource: null, error: null, offers: [], valid: false };
  }
  const version = value['x402Version'];
  if (version !== 1 && version !== 2) {
    findings.add(
      'X402-008',
      version === undefined ? 'x402Version is missing.' : `x402Version is ${JSON.stringify(version)}; expected 1 or 2.`,
      `${where} x402Version`,
    );
  }
  const v = version === 1 ? 1 : version === 2 ? 2 : null;
  let resource: string | null = null;
  if (v === 2) {
    const r = value['resource'];
    if (!isObject(r) || typeof r['url'] !== 'string' || r['url'] === '')
      findings.add('X402-010', 'resource must be an object with a url (v2).', `${where} resource`);
    else if (!validUrl(r['url']))
      findings.add('X402-010', `resource.url "${r['url']}" is not a URL.`, `${where} resource.url`);
    else resource = r['url'];
  }
  const accepts = value['accepts'];
  const offers: Offer[] = [];
  if (!Array.isArray(accepts))
    findings.add(
      'X402-009',
      accepts === undefined ? 'accepts is missing.' : 'accepts is not an array.',
      `${where} accepts`,
    );
  else if (accepts.length === 0)
    findings.add('X402-009', 'accepts is empty: the client has no way to pay.', `${where} accepts`);
  else
    accepts.slice(0, 20).forEach((offer, i) => offers.push(analyseOffer(offer, v, `${where} accepts[${i}]`, findings)));
  if (v === 1 && resource === null)
    resource = offers.length > 0 ? text((accepts as Record<string, unknown>[])[0]?.['resource']) : null;
  checkDiscovery(value, v, where, findings);
  return { x402Version: v, resource, error: text(value['error']), offers, valid: errorsSince() === 0 };
}

function analyseOffer(raw: unknown, version: 1 | 2 | null, at: string, findings: Findings<X402Code>): Offer {
  const before = findings.messages.filter((m) => m.severity === 'error').length;
  if (!isObject(raw)) {
    findings.add('X402-011', 'The offer is not a JSON object.', at);
    return {
      scheme: null,
      network: null,
      caip2: null,
      networkName: null,
      asset: null,
      assetSymbol: null,
      amount: null,
      amountInTokens: null,
      payTo: null,
      maxTimeoutSeconds: null,
      valid: false,
    };
  }
  const need = (field: string): string | null => {
    const value = raw[field];
    if (value === undefined) {
      findings.add('X402-011', `${field} is missing.`, `${at}.${field}`);
      return null;
    }
    if (typeof value !== 'string') {
      findings.add('X402-011', `${field} must be a string (got ${typeof value}).`, `${at}.${field}`);
      return null;
    }
    return value;
  };
  const scheme = need('scheme');
  if (scheme !== null && !KNOWN_SCHEMES.includes(scheme))
    findings.add('X402-012', `Unknown scheme "${scheme}" (known: ${KNOWN_SCHEMES.join(', ')}).`, `${at}.scheme`);

  const network = need('network');
  let caip2: string | null = null;
  if (network !== null) {
    const isCaip2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(network);
    if (version === 1) {
      caip2 = V1_NETWORKS[network] ?? null;
      if (caip2 === null)
        findings.add(
          'X402-013',
          isCaip2
            ? `v1 offers name networks (e.g. "base"), not CAIP-2 "${network}".`
            : `Unknown v1 network "${network}".`,
          `${at}.network`,
        );
    } else {
      if (!isCaip2) {
        caip2 = V1_NETWORKS[network] ?? null;
        findings.add(
          'X402-013',
          caip2
            ? `v2 offers use CAIP-2 network ids: "${network}" should be "${caip2}".`
            : `"${network}" is not a CAIP-2 network id (e.g. "eip155:8453").`,
          `${at}.network`,
        );
      } else {
        caip2 = network;
        if (!NETWORK_NAMES[network])
          findings.add('X402-013', `Network ${network} is not one the validator knows.`, `${at}.network`);
      }
    }
  }
  const namespace = caip2?.split(':')[0] ?? (network?.includes(':') ? network.split(':')[0] : null);

  const amountField = version === 1 ? 'maxAmountRequired' : 'amount';
  const amount = need(amountField);
  if (amount !== null && !/^[0-9]+$/.test(amount))
    findings.add(
      'X402-014',
      `${amountField} "${amount}" is not a whole number of atomic units.`,
      `${at}.${amountField}`,
    );
  else if (amount !== null && /^0+$/.test(amount))
    findings.add('X402-014', `${amountField} is zero.`, `${at}.${amountField}`);

  const asset = need('asset');
  const payTo = need('payTo');
  for (const [field, value] of [
    ['asset', asset],
    ['payTo', payTo],
  ] as const) {
    if (value === null) continue;
    if (namespace === 'eip155' && !isEvmAddress(value))
      findings.add('X402-015', `${field} "${value}" is not an EVM address.`, `${at}.${field}`);
    else if (namespace === 'solana' && !BASE58.test(value))
      findings.add('X402-015', `${field} "${value}" is not a Solana address.`, `${at}.${field}`);
  }
  if (payTo !== null && namespace === 'eip155' && isEvmAddress(payTo) && payTo !== checksummed(payTo)) {
    const body = payTo.slice(2);
    const mixed = /[a-f]/.test(body) && /[A-F]/.test(body);
    if (mixed)
      findings.add('X402-015', `payTo ${payTo} has a wrong EIP-55 checksum (a mistyped address?).`, `${at}.payTo`);
    else
      findings.add(
        'X402-016',
        `payTo ${payTo} is not checksummed; the EIP-55 form is ${checksummed(payTo)}.`,
        `${at}.payTo`,
      );
  }

  const timeout = raw['maxTimeoutSeconds'];
  if (timeout === undefined) findings.add('X402-011', 'maxTimeoutSeconds is missing.', `${at}.maxTimeoutSeconds`);
  else if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)
    findings.add(
      'X402-018',
      `maxTimeoutSeconds ${JSON.stringify(timeout)} is not a positive number of seconds.`,
      `${at}.maxTimeoutSeconds`,
    );
  if (version === 1) {
    const resource = raw['resource'];
    if (typeof resource !== 'string' || !validUrl(resource))
      findings.add('X402-010', 'v1 offers carry the resource URL as a string.', `${at}.resource`);
  }
  const extra = raw['extra'];
  if (
    namespace === 'eip155' &&
    scheme === 'exact' &&
    (!isObject(extra) || typeof extra['name'] !== 'string' || typeof extra['version'] !== 'string')
  ) {
    findings.add(
      'X402-019',
      "No extra.name / extra.version: clients must look up the token's EIP-712 domain themselves.",
      `${at}.extra`,
    );
  }
  if (namespace === 'eip155' && scheme !== null) checkSchemeExtra(scheme, extra, at, findings);

  const token = caip2 !== null && asset !== null ? knownAsset(caip2, asset) : null;
  if (asset !== null && caip2 !== null && token === null)
    findings.add(
      'X402-020',
      `Asset ${asset} on ${NETWORK_NAMES[caip2] ?? caip2} is not in the validator's token table.`,
      `${at}.asset`,
    );
  const amountInTokens =
    token && amount !== null && /^[0-9]+$/.test(amount) ? formatUnits(amount, token.decimals) : null;
  const valid = findings.messages.filter((m) => m.severity === 'error').length === before;
  const networkName = caip2 !== null ? (NETWORK_NAMES[caip2] ?? null) : null;
  const offer: Offer = {
    scheme,
    network,
    caip2,
    networkName,
    asset,
    assetSymbol: token?.symbol ?? null,
    amount,
    amountInTokens,
    payTo,
    maxTimeoutSeconds: typeof timeout === 'number' ? timeout : null,
    valid,
  };
  findings.add('X402-017', describeOffer(offer), at);
  return offer;
}

/** "0.001 USDC on Base Sepolia (exact) to 0x2096…287C, 300 s". */
export function describeOffer(o: Offer): string {
  const amount =
    o.amountInTokens !== null && o.assetSymbol
      ? `${o.amountInTokens} ${o.assetSymbol}`
      : `${o.amount ?? '?'} atomic units of ${o.asset ?? '?'}`;
  // upto and auth-capture name a maximum; the amount charged is settled later.
  const price = o.scheme === 'upto' || o.scheme === 'auth-capture' ? `up to ${amount}` : amount;
  const where = o.networkName ?? o.network ?? 'unknown network';
  const payee = o.payTo ? ` to ${o.payTo.length > 14 ? `${o.payTo.slice(0, 6)}…${o.payTo.slice(-4)}` : o.payTo}` : '';
  const timeout = o.maxTimeoutSeconds !== null ? `, ${o.maxTimeoutSeconds} s` : '';
  return `${price} on ${where} (${o.scheme ?? 'no scheme'})${payee}${timeout}${o.valid ? '' : ' — malformed'}`;
}
