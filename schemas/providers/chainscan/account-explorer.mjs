export const main = {
    namespace: 'chainscan',
    name: 'AccountExplorer',
    description: 'Balances, transactions and contract ABIs from a block explorer that covers many EVM chains behind one endpoint.',
    version: '3.0.0',
    docs: [ 'https://docs.chainscan.example/api-endpoints/accounts', 'https://docs.chainscan.example/api-endpoints/contracts' ],
    tags: [ 'crypto', 'evm', 'explorer' ],
    root: 'https://api.chainscan.example',
    requiredServerParams: [ 'CHAINSCAN_API_KEY' ],
    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'testnet', value: false } } ],
    tools: {
        getNativeBalance: {
            method: 'GET',
            path: '/v2/api',
            description: 'Native coin balance (in wei) of an address on the selected chain.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'balance', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'tag', value: 'latest', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:CHAINSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getTransactions: {
            method: 'GET',
            path: '/v2/api',
            description: 'Normal transactions of an address, paginated, oldest or newest first.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'txlist', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(1)', 'min(1)' ] } },
                { position: { key: 'offset', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(25)', 'min(1)', 'max(100)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(asc,desc)', options: [ 'default(desc)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:CHAINSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getTokenTransfers: {
            method: 'GET',
            path: '/v2/api',
            description: 'ERC-20 token transfer events of an address, optionally limited to one token contract.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'module', value: 'account', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'tokentx', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'contractaddress', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'length(42)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:CHAINSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getContractAbi: {
            method: 'GET',
            path: '/v2/api',
            description: 'The verified ABI of a smart contract as JSON.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'module', value: 'contract', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'getabi', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:CHAINSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getBlockByTime: {
            method: 'GET',
            path: '/v2/api',
            description: 'The block number closest to a Unix timestamp.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'module', value: 'block', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'action', value: 'getblocknobytime', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'timestamp', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1438269973)' ] } },
                { position: { key: 'closest', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(before,after)', options: [ 'default(before)' ] } },
                { position: { key: 'apikey', value: '{{SERVER_PARAM:CHAINSCAN_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getNativeBalance: {
        preRequest: async ( { struct, payload } ) => {
            const chain = sharedLists.evmChains.find( ( entry ) => entry.alias === payload.chain )
            const url = struct.url.replace( `chain=${payload.chain}`, `chainid=${chain ? chain.chainId : 1}` )
            return { struct: { ...struct, url }, payload }
        },
        postRequest: async ( { response, struct, payload } ) => {
            const wei = typeof response?.result === 'string' ? response.result : '0'
            return { response: { chain: payload.chain, address: payload.address, wei } }
        }
    },
    getContractAbi: {
        postRequest: async ( { response, struct, payload } ) => {
            const abi = typeof response?.result === 'string' ? JSON.parse( response.result ) : []
            return { response: { address: payload.address, abi } }
        }
    }
} )
