export const main = {
    namespace: 'currencies',
    name: 'IsoCurrencies',
    description: 'ISO 4217 currencies and the countries that use them from a bundled SQLite table, with euro reference exchange rates of the European Central Bank through the Frankfurter API.',
    version: '3.0.0',
    docs: [ 'https://frankfurter.dev/', 'https://www.iso.org/iso-4217-currency-codes.html' ],
    tags: [ 'finance', 'currency', 'reference', 'offline' ],
    root: 'https://api.frankfurter.dev/v1',
    tools: {
        latestRates: {
            method: 'GET',
            path: '/latest',
            description: 'The latest ECB reference rates (working days, around 16:00 CET) from a base currency to others, optionally for an amount.',
            parameters: [
                { position: { key: 'base', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'default(EUR)', 'min(3)', 'max(3)' ] } },
                { position: { key: 'symbols', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'min(3)' ] } },
                { position: { key: 'amount', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(0)' ] } }
            ],
            tests: [
                { _description: 'Euro rates for every currency' },
                { _description: 'US dollar to euro and pound', base: 'USD', symbols: 'EUR,GBP' },
                { _description: '250 Swiss francs in yen', base: 'CHF', symbols: 'JPY', amount: 250 }
            ]
        },
        ratesOnDate: {
            method: 'GET',
            path: '/{{date}}',
            description: 'The ECB reference rates of one past day (YYYY-MM-DD, from 1999-01-04); a day without rates gives the working day before.',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'base', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'default(EUR)', 'min(3)', 'max(3)' ] } },
                { position: { key: 'symbols', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'min(3)' ] } }
            ],
            tests: [
                { _description: 'The first day of the euro', date: '1999-01-04' },
                { _description: 'Dollar rates on a weekday', date: '2020-03-16', base: 'USD' },
                { _description: 'One pair on a day', date: '2010-05-07', base: 'EUR', symbols: 'GBP' }
            ]
        },
        listCurrencies: {
            method: 'GET',
            path: '/currencies',
            description: 'Every currency with an ECB reference rate, code and English name.',
            parameters: [],
            tests: [
                { _description: 'All currencies' },
                { _description: 'All currencies again (the list changes rarely)' },
                { _description: 'All currencies, to compare with the ISO table' }
            ]
        }
    },
    resources: {
        iso: {
            source: 'sqlite',
            database: 'iso-currencies.db',
            origin: 'inline',
            description: 'Fifty-two ISO 4217 currencies (code, numeric code, name, minor units, ECB reference rate or not) and seventy-six countries with the currency they use.',
            queries: {
                getSchema: {
                    sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
                    description: 'Table names and their CREATE statements.',
                    parameters: {},
                    output: { columns: [ 'name', 'sql' ] }
                },
                currencyByCode: {
                    sql: 'SELECT code, numeric_code, name, minor_units, ecb_reference FROM currencies WHERE code = ?',
                    description: 'One currency by its three-letter code (upper case, e.g. JPY).',
                    parameters: {
                        code: { type: 'string', required: true, description: 'ISO 4217 alphabetic code such as JPY' }
                    },
                    output: { columns: [ 'code', 'numeric_code', 'name', 'minor_units', 'ecb_reference' ] }
                },
                currencyOfCountry: {
                    sql: 'SELECT k.alpha2, k.name AS country, c.code, c.name AS currency, c.minor_units, c.ecb_reference FROM countries k JOIN currencies c ON c.code = k.currency WHERE k.alpha2 = ?',
                    description: 'The currency a country uses, by its ISO 3166-1 alpha-2 code (upper case, e.g. CH).',
                    parameters: {
                        country: { type: 'string', required: true, description: 'ISO 3166-1 alpha-2 country code such as CH' }
                    },
                    output: { columns: [ 'alpha2', 'country', 'code', 'currency', 'minor_units', 'ecb_reference' ] }
                },
                countriesUsing: {
                    sql: 'SELECT alpha2, name FROM countries WHERE currency = ? ORDER BY name',
                    description: 'The countries of the table that use a currency (e.g. EUR, XOF).',
                    parameters: {
                        code: { type: 'string', required: true, description: 'ISO 4217 alphabetic code such as EUR' }
                    },
                    output: { columns: [ 'alpha2', 'name' ] }
                },
                ecbCurrencies: {
                    sql: 'SELECT code, name, minor_units FROM currencies WHERE ecb_reference = 1 ORDER BY code',
                    description: 'The currencies the exchange-rate tools can convert (euro and the currencies with an ECB reference rate).',
                    parameters: {},
                    output: { columns: [ 'code', 'name', 'minor_units' ] }
                },
                searchCurrencies: {
                    sql: "SELECT code, name, minor_units FROM currencies WHERE name LIKE '%' || ? || '%' ORDER BY code",
                    description: 'Currencies whose ISO name contains the given text, case-insensitive (e.g. dinar, peso).',
                    parameters: {
                        text: { type: 'string', required: true, description: 'Part of a currency name' }
                    },
                    output: { columns: [ 'code', 'name', 'minor_units' ] }
                }
            }
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    },
    skills: {
        'convert-between-countries': { file: './skills/convert-between-countries.mjs' }
    }
}
