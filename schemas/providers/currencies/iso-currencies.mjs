export const main = {
    namespace: 'currencies',
    name: 'IsoCurrencies',
    description: 'ISO 4217 currencies and the countries that use them, from a bundled SQLite table; its skill converts between the currencies of two countries with the exchange-rate tools of the frankfurter provider.',
    version: '3.0.0',
    docs: [ 'https://www.iso.org/iso-4217-currency-codes.html' ],
    tags: [ 'finance', 'currency', 'reference', 'offline' ],
    root: '',
    tools: {},
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
                    description: 'The currencies the frankfurter exchange-rate tools can convert (the euro and the currencies with an ECB reference rate).',
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
