// Zippopotam.us: places of a postal code and postal codes of a place, for about 60 countries. No key.
export const main = {
    namespace: 'zippopotam',
    name: 'ZippopotamPostalCodes',
    description: 'Place names, states and coordinates of a postal code, and the postal codes of a city, for about sixty countries.',
    version: '3.0.0',
    docs: [ 'https://www.zippopotam.us/' ],
    tags: [ 'postal-codes', 'geocoding', 'addresses', 'no-key' ],
    root: 'https://api.zippopotam.us',
    tools: {
        lookupPostalCode: {
            method: 'GET',
            path: '/{{country}}/{{postalCode}}',
            description: 'The places that share a postal code, with state and coordinates (Great Britain: the outward code only, e.g. SW1A).',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(us,ca,gb,de,fr,es,it,nl,be,ch,at,au,nz,in,jp,br,mx,pl,se,no,dk,fi,pt,cz,za,tr)', options: [] } },
                { position: { key: 'postalCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(10)' ] } }
            ],
            tests: [
                { _description: 'Beverly Hills 90210', country: 'us', postalCode: '90210' },
                { _description: 'A postal code in Munich', country: 'de', postalCode: '80331' }
            ]
        },
        findPostalCodes: {
            method: 'GET',
            path: '/{{country}}/{{state}}/{{city}}',
            description: 'The postal codes of a city in a state (state abbreviation as used locally, e.g. ma for Massachusetts).',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(us,ca,de,fr,es,it,au)', options: [] } },
                { position: { key: 'state', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'city', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'Belmont, Massachusetts', country: 'us', state: 'ma', city: 'belmont' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
