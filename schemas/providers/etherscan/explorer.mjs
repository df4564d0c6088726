// Etherscan API V2: one key for Ethereum and 50+ EVM chains, selected by chain id. Needs a free API key.
export const main = {
    namespace: 'etherscan',
    name: 'EtherscanExplorer',
    description: 'Balances, transactions, token transfers, contract ABIs, gas prices and the latest block of Ethereum and other EVM chains through the Etherscan V2 API; needs a free API key.',
    version: '3.0.0',
    docs: [ 'https://docs.etherscan.io/etherscan-v2', 'https://docs.etherscan.io/api-endpoints/accounts', 'https://docs.etherscan.io/api-endpoints/gas-tracker' ],
    tags: [ 'crypto', 'ethereum', 'block-explorer', 'evm', 'api-key' ],
    root: 'https://api.etherscan.io',
    requiredServerParams: [ 'ETHERSCAN_API_KEY' ],
    sharedLists: [
        { ref: 'evmChains', version: '3.0.0' }
    ],
    tools: {
        getBalance: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'Native token balance of an address in wei (1 ETH = 10^18 wei) on a chain.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'balance', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(42)', 'max(42)' ] } },
                { position: { key: 'tag', value: 'latest', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Balance of the Ethereum Foundation address on mainnet', address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' },
                { _description: 'The same address on Arbitrum', address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', chain: 'arbitrum' }
            ]
        },
        getTransactions: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'Normal transactions of an address, newest first by default, one page at a time (offset = page size, at most 10,000 in total).',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'txlist', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(42)', 'max(42)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'default(1)' ] } },
                { position: { key: 'offset', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [ 'default(desc)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The two latest transactions of vitalik.eth', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', offset: 2 }
            ]
        },
        getTokenTransfers: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'ERC-20 token transfers of an address (optionally of one token contract), newest first by default.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'tokentx', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(42)', 'max(42)' ] } },
                { position: { key: 'contractaddress', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(42)', 'max(42)', 'optional()' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'default(1)' ] } },
                { position: { key: 'offset', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [ 'default(desc)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The latest USDC transfer of vitalik.eth on Base', chain: 'base', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', contractaddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', offset: 1 }
            ]
        },
        getContractAbi: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'The ABI of a verified contract, as a JSON text in result.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'contract', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'getabi', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(42)', 'max(42)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The ABI of Wrapped Ether', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }
            ]
        },
        getGasOracle: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'Suggested gas prices in gwei (safe, proposed, fast) and the base fee of the latest block.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'gastracker', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'gasoracle', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Gas prices on Ethereum now' }
            ]
        },
        getLatestBlockNumber: {
            method: 'GET',
            path: '/v2/api?chainid={{chain}}',
            description: 'The number of the most recent block of a chain, as a hexadecimal string.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains', 'default(ethereum)' ] } },
                { position: { key: 'module', value: 'proxy', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'eth_blockNumber', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:ETHERSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The latest block on Polygon', chain: 'polygon' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

// The user picks a chain by name; Etherscan V2 wants its EIP-155 id in chainid.
export const handlers = ( { sharedLists, libraries } ) => {
    const withChainId = ( struct, payload ) => {
        const chain = sharedLists.evmChains.find( ( entry ) => entry.alias === payload.chain )
        if ( chain === undefined ) return struct
        const url = new URL( struct.url )
        url.searchParams.set( 'chainid', String( chain.chainId ) )
        return { ...struct, url: url.href }
    }
    const preRequest = async ( { struct, payload } ) => ( { struct: withChainId( struct, payload ), payload } )
    return {
        getBalance: { preRequest },
        getTransactions: { preRequest },
        getTokenTransfers: { preRequest },
        getContractAbi: { preRequest },
        getGasOracle: { preRequest },
        getLatestBlockNumber: { preRequest }
    }
}
