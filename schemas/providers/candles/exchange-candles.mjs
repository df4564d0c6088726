export const main = {
    namespace: 'candles',
    name: 'ExchangeCandles',
    description: 'Candlesticks, order-book depth and 24-hour tickers of spot markets on a crypto exchange.',
    version: '3.0.0',
    docs: [ 'https://candles.example/docs/spot' ],
    tags: [ 'crypto', 'market-data', 'trading' ],
    root: 'https://api.candles.example/api/v3',
    sharedLists: [ { ref: 'tradingTimeframes', version: '3.0.0' } ],
    tools: {
        getKlines: {
            method: 'GET',
            path: '/klines',
            description: 'OHLCV candles of a trading pair such as BTCUSDT at the chosen interval.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^[A-Z0-9]{5,20}$)' ] } },
                { position: { key: 'interval', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{tradingTimeframes:alias}})', options: [ 'default(1h)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(500)', 'min(1)', 'max(1000)' ] } },
                { position: { key: 'startTime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } }
            ]
        },
        getOrderBook: {
            method: 'GET',
            path: '/depth',
            description: 'Best bids and asks of a trading pair.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^[A-Z0-9]{5,20}$)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(5,10,20,50,100,500)', options: [ 'default(20)' ] } }
            ]
        },
        get24hTicker: {
            method: 'GET',
            path: '/ticker/24hr',
            description: 'Price change, high, low and volume of the last 24 hours for a trading pair.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^[A-Z0-9]{5,20}$)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getKlines: {
        postRequest: async ( { response, struct, payload } ) => {
            const frame = sharedLists.tradingTimeframes.find( ( entry ) => entry.alias === payload.interval )
            const candles = ( Array.isArray( response ) ? response : [] ).map( ( row ) => ( {
                openTime: new Date( row[ 0 ] ).toISOString(),
                open: Number( row[ 1 ] ),
                high: Number( row[ 2 ] ),
                low: Number( row[ 3 ] ),
                close: Number( row[ 4 ] ),
                volume: Number( row[ 5 ] )
            } ) )
            return { response: { interval: payload.interval, seconds: frame ? frame.seconds : null, candles } }
        }
    }
} )
