// EVM chains with their EIP-155 chain ids, for schemas that take a chain by name. Pure data.
export const list = {
    meta: {
        name: 'evmChains',
        version: '3.0.0',
        description: 'EVM-compatible blockchains: a short alias, the EIP-155 chain id, the display name, the native token and whether it is a test network.',
        fields: [
            { key: 'alias', type: 'string', description: 'Short lowercase name offered to users, e.g. base' },
            { key: 'chainId', type: 'number', description: 'EIP-155 chain id' },
            { key: 'name', type: 'string', description: 'Display name of the chain' },
            { key: 'nativeSymbol', type: 'string', description: 'Symbol of the native gas token' },
            { key: 'testnet', type: 'boolean', description: 'True for test networks' }
        ]
    },
    entries: [
        { alias: 'ethereum', chainId: 1, name: 'Ethereum Mainnet', nativeSymbol: 'ETH', testnet: false },
        { alias: 'optimism', chainId: 10, name: 'OP Mainnet', nativeSymbol: 'ETH', testnet: false },
        { alias: 'bsc', chainId: 56, name: 'BNB Smart Chain', nativeSymbol: 'BNB', testnet: false },
        { alias: 'gnosis', chainId: 100, name: 'Gnosis', nativeSymbol: 'XDAI', testnet: false },
        { alias: 'polygon', chainId: 137, name: 'Polygon PoS', nativeSymbol: 'POL', testnet: false },
        { alias: 'sonic', chainId: 146, name: 'Sonic', nativeSymbol: 'S', testnet: false },
        { alias: 'zksync', chainId: 324, name: 'ZKsync Era', nativeSymbol: 'ETH', testnet: false },
        { alias: 'moonbeam', chainId: 1284, name: 'Moonbeam', nativeSymbol: 'GLMR', testnet: false },
        { alias: 'mantle', chainId: 5000, name: 'Mantle', nativeSymbol: 'MNT', testnet: false },
        { alias: 'base', chainId: 8453, name: 'Base', nativeSymbol: 'ETH', testnet: false },
        { alias: 'arbitrum', chainId: 42161, name: 'Arbitrum One', nativeSymbol: 'ETH', testnet: false },
        { alias: 'celo', chainId: 42220, name: 'Celo', nativeSymbol: 'CELO', testnet: false },
        { alias: 'avalanche', chainId: 43114, name: 'Avalanche C-Chain', nativeSymbol: 'AVAX', testnet: false },
        { alias: 'linea', chainId: 59144, name: 'Linea', nativeSymbol: 'ETH', testnet: false },
        { alias: 'blast', chainId: 81457, name: 'Blast', nativeSymbol: 'ETH', testnet: false },
        { alias: 'scroll', chainId: 534352, name: 'Scroll', nativeSymbol: 'ETH', testnet: false },
        { alias: 'holesky', chainId: 17000, name: 'Holesky testnet', nativeSymbol: 'ETH', testnet: true },
        { alias: 'basesepolia', chainId: 84532, name: 'Base Sepolia testnet', nativeSymbol: 'ETH', testnet: true },
        { alias: 'sepolia', chainId: 11155111, name: 'Sepolia testnet', nativeSymbol: 'ETH', testnet: true }
    ]
}
