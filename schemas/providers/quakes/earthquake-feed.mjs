export const main = {
    namespace: 'quakes',
    name: 'EarthquakeFeed',
    description: 'Recent and historical earthquakes from a global seismic catalogue, searchable by time, magnitude and region.',
    version: '3.0.0',
    docs: [ 'https://seismic.quakes.example/fdsnws/event/1/' ],
    tags: [ 'geo', 'hazards', 'open-data' ],
    root: 'https://seismic.quakes.example/fdsnws/event/1',
    tools: {
        searchEvents: {
            method: 'GET',
            path: '/query',
            description: 'Earthquakes in a time window above a minimum magnitude, newest first, as GeoJSON features.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'starttime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'endtime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'minmagnitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(4.5)', 'min(0)', 'max(10)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(50)', 'min(1)', 'max(20000)' ] } },
                { position: { key: 'orderby', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(time,time-asc,magnitude,magnitude-asc)', options: [ 'default(time)' ] } }
            ]
        },
        searchNearby: {
            method: 'GET',
            path: '/query',
            description: 'Earthquakes within a radius (km) of a coordinate.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'maxradiuskm', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'default(100)', 'min(1)', 'max(20001)', 'optional()' ] } },
                { position: { key: 'date-min', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ]
        },
        getEvent: {
            method: 'GET',
            path: '/query',
            description: 'Full detail of one event by its catalogue id, including felt reports and tsunami flag.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'eventid', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(4)' ] } }
            ]
        },
        countEvents: {
            method: 'GET',
            path: '/count',
            description: 'Number of events that match a time window and minimum magnitude, without the events themselves.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'starttime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'endtime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'minmagnitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    searchEvents: {
        postRequest: async ( { response, struct, payload } ) => {
            const events = ( response?.features ?? [] ).map( ( feature ) => ( {
                id: feature.id,
                magnitude: feature.properties?.mag,
                place: feature.properties?.place,
                time: new Date( feature.properties?.time ?? 0 ).toISOString(),
                depthKm: feature.geometry?.coordinates?.[ 2 ] ?? null
            } ) )
            return { response: { count: events.length, events } }
        }
    }
} )
