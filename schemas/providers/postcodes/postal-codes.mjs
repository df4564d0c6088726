export const main = {
    namespace: 'postcodes',
    name: 'PostalCodes',
    description: 'Postal code lookup with place names, administrative areas and coordinates for many countries.',
    version: '3.0.0',
    docs: [ 'https://postcodes.example/api' ],
    tags: [ 'geo', 'addresses' ],
    root: 'https://api.postcodes.example',
    sharedLists: [ { ref: 'isoCountryCodes', version: '3.0.0' } ],
    tools: {
        lookupPostalCode: {
            method: 'GET',
            path: '/:country/:postalCode',
            description: 'Places that share a postal code in a country, with state and coordinates.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{isoCountryCodes:alpha2}})', options: [] } },
                { position: { key: 'postalCode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(10)' ] } }
            ]
        },
        searchByPlace: {
            method: 'GET',
            path: '/:country/:state/:city',
            description: 'Postal codes of a city, given its country and state abbreviation.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum({{isoCountryCodes:alpha2}})', options: [] } },
                { position: { key: 'state', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(3)' ] } },
                { position: { key: 'city', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ]
        },
        validatePostalCodes: {
            method: 'POST',
            path: '/validate',
            description: 'Checks a batch of postal codes for one country and returns which exist.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } },
                { position: { key: 'codes', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'min(1)', 'max(100)' ] } }
            ]
        }
    }
}
