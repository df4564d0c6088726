// DefiLlama: total value locked (TVL) of DeFi protocols and chains. No key.
export const main = {
    namespace: 'defillama',
    name: 'DefiLlamaTvl',
    description: 'Total value locked in DeFi protocols and blockchains: rankings, one protocol in detail, current TVL and the daily history of a chain, from DefiLlama.',
    version: '3.0.0',
    docs: [ 'https://api-docs.defillama.com/', 'https://docs.llama.fi/' ],
    tags: [ 'crypto', 'defi', 'tvl', 'no-key' ],
    root: 'https://api.llama.fi',
    tools: {
        listProtocols: {
            method: 'GET',
            path: '/protocols',
            description: 'DeFi protocols ranked by TVL in USD, optionally of one category (Dexs, Lending, Liquid Staking, Bridge, CDP, Yield, …); the tool keeps the first N with name, slug, category, chains, TVL and 1-day and 7-day change.',
            parameters: [
                { position: { key: 'category', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(20)' ] } }
            ],
            tests: [
                { _description: 'The three largest protocols', limit: 3 },
                { _description: 'The two largest lending protocols', category: 'Lending', limit: 2 }
            ]
        },
        getProtocol: {
            method: 'GET',
            path: '/protocol/{{protocol}}',
            description: 'One protocol by slug (aave, uniswap, lido): description, category, chains, current TVL per chain and the TVL of the last 30 days.',
            parameters: [
                { position: { key: 'protocol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'Lido', protocol: 'lido' }
            ]
        },
        getProtocolTvl: {
            method: 'GET',
            path: '/tvl/{{protocol}}',
            description: 'The current TVL of a protocol in USD, as a single number.',
            parameters: [
                { position: { key: 'protocol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'Uniswap', protocol: 'uniswap' }
            ]
        },
        listChains: {
            method: 'GET',
            path: '/v2/chains',
            description: 'Blockchains ranked by the TVL of their DeFi protocols, with token symbol and chain id; the tool keeps the first N.',
            parameters: [
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(20)' ] } }
            ],
            tests: [
                { _description: 'The five chains with the most TVL', limit: 5 }
            ]
        },
        getChainTvlHistory: {
            method: 'GET',
            path: '/v2/historicalChainTvl/{{chain}}',
            description: 'Daily TVL of one chain (name as in listChains, e.g. Ethereum, Arbitrum) for the last N days, dates in YYYY-MM-DD.',
            parameters: [
                { position: { key: 'chain', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(3650)', 'default(30)' ] } }
            ],
            tests: [
                { _description: 'The last three days of Arbitrum', chain: 'Arbitrum', days: 3 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

// The upstream answers are large (thousands of protocols, years of history): keep what a model can use.
export const handlers = ( { sharedLists, libraries } ) => ( {
    listProtocols: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: response
                .filter( ( protocol ) => payload.category === undefined || String( protocol.category ).toLowerCase() === payload.category.toLowerCase() )
                .filter( ( protocol ) => typeof protocol.tvl === 'number' )
                .sort( ( a, b ) => b.tvl - a.tvl )
                .slice( 0, payload.limit )
                .map( ( protocol ) => ( { name: protocol.name, slug: protocol.slug, category: protocol.category, chains: protocol.chains, tvl: protocol.tvl, change1d: protocol.change_1d ?? null, change7d: protocol.change_7d ?? null } ) )
        } )
    },
    getProtocol: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: {
                name: response.name,
                symbol: response.symbol,
                category: response.category,
                description: response.description,
                url: response.url,
                chains: response.chains,
                currentChainTvls: response.currentChainTvls,
                tvl: ( response.tvl ?? [] ).slice( -30 ).map( ( point ) => ( { date: new Date( point.date * 1000 ).toISOString().slice( 0, 10 ), tvl: point.totalLiquidityUSD } ) )
            }
        } )
    },
    listChains: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: [ ...response ].sort( ( a, b ) => b.tvl - a.tvl ).slice( 0, payload.limit ).map( ( chain ) => ( { name: chain.name, tvl: chain.tvl, tokenSymbol: chain.tokenSymbol, chainId: chain.chainId ?? null } ) )
        } )
    },
    getChainTvlHistory: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: response.slice( -payload.days ).map( ( point ) => ( { date: new Date( point.date * 1000 ).toISOString().slice( 0, 10 ), tvl: point.tvl } ) )
        } )
    }
} )
