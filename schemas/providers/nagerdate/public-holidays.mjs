// Nager.Date: public holidays and long weekends for more than 100 countries. No key.
export const main = {
    namespace: 'nagerdate',
    name: 'NagerDateHolidays',
    description: 'Public holidays of a country and year, the next holidays, long weekends with bridge days, and whether today is a holiday, for more than 100 countries.',
    version: '3.0.0',
    docs: [ 'https://date.nager.at/Api', 'https://date.nager.at/swagger/index.html' ],
    tags: [ 'holidays', 'calendar', 'countries', 'no-key' ],
    root: 'https://date.nager.at',
    sharedLists: [
        { ref: 'isoCountryCodes', version: '3.0.0' }
    ],
    tools: {
        getPublicHolidays: {
            method: 'GET',
            path: '/api/v3/PublicHolidays/{{year}}/{{countryCode}}',
            description: 'Every public holiday of a country in a year, with local and English names, whether it is nationwide or only in some regions, and its type.',
            parameters: [
                { position: { key: 'year', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1975)', 'max(2075)' ] } },
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ],
            tests: [
                { _description: 'German holidays in 2025', year: 2025, countryCode: 'DE' },
                { _description: 'Brazilian holidays in 2026', year: 2026, countryCode: 'BR' }
            ]
        },
        getNextPublicHolidays: {
            method: 'GET',
            path: '/api/v3/NextPublicHolidays/{{countryCode}}',
            description: 'The public holidays of a country in the next 365 days.',
            parameters: [
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ],
            tests: [
                { _description: 'Upcoming holidays in Japan', countryCode: 'JP' }
            ]
        },
        getLongWeekends: {
            method: 'GET',
            path: '/api/v3/LongWeekend/{{year}}/{{countryCode}}',
            description: 'Long weekends of a year created by public holidays, with their length and the bridge days to take off.',
            parameters: [
                { position: { key: 'year', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1975)', 'max(2075)' ] } },
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ],
            tests: [
                { _description: 'Long weekends in Austria in 2025', year: 2025, countryCode: 'AT' }
            ]
        },
        isTodayPublicHoliday: {
            method: 'GET',
            path: '/api/v3/IsTodayPublicHoliday/{{countryCode}}',
            description: 'Whether today is a public holiday in a country: the answer is an empty body with HTTP 200 (yes) or 204 (no).',
            parameters: [
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ],
            tests: [
                { _description: 'Is today a holiday in France', countryCode: 'FR' }
            ]
        },
        getCountryInfo: {
            method: 'GET',
            path: '/api/v3/CountryInfo/{{countryCode}}',
            description: 'Common and official name, region and neighbouring countries of a country.',
            parameters: [
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ],
            tests: [
                { _description: 'Switzerland and its neighbours', countryCode: 'CH' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
