/**
 * Message codes of the x402 layer (x402 v1 and v2 over HTTP; the x402 MCP transport).
 *
 * | Code | Severity | Meaning |
 * |---|---|---|
 * | X402-001 | info | the URL answers 402 with an x402 PaymentRequired (version, placement) |
 * | X402-002 | info | payment-gated MCP tools found from their listing metadata, and what they answered |
 * | X402-003 | info | no x402: no 402 on the URL and no payment-gated MCP tool |
 * | X402-004 | error | a 402 without a readable PaymentRequired (no `PAYMENT-REQUIRED` header, body not x402) |
 * | X402-005 | error | the `PAYMENT-REQUIRED` header is not base64-encoded JSON |
 * | X402-006 | warning | v2 PaymentRequired only in the body (the v2 transport puts it in the header) |
 * | X402-007 | warning | MCP payment signalled as a JSON-RPC error (code 402; the 2025-12 draft form, superseded) |
 * | X402-008 | error | `x402Version` missing or not 1 or 2 |
 * | X402-009 | error | `accepts` missing, not an array or empty |
 * | X402-010 | error | `resource` missing or invalid (v2: object with `url`; v1: URL string per offer) |
 * | X402-011 | error | an offer field is missing or has the wrong type |
 * | X402-012 | warning | unknown payment scheme (known: exact, upto, batch-settlement) |
 * | X402-013 | warning | unknown network, or a network name in the wrong form for the version (v1 names, v2 CAIP-2) |
 * | X402-014 | error | amount is not a positive integer string in atomic units |
 * | X402-015 | error | `payTo` or `asset` is not an address of the offer's network |
 * | X402-016 | warning | EVM `payTo` not EIP-55 checksummed |
 * | X402-017 | info | one offer, in words: amount and token, network, scheme, payee |
 * | X402-018 | warning | `maxTimeoutSeconds` not a positive number |
 * | X402-019 | info | EVM exact offer without `extra.name` / `extra.version` (EIP-712 domain) |
 * | X402-020 | info | asset not in the validator's token table (shown as an address) |
 * | X402-021 | warning | a tool marked payment-gated answered without asking for payment |
 * | X402-022 | error | an MCP payment result breaks the transport rules (`structuredContent` missing or `content[0].text` differs) |
 * | X402-023 | info | not checked: the endpoint could not be reached |
 * | X402-024 | warning | a tool marked payment-gated could not be called (error other than payment) |
 */
import type { CodeEntry } from '../shared/findings.ts';

export const x402Codes = {
  'X402-001': { severity: 'info', meaning: 'HTTP 402 with PaymentRequired' },
  'X402-002': { severity: 'info', meaning: 'payment-gated MCP tools' },
  'X402-003': { severity: 'info', meaning: 'no x402' },
  'X402-004': { severity: 'error', meaning: '402 without PaymentRequired' },
  'X402-005': { severity: 'error', meaning: 'PAYMENT-REQUIRED header unreadable' },
  'X402-006': { severity: 'warning', meaning: 'v2 PaymentRequired only in the body' },
  'X402-007': { severity: 'warning', meaning: 'legacy JSON-RPC 402 error form' },
  'X402-008': { severity: 'error', meaning: 'x402Version missing or unknown' },
  'X402-009': { severity: 'error', meaning: 'accepts missing or empty' },
  'X402-010': { severity: 'error', meaning: 'resource missing or invalid' },
  'X402-011': { severity: 'error', meaning: 'offer field missing or wrong type' },
  'X402-012': { severity: 'warning', meaning: 'unknown scheme' },
  'X402-013': { severity: 'warning', meaning: 'unknown or mis-formed network' },
  'X402-014': { severity: 'error', meaning: 'amount not a positive integer string' },
  'X402-015': { severity: 'error', meaning: 'address invalid for the network' },
  'X402-016': { severity: 'warning', meaning: 'payTo not checksummed' },
  'X402-017': { severity: 'info', meaning: 'offer' },
  'X402-018': { severity: 'warning', meaning: 'maxTimeoutSeconds not positive' },
  'X402-019': { severity: 'info', meaning: 'EIP-712 domain missing' },
  'X402-020': { severity: 'info', meaning: 'unknown asset' },
  'X402-021': { severity: 'warning', meaning: 'payment-gated tool did not ask for payment' },
  'X402-022': { severity: 'error', meaning: 'MCP payment result malformed' },
  'X402-023': { severity: 'info', meaning: 'not checked: unreachable' },
  'X402-024': { severity: 'warning', meaning: 'payment-gated tool could not be called' },
} as const satisfies Record<string, CodeEntry>;

export type X402Code = keyof typeof x402Codes;
