export const main = {
    namespace: 'transitly',
    name: 'Journeys',
    description: 'Public transport stops, live departures, journey planning, disruptions and fares for a regional transit network.',
    version: '3.2.1',
    docs: [ 'https://developer.transitly.example/rest', 'https://developer.transitly.example/rest/journeys' ],
    tags: [ 'transit', 'mobility', 'realtime' ],
    root: 'https://v6.transitly.example',
    requiredServerParams: [ 'TRANSITLY_CLIENT_ID' ],
    headers: { 'X-Client-Id': '{{TRANSITLY_CLIENT_ID}}' },
    tools: {
        searchStops: {
            method: 'GET',
            path: '/locations',
            description: 'Stops and stations whose name matches a query, best match first.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(5)', 'min(1)', 'max(50)' ] } },
                { position: { key: 'poi', value: 'false', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'addresses', value: 'false', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getNearbyStops: {
            method: 'GET',
            path: '/locations/nearby',
            description: 'Stops within walking distance (metres) of a coordinate.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'distance', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(500)', 'min(50)', 'max(5000)' ] } }
            ]
        },
        getDepartures: {
            method: 'GET',
            path: '/stops/:stopId/departures',
            description: 'Live departures from a stop with planned and predicted times, platform and direction.',
            parameters: [
                { position: { key: 'stopId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^\\d{6,9}$)' ] } },
                { position: { key: 'duration', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(30)', 'min(1)', 'max(720)' ] } },
                { position: { key: 'when', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'products', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [ 'optional()' ] } }
            ]
        },
        getArrivals: {
            method: 'GET',
            path: '/stops/:stopId/arrivals',
            description: 'Live arrivals at a stop with planned and predicted times and origin.',
            parameters: [
                { position: { key: 'stopId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^\\d{6,9}$)' ] } },
                { position: { key: 'duration', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(30)', 'min(1)', 'max(720)' ] } }
            ]
        },
        planJourney: {
            method: 'POST',
            path: '/journeys',
            description: 'Up to six connections between two stops, with legs, transfers, walking and delays.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'departure', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'optional()', 'default(3)', 'min(1)', 'max(6)' ] } },
                { position: { key: 'accessibility', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'enum(none,partial,complete)', options: [ 'default(none)' ] } },
                { position: { key: 'bike', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] } },
                { position: { key: 'language', value: 'en', location: 'body' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getTrip: {
            method: 'GET',
            path: '/trips/{{tripId}}',
            description: 'All stops of one vehicle trip with live times, for following a train or bus.',
            parameters: [
                { position: { key: 'tripId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(5)' ] } },
                { position: { key: 'polyline', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'default(false)' ] } }
            ]
        },
        getDisruptions: {
            method: 'GET',
            path: '/remarks',
            description: 'Current service disruptions, construction work and warnings, optionally for one line.',
            parameters: [
                { position: { key: 'line', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'max(10)' ] } },
                { position: { key: 'type', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(warning,hint,status)', options: [ 'optional()' ] } }
            ]
        },
        getFare: {
            method: 'GET',
            path: '/fares/:fromStopId/:toStopId',
            description: 'Single-ticket and day-ticket prices between two stops, in EUR.',
            parameters: [
                { position: { key: 'fromStopId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^\\d{6,9}$)' ] } },
                { position: { key: 'toStopId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^\\d{6,9}$)' ] } },
                { position: { key: 'reduced', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } }
            ],
            output: {
                mimeType: 'text/plain',
                schema: { type: 'string', description: 'Human-readable fare table' }
            }
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getDepartures: {
        preRequest: async ( { struct, payload } ) => {
            if( !Array.isArray( payload.products ) ) { return { struct, payload } }
            const url = struct.url.replace( /([?&])products=[^&]*/, ( match, separator ) => `${separator}products=${payload.products.join( ',' )}` )
            return { struct: { ...struct, url }, payload }
        },
        postRequest: async ( { response, struct, payload } ) => {
            const departures = ( response?.departures ?? [] ).map( ( item ) => ( {
                line: item.line?.name,
                direction: item.direction,
                planned: item.plannedWhen,
                expected: item.when,
                delayMinutes: typeof item.delay === 'number' ? Math.round( item.delay / 60 ) : null,
                platform: item.platform ?? null
            } ) )
            return { response: departures }
        }
    },
    getFare: {
        postRequest: async ( { response, struct, payload } ) => {
            const lines = ( response?.fares ?? [] ).map( ( fare ) => `${fare.name}: ${fare.price} EUR` )
            return { response: lines.join( '\n' ) }
        }
    }
} )
