// OpenAQ v3: open air-quality measurements from governments and research stations worldwide. Needs a free key.
export const main = {
    namespace: 'openaq',
    name: 'OpenAq',
    description: 'Air-quality monitoring locations near a coordinate and their latest PM2.5, PM10, ozone, NO2 and other readings, from the OpenAQ open-data platform; needs a free API key.',
    version: '3.0.0',
    docs: [ 'https://docs.openaq.org/using-the-api/quick-start', 'https://docs.openaq.org/resources/locations', 'https://docs.openaq.org/resources/latest' ],
    tags: [ 'air-quality', 'environment', 'open-data', 'api-key' ],
    root: 'https://api.openaq.org',
    requiredServerParams: [ 'OPENAQ_API_KEY' ],
    headers: { 'X-API-Key': '{{OPENAQ_API_KEY}}' },
    tools: {
        findLocations: {
            method: 'GET',
            path: '/v3/locations',
            description: 'Monitoring locations within a radius (metres, at most 25 km) of a coordinate given as "latitude,longitude", nearest first, with their sensors and the time of their last reading.',
            parameters: [
                { position: { key: 'coordinates', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'radius', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(25000)', 'default(10000)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Stations within 5 km of central Berlin', coordinates: '52.52,13.405', radius: 5000, limit: 2 }
            ]
        },
        getLocation: {
            method: 'GET',
            path: '/v3/locations/{{locationId}}',
            description: 'One monitoring location by id: name, locality, country, owner, provider, coordinates and sensors.',
            parameters: [
                { position: { key: 'locationId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'A Berlin station', locationId: 2993 }
            ]
        },
        getLatestMeasurements: {
            method: 'GET',
            path: '/v3/locations/{{locationId}}/latest',
            description: 'The latest value of every sensor of a location, with its UTC and local time; match sensorsId to the location sensors for the pollutant and unit.',
            parameters: [
                { position: { key: 'locationId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Latest readings of the Berlin station', locationId: 2993 }
            ]
        },
        listParameters: {
            method: 'GET',
            path: '/v3/parameters',
            description: 'The measured parameters (pollutants and weather values) with their ids, display names and units.',
            parameters: [],
            tests: [
                { _description: 'All parameters' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
