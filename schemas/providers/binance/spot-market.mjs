// Binance spot market data: public endpoints, no key (the API is not reachable from every country).
export const main = {
    namespace: 'binance',
    name: 'BinanceSpotMarket',
    description: 'Live spot prices, 24-hour statistics, candlesticks and order book depth of trading pairs on the Binance exchange.',
    version: '3.0.0',
    docs: [ 'https://developers.binance.com/docs/binance-spot-api-docs/rest-api/market-data-endpoints' ],
    tags: [ 'crypto', 'exchange', 'prices', 'candles', 'no-key' ],
    root: 'https://api.binance.com',
    sharedLists: [
        { ref: 'tradingTimeframes', version: '3.0.0' }
    ],
    tools: {
        getPrice: {
            method: 'GET',
            path: '/api/v3/ticker/price',
            description: 'The last traded price of a pair (symbol in capitals without separator, e.g. BTCUSDT).',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(20)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: { type: 'object', properties: { symbol: { type: 'string' }, price: { type: 'string', description: 'Decimal number as text' } } }
            },
            tests: [
                { _description: 'Bitcoin in Tether', symbol: 'BTCUSDT' }
            ]
        },
        get24hStats: {
            method: 'GET',
            path: '/api/v3/ticker/24hr',
            description: 'Rolling 24-hour statistics of a pair: open, high, low, last price, change in percent, volume and number of trades.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(20)' ] } }
            ],
            tests: [
                { _description: 'Ether against Tether', symbol: 'ETHUSDT' }
            ]
        },
        getCandles: {
            method: 'GET',
            path: '/api/v3/klines',
            description: 'Candlesticks of a pair for an interval (1m to 1M), newest last, each with open time, open, high, low, close, volume and number of trades.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(20)' ] } },
                { position: { key: 'interval', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$tradingTimeframes', 'default(1h)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(24)' ] } }
            ],
            tests: [
                { _description: 'Three daily candles of BTCUSDT', symbol: 'BTCUSDT', interval: '1d', limit: 3 },
                { _description: 'Hourly candles of SOLUSDT (default interval)', symbol: 'SOLUSDT', limit: 2 }
            ]
        },
        getOrderBook: {
            method: 'GET',
            path: '/api/v3/depth',
            description: 'The best bids and asks of a pair, as [price, quantity] pairs.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(20)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(5,10,20,50,100)', options: [ 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Five levels of BNBUSDT', symbol: 'BNBUSDT' }
            ]
        },
        getAveragePrice: {
            method: 'GET',
            path: '/api/v3/avgPrice',
            description: 'The average price of a pair over the last five minutes.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(20)' ] } }
            ],
            tests: [
                { _description: 'Average price of BTCEUR', symbol: 'BTCEUR' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getCandles: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: response.map( ( candle ) => ( {
                openTime: new Date( candle[ 0 ] ).toISOString(),
                open: Number( candle[ 1 ] ),
                high: Number( candle[ 2 ] ),
                low: Number( candle[ 3 ] ),
                close: Number( candle[ 4 ] ),
                volume: Number( candle[ 5 ] ),
                quoteVolume: Number( candle[ 7 ] ),
                trades: candle[ 8 ]
            } ) )
        } )
    }
} )
