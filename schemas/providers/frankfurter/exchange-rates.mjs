// Frankfurter: the European Central Bank's daily euro reference rates, since 1999. No key.
export const main = {
    namespace: 'frankfurter',
    name: 'FrankfurterRates',
    description: 'Foreign exchange reference rates published by the European Central Bank: latest, for a past date, or as a time series, for about 30 currencies.',
    version: '3.0.0',
    docs: [ 'https://frankfurter.dev/' ],
    tags: [ 'currency', 'exchange-rates', 'finance', 'no-key' ],
    root: 'https://api.frankfurter.app',
    sharedLists: [
        { ref: 'ecbCurrencies', version: '3.0.0' }
    ],
    tools: {
        getLatestRates: {
            method: 'GET',
            path: '/latest',
            description: 'The latest reference rates (updated around 16:00 CET on working days) from a base currency to all or some others, optionally for an amount.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$ecbCurrencies', 'default(EUR)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'amount', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'optional()' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        amount: { type: 'number' },
                        base: { type: 'string' },
                        date: { type: 'string' },
                        rates: { type: 'object', description: 'Currency code to the value of amount base in it' }
                    }
                }
            },
            tests: [
                { _description: 'Euro to US dollar and pound', to: 'USD,GBP' },
                { _description: '250 Swiss francs in every currency', from: 'CHF', amount: 250 }
            ]
        },
        getHistoricalRates: {
            method: 'GET',
            path: '/{{date}}',
            description: 'The reference rates of a past working day (YYYY-MM-DD, from 1999-01-04); a weekend or holiday gives the last working day before it.',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$ecbCurrencies', 'default(EUR)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Dollar to yen on the first day of 2020', date: '2020-01-02', from: 'USD', to: 'JPY' }
            ]
        },
        getTimeSeries: {
            method: 'GET',
            path: '/{{startDate}}..{{endDate}}',
            description: 'Daily reference rates between two dates (YYYY-MM-DD); without an end date, up to today. Long ranges are thinned to weekly values.',
            parameters: [
                { position: { key: 'startDate', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'endDate', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)', 'optional()' ] } },
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$ecbCurrencies', 'default(EUR)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Euro to dollar in the first week of June 2025', startDate: '2025-06-02', endDate: '2025-06-06', to: 'USD' }
            ]
        },
        listCurrencies: {
            method: 'GET',
            path: '/currencies',
            description: 'The currencies with reference rates, by ISO code with their names.',
            parameters: [],
            tests: [
                { _description: 'All currencies' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
