// REST Countries: names, codes, capitals, population, currencies and languages of every country. No key.
export const main = {
    namespace: 'restcountries',
    name: 'RestCountries',
    description: 'Facts about the countries of the world (names, ISO codes, capital, region, population, area, currencies, languages, time zones), searchable by name, code, region or currency.',
    version: '3.0.0',
    docs: [ 'https://restcountries.com/' ],
    tags: [ 'countries', 'geography', 'reference', 'no-key' ],
    root: 'https://restcountries.com',
    tools: {
        searchCountries: {
            method: 'GET',
            path: '/v3.1/name/{{name}}',
            description: 'Countries whose common or official name contains the text (any language of the native names), or only the exact full name when fullText is true.',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'fullText', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'default(false)' ] } },
                { position: { key: 'fields', value: 'name,cca2,cca3,capital,region,subregion,population,area,currencies,languages,timezones,flag,latlng', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Countries with "guinea" in their name', name: 'guinea' },
                { _description: 'Exactly India', name: 'india', fullText: true }
            ]
        },
        getCountry: {
            method: 'GET',
            path: '/v3.1/alpha/{{code}}',
            description: 'One country by its ISO 3166-1 alpha-2, alpha-3 or numeric code.',
            parameters: [
                { position: { key: 'code', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(3)' ] } },
                { position: { key: 'fields', value: 'name,cca2,cca3,capital,region,subregion,population,area,currencies,languages,timezones,borders,flag,latlng', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        name: { type: 'object', properties: { common: { type: 'string' }, official: { type: 'string' } } },
                        cca2: { type: 'string' },
                        cca3: { type: 'string' },
                        capital: { type: 'array', items: { type: 'string' } },
                        region: { type: 'string' },
                        population: { type: 'number' },
                        area: { type: 'number' },
                        borders: { type: 'array', items: { type: 'string' } }
                    }
                }
            },
            tests: [
                { _description: 'Germany by its alpha-2 code', code: 'de' },
                { _description: 'Japan by its alpha-3 code', code: 'JPN' }
            ]
        },
        listByRegion: {
            method: 'GET',
            path: '/v3.1/region/{{region}}',
            description: 'Every country of a region with its name, codes, capital and population.',
            parameters: [
                { position: { key: 'region', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(africa,americas,antarctic,asia,europe,oceania)', options: [] } },
                { position: { key: 'fields', value: 'name,cca2,cca3,capital,subregion,population', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The countries of Oceania', region: 'oceania' }
            ]
        },
        listByCurrency: {
            method: 'GET',
            path: '/v3.1/currency/{{currency}}',
            description: 'The countries that use a currency, by ISO 4217 code or name.',
            parameters: [
                { position: { key: 'currency', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'fields', value: 'name,cca2,capital,currencies', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Who pays in Swiss francs', currency: 'chf' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
