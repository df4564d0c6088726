export const main = {
    namespace: 'geocoder',
    name: 'Places',
    description: 'Forward and reverse geocoding of addresses and place names based on open map data.',
    version: '3.0.0',
    docs: [ 'https://geocoder.example/docs/search', 'https://geocoder.example/docs/reverse' ],
    tags: [ 'geo', 'maps', 'addresses' ],
    root: 'https://api.geocoder.example',
    headers: { 'User-Agent': 'toolkit-catalog/1.0 (+https://toolkit.example)' },
    sharedLists: [ { ref: 'isoCountryCodes', version: '3.0.0', filter: { key: 'region', in: [ 'Europe', 'Americas' ] } } ],
    tools: {
        searchAddress: {
            method: 'GET',
            path: '/search',
            description: 'Coordinates and structured address for a free-text query, best match first.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(200)' ] } },
                { position: { key: 'countrycodes', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum({{isoCountryCodes:alpha2}})', options: [ 'optional()' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(5)', 'min(1)', 'max(40)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'addressdetails', value: '1', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        reverseGeocode: {
            method: 'GET',
            path: '/reverse',
            description: 'Nearest address to a coordinate, at street, city or country zoom.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'zoom', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(3,10,14,18)', options: [ 'default(18)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        lookupOsmIds: {
            method: 'GET',
            path: '/lookup',
            description: 'Address details for up to 50 map object ids such as R146656 or W104393803.',
            parameters: [
                { position: { key: 'osm_ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [ 'min(1)', 'max(50)' ] } },
                { position: { key: 'format', value: 'jsonv2', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getStaticMap: {
            method: 'GET',
            path: '/staticmap',
            description: 'A PNG map image centred on a coordinate, returned as base64.',
            parameters: [
                { position: { key: 'center', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?$)' ] } },
                { position: { key: 'zoom', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(12)', 'min(1)', 'max(19)' ] } },
                { position: { key: 'size', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(256x256,512x512,640x480)', options: [ 'default(512x512)' ] } }
            ],
            output: {
                mimeType: 'image/png',
                schema: { type: 'string', format: 'base64', description: 'PNG image bytes' }
            }
        }
    }
}
