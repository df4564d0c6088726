// postcodes.io: UK postcodes with coordinates and administrative areas, from Ordnance Survey and ONS open data. No key.
export const main = {
    namespace: 'postcodesio',
    name: 'PostcodesIo',
    description: 'Look up, validate and autocomplete UK postcodes, find the postcodes nearest to a coordinate, and read outward-code areas, from open Ordnance Survey and ONS data.',
    version: '3.0.0',
    docs: [ 'https://postcodes.io/docs/overview', 'https://postcodes.io/docs/api' ],
    tags: [ 'postal-codes', 'geocoding', 'united-kingdom', 'open-government-data', 'no-key' ],
    root: 'https://api.postcodes.io',
    tools: {
        lookupPostcode: {
            method: 'GET',
            path: '/postcodes/{{postcode}}',
            description: 'A full UK postcode (with or without the space) with coordinates, country, region, local authority, ward, parliamentary constituency and statistical areas.',
            parameters: [
                { position: { key: 'postcode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(5)', 'max(8)' ] } }
            ],
            tests: [
                { _description: 'Downing Street', postcode: 'SW1A 2AA' }
            ]
        },
        validatePostcode: {
            method: 'GET',
            path: '/postcodes/{{postcode}}/validate',
            description: 'Whether a string is a UK postcode in use (result true or false).',
            parameters: [
                { position: { key: 'postcode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(8)' ] } }
            ],
            tests: [
                { _description: 'A valid postcode in Edinburgh', postcode: 'EH1 1YZ' },
                { _description: 'A made-up postcode', postcode: 'ZZ99 9ZZ' }
            ]
        },
        nearestPostcodes: {
            method: 'GET',
            path: '/postcodes',
            description: 'The postcodes nearest to a coordinate in the UK, within a radius in metres, nearest first with their distance.',
            parameters: [
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-9)', 'max(2)' ] } },
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(49)', 'max(61)' ] } },
                { position: { key: 'radius', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(2000)', 'default(100)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Near Manchester Piccadilly station', lon: -2.2309, lat: 53.4774, limit: 2 }
            ]
        },
        autocompletePostcode: {
            method: 'GET',
            path: '/postcodes/{{partial}}/autocomplete',
            description: 'Postcodes that start with a partial postcode, for completing user input (at most 100).',
            parameters: [
                { position: { key: 'partial', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(8)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Postcodes starting with CB2 1', partial: 'CB2 1', limit: 3 }
            ]
        },
        lookupOutcode: {
            method: 'GET',
            path: '/outcodes/{{outcode}}',
            description: 'An outward code (the part before the space, e.g. M1) with its centre, local authorities, wards and countries.',
            parameters: [
                { position: { key: 'outcode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(4)' ] } }
            ],
            tests: [
                { _description: 'The M1 outward code', outcode: 'M1' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
