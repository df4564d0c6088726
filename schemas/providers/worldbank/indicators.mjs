// World Bank Indicators API: development data of every country (GDP, population, health, education, …). No key.
export const main = {
    namespace: 'worldbank',
    name: 'WorldBankIndicators',
    description: 'Time series of World Bank development indicators (GDP, population, life expectancy, CO2 emissions, …) for countries and regions, country facts and indicator definitions.',
    version: '3.0.0',
    docs: [ 'https://datahelpdesk.worldbank.org/knowledgebase/articles/889392-about-the-indicators-api-documentation', 'https://datahelpdesk.worldbank.org/knowledgebase/articles/898581-api-basic-call-structures' ],
    tags: [ 'economics', 'statistics', 'development', 'open-government-data', 'no-key' ],
    root: 'https://api.worldbank.org',
    tools: {
        getIndicatorData: {
            method: 'GET',
            path: '/v2/country/{{country}}/indicator/{{indicator}}',
            description: 'Yearly values of an indicator (e.g. NY.GDP.MKTP.CD GDP in current US$, SP.POP.TOTL population, SP.DYN.LE00.IN life expectancy) for a country (ISO code), several (DE;FR) or all, over a year range (2015:2023) or the most recent N values.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'indicator', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'mrv', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(60)', 'optional()' ] } },
                { position: { key: 'per_page', value: '100', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'GDP of Germany 2020 to 2023', country: 'DE', indicator: 'NY.GDP.MKTP.CD', date: '2020:2023' },
                { _description: 'The latest population of India and Brazil', country: 'IND;BRA', indicator: 'SP.POP.TOTL', mrv: 1 }
            ]
        },
        getCountry: {
            method: 'GET',
            path: '/v2/country/{{country}}',
            description: 'A country as the World Bank classifies it: region, income level, lending type, capital and coordinates.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(3)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Kenya', country: 'KE' }
            ]
        },
        getIndicator: {
            method: 'GET',
            path: '/v2/indicator/{{indicator}}',
            description: 'What an indicator measures: its name, unit, source, definition and topics.',
            parameters: [
                { position: { key: 'indicator', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'CO2 emissions per capita', indicator: 'EN.GHG.CO2.PC.CE.AR5' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
