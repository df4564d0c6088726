export const main = {
    namespace: 'cryptoprices',
    name: 'CoinMarkets',
    description: 'Spot prices, market capitalisation rankings and price history for crypto assets aggregated across exchanges.',
    version: '3.0.0',
    docs: [ 'https://www.cryptoprices.example/api/documentation' ],
    tags: [ 'crypto', 'prices', 'cacheTtlMinute' ],
    root: 'https://api.cryptoprices.example/api/v3',
    tools: {
        getSimplePrice: {
            method: 'GET',
            path: '/simple/price',
            description: 'Current price of one or more coins (comma-separated ids such as bitcoin,ethereum) in the requested fiat currencies.',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'vs_currencies', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(usd)' ] } },
                { position: { key: 'include_24hr_change', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] } }
            ]
        },
        getCoinsMarkets: {
            method: 'GET',
            path: '/coins/markets',
            description: 'Ranked list of coins with price, market cap, volume and 24 h change.',
            parameters: [
                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(usd,eur,gbp,jpy,btc,eth)', options: [ 'default(usd)' ] } },
                { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(market_cap_desc,market_cap_asc,volume_desc,volume_asc)', options: [ 'optional()', 'default(market_cap_desc)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(10)', 'min(1)', 'max(100)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'default(1)', 'optional()' ] } }
            ]
        },
        getCoinHistory: {
            method: 'GET',
            path: '/coins/:id/market_chart',
            description: 'Price, market cap and volume history of a coin for the last N days.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(usd)' ] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(1,7,14,30,90,180,365,max)', options: [ 'default(30)' ] } }
            ]
        },
        getTrending: {
            method: 'GET',
            path: '/search/trending',
            description: 'The seven most searched coins of the last 24 hours.',
            parameters: []
        },
        searchCoins: {
            method: 'GET',
            path: '/search',
            description: 'Finds coin ids by name or ticker, for use in the other tools.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(50)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getTrending: {
        postRequest: async ( { response, struct, payload } ) => {
            const coins = ( response?.coins ?? [] ).map( ( { item } ) => ( {
                id: item.id, symbol: item.symbol, name: item.name, rank: item.market_cap_rank
            } ) )
            return { response: { coins } }
        }
    }
} )
