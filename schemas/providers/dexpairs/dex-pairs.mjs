export const main = {
    namespace: 'dexpairs',
    name: 'DexPairs',
    description: 'Liquidity pools and trading pairs of decentralised exchanges, with price, liquidity and volume per pair.',
    version: '3.0.0',
    docs: [ 'https://docs.dexpairs.example/api-reference' ],
    tags: [ 'crypto', 'defi', 'dex' ],
    root: 'https://api.dexpairs.example',
    sharedLists: [ { ref: 'evmChains', version: '3.0.0', filter: { key: 'testnet', value: false } } ],
    tools: {
        searchPairs: {
            method: 'GET',
            path: '/latest/dex/search',
            description: 'Searches pairs by token symbol, token address or pair address across all chains.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(64)' ] } }
            ]
        },
        getPair: {
            method: 'GET',
            path: '/latest/dex/pairs/{{chainId}}/{{pairAddress}}',
            description: 'Price, liquidity, volume and transaction counts for one pair on one chain.',
            parameters: [
                { position: { key: 'pairAddress', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(32)' ] } },
                { position: { key: 'chainId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{evmChains:alias}})', options: [] } }
            ]
        },
        getTokenPools: {
            method: 'GET',
            path: '/token-pairs/v1/:chainId/:tokenAddress',
            description: 'All pools that trade a token on one chain, sorted by liquidity.',
            parameters: [
                { position: { key: 'chainId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$evmChains' ] } },
                { position: { key: 'tokenAddress', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^0x[a-fA-F0-9]{40}$)' ] } },
                { position: { key: 'minLiquidityUsd', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(0)' ] } }
            ]
        },
        getLatestBoosts: {
            method: 'GET',
            path: '/token-boosts/latest/v1',
            description: 'Tokens with the most recent promotional boosts.',
            parameters: []
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    searchPairs: {
        postRequest: async ( { response, struct, payload } ) => {
            const pairs = ( response?.pairs ?? [] ).slice( 0, 20 ).map( ( pair ) => ( {
                chain: pair.chainId,
                dex: pair.dexId,
                pair: `${pair.baseToken?.symbol}/${pair.quoteToken?.symbol}`,
                priceUsd: Number( pair.priceUsd ),
                liquidityUsd: pair.liquidity?.usd ?? null
            } ) )
            return { response: { count: pairs.length, pairs } }
        }
    },
    getTokenPools: {
        postRequest: async ( { response, struct, payload } ) => {
            const floor = typeof payload.minLiquidityUsd === 'number' ? payload.minLiquidityUsd : 0
            const pools = ( Array.isArray( response ) ? response : [] )
                .filter( ( pool ) => ( pool.liquidity?.usd ?? 0 ) >= floor )
                .sort( ( a, b ) => ( b.liquidity?.usd ?? 0 ) - ( a.liquidity?.usd ?? 0 ) )
            return { response: pools }
        }
    }
} )
