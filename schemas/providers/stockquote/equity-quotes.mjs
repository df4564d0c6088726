export const main = {
    namespace: 'stockquote',
    name: 'EquityQuotes',
    description: 'Delayed stock quotes, candles and company profiles for listed equities on major exchanges.',
    version: '3.1.0',
    docs: [ 'https://stockquote.example/docs' ],
    tags: [ 'finance', 'stocks', 'market-data' ],
    root: 'https://api.stockquote.example/v1',
    requiredServerParams: [ 'STOCKQUOTE_API_KEY' ],
    headers: { 'X-API-Key': '{{STOCKQUOTE_API_KEY}}', Accept: 'application/json' },
    sharedLists: [ { ref: 'tradingTimeframes', version: '3.0.0' } ],
    tools: {
        getQuote: {
            method: 'GET',
            path: '/quote/{{symbol}}',
            description: 'Last price, change, day range and volume for one ticker symbol (15 minutes delayed).',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(12)', 'regex(^[A-Z0-9.\\-]{1,12}$)' ] } }
            ]
        },
        getCandles: {
            method: 'GET',
            path: '/candles/{{symbol}}',
            description: 'OHLCV candles for a symbol at the chosen interval, newest last.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(12)' ] } },
                { position: { key: 'interval', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$tradingTimeframes' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(100)', 'min(1)', 'max(1000)' ] } },
                { position: { key: 'adjusted', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'default(true)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            time: { type: 'string', format: 'date-time' },
                            open: { type: 'number' },
                            high: { type: 'number' },
                            low: { type: 'number' },
                            close: { type: 'number' },
                            volume: { type: 'number' }
                        }
                    }
                }
            }
        },
        searchSymbols: {
            method: 'GET',
            path: '/search',
            description: 'Finds ticker symbols by company name or partial symbol.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'exchange', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(NYSE,NASDAQ,LSE,XETRA,TSE,HKEX)', options: [ 'optional()' ] } }
            ]
        },
        getCompanyProfile: {
            method: 'GET',
            path: '/profile/:symbol',
            description: 'Company name, sector, industry, country, market capitalisation and website for a ticker.',
            parameters: [
                { position: { key: 'symbol', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getMarketStatus: {
            method: 'GET',
            path: '/market-status',
            description: 'Whether an exchange is open now and the next opening and closing times.',
            parameters: [
                { position: { key: 'exchange', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(NYSE,NASDAQ,LSE,XETRA,TSE,HKEX)', options: [ 'default(NYSE)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getQuote: {
        preRequest: async ( { struct, payload } ) => {
            const url = struct.url.replace( /\/quote\/([^/?]+)/, ( match, symbol ) => `/quote/${symbol.toUpperCase()}` )
            return { struct: { ...struct, url }, payload }
        }
    },
    getCandles: {
        postRequest: async ( { response, struct, payload } ) => {
            const rows = Array.isArray( response?.candles ) ? response.candles : []
            const candles = rows.map( ( [ time, open, high, low, close, volume ] ) => ( {
                time: new Date( time * 1000 ).toISOString(), open, high, low, close, volume
            } ) )
            return { response: candles }
        }
    }
} )
