/**
 * What the x402 layer can name: payment schemes, networks (v1 names and CAIP-2 ids) and tokens.
 * Figures from the x402 specification and its mechanism packages (v1 → CAIP-2 map) and the USDC
 * deployments per chain; anything not listed is reported by its raw id, not rejected.
 */

/**
 * Schemes of the current x402 specification, those `@x402/evm` 2.27.0 implements (the scheme registry
 * grows; others are flagged, not refused). Their `extra` fields: `scheme-fields.ts`.
 */
export const KNOWN_SCHEMES: readonly string[] = ['exact', 'upto', 'batch-settlement', 'auth-capture'];

/** x402 v1 network names → CAIP-2. */
export const V1_NETWORKS: Readonly<Record<string, string>> = {
  base: 'eip155:8453',
  'base-sepolia': 'eip155:84532',
  avalanche: 'eip155:43114',
  'avalanche-fuji': 'eip155:43113',
  iotex: 'eip155:4689',
  sei: 'eip155:1329',
  'sei-testnet': 'eip155:1328',
  polygon: 'eip155:137',
  'polygon-amoy': 'eip155:80002',
  peaq: 'eip155:3338',
  abstract: 'eip155:2741',
  'abstract-testnet': 'eip155:11124',
  story: 'eip155:1514',
  xlayer: 'eip155:196',
  'xlayer-testnet': 'eip155:1952',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana-devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

/** CAIP-2 → display name. */
export const NETWORK_NAMES: Readonly<Record<string, string>> = {
  'eip155:1': 'Ethereum',
  'eip155:10': 'Optimism',
  'eip155:137': 'Polygon',
  'eip155:80002': 'Polygon Amoy',
  'eip155:143': 'Monad',
  'eip155:196': 'X Layer',
  'eip155:1952': 'X Layer Testnet',
  'eip155:988': 'Stable',
  'eip155:1328': 'Sei Testnet',
  'eip155:1329': 'Sei',
  'eip155:1514': 'Story',
  'eip155:2741': 'Abstract',
  'eip155:11124': 'Abstract Sepolia',
  'eip155:3338': 'peaq',
  'eip155:4689': 'IoTeX',
  'eip155:8453': 'Base',
  'eip155:84532': 'Base Sepolia',
  'eip155:42161': 'Arbitrum One',
  'eip155:421614': 'Arbitrum Sepolia',
  'eip155:43114': 'Avalanche',
  'eip155:43113': 'Avalanche Fuji',
  'eip155:11155111': 'Sepolia',
  'eip155:324705682': 'SKALE Base Sepolia',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
  'stellar:pubnet': 'Stellar',
  'stellar:testnet': 'Stellar Testnet',
  'aptos:1': 'Aptos',
  'aptos:2': 'Aptos Testnet',
};

export interface KnownAsset {
  readonly symbol: string;
  readonly decimals: number;
}

/** `<CAIP-2>/<asset address, lower case for EVM>` → token. */
export const ASSETS: Readonly<Record<string, KnownAsset>> = {
  'eip155:8453/0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': { symbol: 'USDC', decimals: 6 },
  'eip155:84532/0x036cbd53842c5426634e7929541ec2318f3dcf7e': { symbol: 'USDC', decimals: 6 },
  'eip155:137/0x3c499c542cef5e3811e1192ce70d8cc03d5c3359': { symbol: 'USDC', decimals: 6 },
  'eip155:42161/0xaf88d065e77c8cc2239327c5edb3a432268e5831': { symbol: 'USDC', decimals: 6 },
  'eip155:421614/0x75faf114eafb1bdbe2f0316df893fd58ce46aa4d': { symbol: 'USDC', decimals: 6 },
  'eip155:143/0x754704bc059f8c67012fed69bc8a327a5aafb603': { symbol: 'USDC', decimals: 6 },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v': {
    symbol: 'USDC',
    decimals: 6,
  },
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': {
    symbol: 'USDC',
    decimals: 6,
  },
};

/** The token at `asset` on `caip2`, if known. */
export function knownAsset(caip2: string, asset: string): KnownAsset | null {
  const key = caip2.startsWith('eip155:') ? `${caip2}/${asset.toLowerCase()}` : `${caip2}/${asset}`;
  return ASSETS[key] ?? null;
}

/** `amount` atomic units as a decimal string with `decimals` places, trailing zeros trimmed. */
export function formatUnits(amount: string, decimals: number): string {
  const padded = amount.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/(?<!0)0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
