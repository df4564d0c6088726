export const main = {
    namespace: 'fxrates',
    name: 'ExchangeRates',
    description: 'Daily reference exchange rates for 160 currencies, with historical rates back to 1999 and amount conversion.',
    version: '3.0.0',
    docs: [ 'https://docs.fxrates.example/v2', 'https://docs.fxrates.example/v2/time-series' ],
    tags: [ 'finance', 'currency', 'cacheTtlDaily' ],
    root: 'https://api.fxrates.example/v2',
    requiredServerParams: [ 'FXRATES_API_KEY' ],
    tools: {
        getLatestRates: {
            method: 'GET',
            path: '/latest',
            description: 'Latest reference rates for a base currency. Rates are published once per business day at 16:00 CET.',
            parameters: [
                { position: { key: 'base', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(3)', 'default(EUR)' ] } },
                { position: { key: 'symbols', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'regex(^[A-Z]{3}(,[A-Z]{3})*$)' ] } },
                { position: { key: 'access_key', value: '{{SERVER_PARAM:FXRATES_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        base: { type: 'string', description: 'Base currency code' },
                        date: { type: 'string', format: 'date-time' },
                        rates: { type: 'object', description: 'Currency code to rate' }
                    }
                }
            }
        },
        getHistoricalRates: {
            method: 'GET',
            path: '/:date',
            description: 'Reference rates for one past business day (YYYY-MM-DD). Weekends return the preceding Friday.',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^\\d{4}-\\d{2}-\\d{2}$)' ] } },
                { position: { key: 'base', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'length(3)' ] } },
                { position: { key: 'access_key', value: '{{SERVER_PARAM:FXRATES_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        convertAmount: {
            method: 'GET',
            path: '/convert',
            description: 'Converts an amount from one currency to another at the latest or a historical rate.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(3)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(3)' ] } },
                { position: { key: 'amount', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'access_key', value: '{{SERVER_PARAM:FXRATES_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getTimeSeries: {
            method: 'GET',
            path: '/timeseries',
            description: 'Daily rates between two dates (at most 365 days apart) for the selected currencies.',
            parameters: [
                { position: { key: 'start_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'end_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'base', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'default(EUR)', 'length(3)' ] } },
                { position: { key: 'symbols', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [ 'optional()', 'max(20)' ] } },
                { position: { key: 'access_key', value: '{{SERVER_PARAM:FXRATES_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}
