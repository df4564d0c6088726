export const main = {
    namespace: 'holidays',
    name: 'PublicHolidays',
    description: 'Public holidays, long weekends and working-day checks for more than 100 countries.',
    version: '3.0.0',
    docs: [ 'https://holidays.example/swagger' ],
    tags: [ 'calendar', 'open-data' ],
    root: 'https://api.holidays.example/api/v3',
    sharedLists: [ { ref: 'isoCountryCodes', version: '3.0.0' } ],
    tools: {
        getPublicHolidays: {
            method: 'GET',
            path: '/PublicHolidays/:year/:countryCode',
            description: 'All public holidays of a year in a country, with local and English names and whether they are nationwide.',
            parameters: [
                { position: { key: 'year', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1975)', 'max(2075)' ] } },
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ]
        },
        getNextHolidays: {
            method: 'GET',
            path: '/NextPublicHolidays/:countryCode',
            description: 'Public holidays of a country in the next 365 days.',
            parameters: [
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ]
        },
        getLongWeekends: {
            method: 'GET',
            path: '/LongWeekend/:year/:countryCode',
            description: 'Long weekends of a year, and whether a bridge day is needed to get them.',
            parameters: [
                { position: { key: 'year', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1975)', 'max(2075)' ] } },
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } }
            ]
        },
        isTodayHoliday: {
            method: 'GET',
            path: '/IsTodayPublicHoliday/:countryCode',
            description: 'Whether today is a public holiday in a country (answers true or false).',
            parameters: [
                { position: { key: 'countryCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } },
                { position: { key: 'offset', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(-12)', 'max(12)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    isTodayHoliday: {
        postRequest: async ( { response, struct, payload } ) => {
            const country = sharedLists.isoCountryCodes.find( ( entry ) => entry.alpha2 === payload.countryCode )
            return { response: { country: country ? country.name : payload.countryCode, holiday: response === true || response?.status === 200 } }
        }
    }
} )
