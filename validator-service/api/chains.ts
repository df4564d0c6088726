/**
 * The one table of ERC-8004 chains the service knows (API validation and the UI's chain select use
 * the same list, unlike the reference whose UI offered chains its API rejected).
 */

export interface Chain { readonly id: number; readonly name: string }

export const CHAINS: readonly Chain[] = [
  { id: 1, name: 'Ethereum' },
  { id: 8453, name: 'Base' },
  { id: 42161, name: 'Arbitrum One' },
  { id: 11155111, name: 'Sepolia' },
  { id: 84532, name: 'Base Sepolia' },
];

/** Chain id from a number, a decimal string or a CAIP-2 `eip155:<id>`; null when not a chain id. */
export function parseChainId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/^eip155:/, '') : null;
  if (text === null || !/^[1-9]\d{0,15}$/.test(text)) return null;
  return Number(text);
}
