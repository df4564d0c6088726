// CoinGecko public API: crypto prices, market data and charts. No key for the public rate limit.
export const main = {
    namespace: 'coingecko',
    name: 'CoinGeckoMarkets',
    description: 'Cryptocurrency prices, market capitalisation rankings, price history, trending coins and global market figures from CoinGecko.',
    version: '3.0.0',
    docs: [ 'https://docs.coingecko.com/v3.0.1/reference/introduction', 'https://docs.coingecko.com/v3.0.1/reference/simple-price', 'https://docs.coingecko.com/v3.0.1/reference/coins-markets' ],
    tags: [ 'crypto', 'prices', 'market-data', 'no-key' ],
    root: 'https://api.coingecko.com',
    tools: {
        getPrice: {
            method: 'GET',
            path: '/api/v3/simple/price',
            description: 'Current price, market cap and 24-hour change of one or more coins (CoinGecko ids such as bitcoin,ethereum) in one or more currencies (usd,eur,btc).',
            parameters: [
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'vs_currencies', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'default(usd)' ] } },
                { position: { key: 'include_market_cap', value: 'true', location: 'query' }, z: { primitive: 'string()', options: [  ] } },
                { position: { key: 'include_24hr_change', value: 'true', location: 'query' }, z: { primitive: 'string()', options: [  ] } }
            ],
            tests: [
                { _description: 'Bitcoin in US dollars', ids: 'bitcoin' },
                { _description: 'Ether and Solana in euros and bitcoin', ids: 'ethereum,solana', vs_currencies: 'eur,btc' }
            ]
        },
        getMarkets: {
            method: 'GET',
            path: '/api/v3/coins/markets',
            description: 'Coins ranked by market capitalisation with price, market cap, 24-hour volume, high, low and change; one page of up to 250 (the first unless page says otherwise).',
            parameters: [
                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'default(usd)' ] } },
                { position: { key: 'order', value: 'market_cap_desc', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)', 'default(10)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'optional()' ] } }
            ],
            tests: [
                { _description: 'The top three by market cap', per_page: 3 }
            ]
        },
        searchCoins: {
            method: 'GET',
            path: '/api/v3/search',
            description: 'Coins (and exchanges, categories, NFTs) whose name or symbol matches a query, to find the CoinGecko id the other tools need.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Find the id of Chainlink', query: 'chainlink' }
            ]
        },
        getMarketChart: {
            method: 'GET',
            path: '/api/v3/coins/{{id}}/market_chart',
            description: 'Price, market cap and volume history of a coin over the last N days (or max), as [timestamp in ms, value] pairs; 5-minute points up to 1 day, hourly up to 90 days, daily beyond.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'vs_currency', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'default(usd)' ] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(7)' ] } }
            ],
            tests: [
                { _description: 'One day of bitcoin prices', id: 'bitcoin', days: '1' }
            ]
        },
        getTrending: {
            method: 'GET',
            path: '/api/v3/search/trending',
            description: 'The coins most searched on CoinGecko in the last 24 hours.',
            parameters: [],
            tests: [
                { _description: 'Trending now' }
            ]
        },
        getGlobal: {
            method: 'GET',
            path: '/api/v3/global',
            description: 'Global crypto market figures: total market cap and volume per currency, bitcoin and ether dominance, number of coins and markets.',
            parameters: [],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        data: {
                            type: 'object',
                            properties: {
                                active_cryptocurrencies: { type: 'number' },
                                markets: { type: 'number' },
                                total_market_cap: { type: 'object' },
                                total_volume: { type: 'object' },
                                market_cap_percentage: { type: 'object', description: 'Dominance in percent by symbol' },
                                market_cap_change_percentage_24h_usd: { type: 'number' },
                                updated_at: { type: 'number' }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'The whole market' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
