/**
 * EVM address checks for the x402 analysis (viem's `isAddress` and EIP-55 `getAddress`), loaded on
 * first need: viem is about a thousand modules, and most assessments meet no payment offer. A probe
 * awaits `loadEvmAddresses()` before it analyses a PaymentRequired; the checks are synchronous after.
 */
type Codec = Pick<typeof import('viem'), 'isAddress' | 'getAddress'>;

let codec: Codec | null = null;

/** Loads viem's address functions (once). */
export async function loadEvmAddresses(): Promise<void> {
  codec ??= await import('viem');
}

const loaded = (): Codec => {
  if (!codec) throw new Error('EVM address checks used before loadEvmAddresses()');
  return codec;
};

/** A 20-byte hex address, in any letter case. */
export const isEvmAddress = (value: unknown): value is string =>
  typeof value === 'string' && loaded().isAddress(value, { strict: false });

/** The EIP-55 checksummed form of an address `isEvmAddress` accepted. */
export const checksummed = (address: string): string => loaded().getAddress(address);
