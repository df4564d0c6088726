/**
 * The one table of ERC-8004 chains the service knows: API validation, the lookup, the ERC-8004 layer
 * and the UI's chain select all use it (the reference's UI offered chains its API rejected). Default
 * RPC URLs are viem's chain definitions, written here as data (`test/validator/registry/chains.test.ts`
 * holds them equal to viem's): importing `viem/chains` loads hundreds of modules at every start.
 * Registry addresses come from the ERC-8004 deployments, which differ between mainnets and testnets
 * (the reference used the mainnet ones everywhere).
 */
import type { Address } from 'viem';

export interface Chain {
  readonly id: number;
  readonly name: string;
  /** Key for `rpcNodes` (chain id and `eip155:<id>` work too). */
  readonly alias: string;
  readonly testnet: boolean;
  readonly defaultRpc: string;
}

export const CHAINS: readonly Chain[] = [
  { id: 1, name: 'Ethereum', alias: 'ethereum', testnet: false, defaultRpc: 'https://ethereum.reth.rs/rpc' },
  { id: 8453, name: 'Base', alias: 'base', testnet: false, defaultRpc: 'https://mainnet.base.org' },
  { id: 42161, name: 'Arbitrum One', alias: 'arbitrum', testnet: false, defaultRpc: 'https://arb1.arbitrum.io/rpc' },
  { id: 10, name: 'Optimism', alias: 'optimism', testnet: false, defaultRpc: 'https://mainnet.optimism.io' },
  { id: 137, name: 'Polygon', alias: 'polygon', testnet: false, defaultRpc: 'https://polygon.drpc.org' },
  { id: 11155111, name: 'Sepolia', alias: 'sepolia', testnet: true, defaultRpc: 'https://11155111.rpc.thirdweb.com' },
  { id: 84532, name: 'Base Sepolia', alias: 'base-sepolia', testnet: true, defaultRpc: 'https://sepolia.base.org' },
  {
    id: 421614,
    name: 'Arbitrum Sepolia',
    alias: 'arbitrum-sepolia',
    testnet: true,
    defaultRpc: 'https://sepolia-rollup.arbitrum.io/rpc',
  },
];

/** ERC-8004 registry addresses (vanity, the same on every chain of a kind). */
export const REGISTRIES: Readonly<
  Record<
    'mainnet' | 'testnet',
    { readonly identity: Address; readonly reputation: Address; readonly validation: Address }
  >
> = {
  mainnet: {
    identity: '0x8004A169FB4a3325136EB29fA0ceB6D2e539a432',
    reputation: '0x8004BAa17C55a88189AE136b182e5fdA19dE9b63',
    validation: '0x8004Cc8439f36fd5F9F049D9fF86523Df6dAAB58',
  },
  testnet: {
    identity: '0x8004A818BFB912233c491871b3d84c89A494BD9e',
    reputation: '0x8004B663056A597Dffe9eCcC1965A193B7388713',
    validation: '0x8004Cb1BF31DAf7788923b405b754f57acEB4272',
  },
};

/** The registries of `chain`. */
export const registriesOf = (chain: Chain) => REGISTRIES[chain.testnet ? 'testnet' : 'mainnet'];

/** Chain id from a number, a decimal string or a CAIP-2 `eip155:<id>`; null when not a chain id. */
export function parseChainId(value: unknown): number | null {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/^eip155:/, '') : null;
  if (text === null || !/^[1-9]\d{0,15}$/.test(text)) return null;
  return Number(text);
}

/** The known chain for an `rpcNodes` key: alias, decimal id or CAIP-2. */
export function chainForKey(key: string): Chain | null {
  const k = key.trim().toLowerCase();
  const id = parseChainId(k);
  return CHAINS.find((c) => c.alias === k || (id !== null && c.id === id)) ?? null;
}
