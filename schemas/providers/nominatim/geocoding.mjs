// Nominatim: geocoding over OpenStreetMap data. No key; at most one request per second and a User-Agent naming the caller.
export const main = {
    namespace: 'nominatim',
    name: 'NominatimGeocoding',
    description: 'Find places, addresses and landmarks by name and turn coordinates into addresses, from OpenStreetMap data through the Nominatim service.',
    version: '3.0.0',
    docs: [ 'https://nominatim.org/release-docs/latest/api/Overview/', 'https://operations.osmfoundation.org/policies/nominatim/' ],
    tags: [ 'geocoding', 'maps', 'openstreetmap', 'addresses', 'no-key' ],
    root: 'https://nominatim.openstreetmap.org',
    headers: { 'User-Agent': 'toolkit-catalog/1.0 (MCP tools for the Nominatim API)' },
    tools: {
        searchPlaces: {
            method: 'GET',
            path: '/search',
            description: 'Places matching a free-form query ("Brandenburger Tor, Berlin", "10 Downing Street"), best match first, with coordinates, type, bounding box and address parts.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'countrycodes', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(40)', 'default(5)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'addressdetails', value: '1', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The Brandenburg Gate', q: 'Brandenburger Tor, Berlin', limit: 1 },
                { _description: 'Springfield, only in the United States', q: 'Springfield', countrycodes: 'us', limit: 2 }
            ]
        },
        reverseGeocode: {
            method: 'GET',
            path: '/reverse',
            description: 'The address of a coordinate, at a level of detail from country (zoom 3) to building (zoom 18).',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'zoom', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'max(18)', 'default(18)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The building at the Eiffel Tower', lat: 48.8584, lon: 2.2945 },
                { _description: 'Only the city of a point in Kyoto', lat: 35.0116, lon: 135.7681, zoom: 10 }
            ]
        },
        lookupOsmObjects: {
            method: 'GET',
            path: '/lookup',
            description: 'Address details of OpenStreetMap objects by id, comma-separated with a type letter: N node, W way, R relation (for example R146656,W104393803).',
            parameters: [
                { position: { key: 'osm_ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The relation of the city of Manchester', osm_ids: 'R146656' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
