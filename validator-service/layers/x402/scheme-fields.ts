/**
 * What each x402 scheme needs in an EVM offer's `extra`, from the scheme specifications (exact,
 * upto, batch-settlement, auth-capture) and what `@x402/evm` 2.27.0's clients refuse to pay without.
 * A missing or malformed field is X402-025 naming the scheme and the field; for `exact` the token's
 * EIP-712 domain (`name`, `version`) stays X402-019, since clients can look it up.
 */
import { isEvmAddress } from './evm-address.ts';
import type { Findings } from '../shared/findings.ts';
import type { X402Code } from './codes.ts';

type Extra = Record<string, unknown>;

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';

/** `withdrawDelay` bounds of batch-settlement: 900 s to 30 days. */
const WITHDRAW_DELAY = { min: 900, max: 30 * 86_400 };

interface FieldRule {
  readonly field: string;
  readonly ok: (value: unknown, extra: Extra) => boolean;
  /** What the field must be, e.g. "an EVM address". */
  readonly must: string;
  /** Checked only when present. */
  readonly optional?: boolean;
}

const domain: FieldRule[] = [
  { field: 'name', ok: nonEmpty, must: "the token's EIP-712 domain name" },
  { field: 'version', ok: nonEmpty, must: "the token's EIP-712 domain version" },
];

const RULES: Readonly<Record<string, readonly FieldRule[]>> = {
  exact: [
    {
      field: 'assetTransferMethod',
      ok: (v) => v === 'eip3009' || v === 'permit2' || v === 'erc7710',
      must: '"eip3009", "permit2" or "erc7710"',
      optional: true,
    },
  ],
  upto: [
    ...domain,
    { field: 'facilitatorAddress', ok: isEvmAddress, must: "the facilitator's EVM address (the Permit2 spender)" },
    {
      field: 'assetTransferMethod',
      ok: (v) => v === 'permit2',
      must: '"permit2" (upto settles only through Permit2)',
      optional: true,
    },
  ],
  'batch-settlement': [
    ...domain,
    { field: 'receiverAuthorizer', ok: isEvmAddress, must: "an EVM address (who signs the channel's claims)" },
    {
      field: 'withdrawDelay',
      ok: (v) => isInteger(v) && v >= WITHDRAW_DELAY.min && v <= WITHDRAW_DELAY.max,
      must: `whole seconds from ${WITHDRAW_DELAY.min} to ${WITHDRAW_DELAY.max} (30 days)`,
    },
    {
      field: 'assetTransferMethod',
      ok: (v) => v === 'eip3009' || v === 'permit2',
      must: '"eip3009" or "permit2"',
      optional: true,
    },
  ],
  'auth-capture': [
    ...domain,
    { field: 'captureAuthorizer', ok: isEvmAddress, must: "the operator's EVM address" },
    { field: 'feeRecipient', ok: isEvmAddress, must: 'an EVM address' },
    { field: 'captureDeadline', ok: isInteger, must: 'a Unix time in seconds' },
    {
      field: 'refundDeadline',
      ok: (v, extra) => isInteger(v) && (!isInteger(extra['captureDeadline']) || v >= extra['captureDeadline']),
      must: 'a Unix time in seconds, not before captureDeadline',
    },
    { field: 'minFeeBps', ok: (v) => isInteger(v) && v >= 0 && v <= 10_000, must: 'basis points from 0 to 10000' },
    {
      field: 'maxFeeBps',
      ok: (v, extra) => isInteger(v) && v <= 10_000 && (!isInteger(extra['minFeeBps']) || v >= extra['minFeeBps']),
      must: 'basis points up to 10000, not below minFeeBps',
    },
    {
      field: 'paymentFlow',
      ok: (v) => v === 'escrow' || v === 'authorization',
      must: '"escrow" or "authorization"',
      optional: true,
    },
    {
      field: 'operatorType',
      ok: (v) => v === 'delegated' || v === 'custom',
      must: '"delegated" or "custom" ("policy" is reserved)',
      optional: true,
    },
    { field: 'receiverAuthorizer', ok: isEvmAddress, must: 'an EVM address', optional: true },
    { field: 'policy', ok: isEvmAddress, must: 'an EVM address', optional: true },
    {
      field: 'assetTransferMethod',
      ok: (v) => v === 'eip3009' || v === 'permit2',
      must: '"eip3009" or "permit2"',
      optional: true,
    },
  ],
};

/** The schemes whose EVM `extra` this file knows. */
export const SCHEMES_WITH_FIELDS: readonly string[] = Object.keys(RULES);

/** Checks the scheme-specific `extra` of one EVM offer at `at`. */
export function checkSchemeExtra(scheme: string, extraValue: unknown, at: string, findings: Findings<X402Code>): void {
  const rules = RULES[scheme];
  if (!rules) return;
  const extra: Extra =
    extraValue !== null && typeof extraValue === 'object' && !Array.isArray(extraValue) ? (extraValue as Extra) : {};
  for (const rule of rules) {
    const value = extra[rule.field];
    if (value === undefined) {
      if (!rule.optional)
        findings.add(
          'X402-025',
          `The ${scheme} scheme needs extra.${rule.field} (${rule.must}); clients cannot pay without it.`,
          `${at}.extra.${rule.field}`,
        );
      continue;
    }
    if (!rule.ok(value, extra))
      findings.add(
        'X402-025',
        `extra.${rule.field} of a ${scheme} offer must be ${rule.must}; it is ${JSON.stringify(value)?.slice(0, 80)}.`,
        `${at}.extra.${rule.field}`,
      );
  }
}
