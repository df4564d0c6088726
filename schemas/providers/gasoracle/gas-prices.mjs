export const main = {
    namespace: 'gasoracle',
    name: 'GasPrices',
    description: 'Current and predicted gas prices (base fee and priority fees) for EVM chains.',
    version: '3.0.0',
    docs: [ 'https://gasoracle.example/docs' ],
    tags: [ 'crypto', 'evm', 'gas' ],
    root: 'https://api.gasoracle.example',
    requiredServerParams: [ 'GASORACLE_API_KEY' ],
    headers: { 'x-api-key': '{{GASORACLE_API_KEY}}' },
    sharedLists: [ { ref: 'evmChains', version: '3.0.0' } ],
    tools: {
        getGasPrice: {
            method: 'GET',
            path: '/v1/:chain/gas',
            description: 'Slow, standard and fast gas price estimates in gwei for one chain.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        baseFee: { type: 'number', description: 'Base fee of the pending block in gwei' },
                        slow: { type: 'number' },
                        standard: { type: 'number' },
                        fast: { type: 'number' }
                    }
                }
            }
        },
        getFeeHistory: {
            method: 'GET',
            path: '/v1/:chain/fee-history',
            description: 'Base fee and priority fee percentiles of the last N blocks.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{evmChains:alias}})', options: [ 'default(ethereum)' ] } },
                { position: { key: 'blocks', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(20)', 'min(1)', 'max(1024)' ] } },
                { position: { key: 'percentiles', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(10,50,90)' ] } }
            ]
        },
        getChainsOverview: {
            method: 'GET',
            path: '/v1/overview',
            description: 'Standard gas price of every supported chain in one call, including testnets on request.',
            parameters: [
                { position: { key: 'include', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(mainnets,all)', options: [ 'default(mainnets)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getChainsOverview: {
        postRequest: async ( { response, struct, payload } ) => {
            const byAlias = new Map( sharedLists.evmChains.map( ( chain ) => [ chain.alias, chain ] ) )
            const rows = Object.entries( response?.chains ?? {} ).map( ( [ alias, gwei ] ) => ( {
                alias,
                name: byAlias.get( alias )?.name ?? alias,
                chainId: byAlias.get( alias )?.chainId ?? null,
                standardGwei: gwei
            } ) )
            return { response: rows }
        }
    }
} )
