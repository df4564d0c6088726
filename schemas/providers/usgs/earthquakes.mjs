// USGS Earthquake Hazards Program: the FDSN event web service and the real-time GeoJSON feeds. No key.
export const main = {
    namespace: 'usgs',
    name: 'UsgsEarthquakes',
    description: 'Earthquakes worldwide from the U.S. Geological Survey: search the event catalog by time, magnitude and distance, count events, look one up, or read the real-time summary feeds.',
    version: '3.0.0',
    docs: [ 'https://earthquake.usgs.gov/fdsnws/event/1/', 'https://earthquake.usgs.gov/earthquakes/feed/v1.0/geojson.php' ],
    tags: [ 'earthquakes', 'geology', 'hazards', 'open-government-data', 'no-key' ],
    root: 'https://earthquake.usgs.gov',
    tools: {
        searchEarthquakes: {
            method: 'GET',
            path: '/fdsnws/event/1/query',
            description: 'Earthquakes from the USGS catalog as GeoJSON, filtered by time window (ISO 8601 dates, UTC), minimum magnitude and optionally a circle around a coordinate; newest first unless another order is asked for.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'starttime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'endtime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'minmagnitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-1)', 'max(10)', 'optional()' ] } },
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)', 'optional()' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)', 'optional()' ] } },
                { position: { key: 'maxradiuskm', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'max(20001)', 'optional()' ] } },
                { position: { key: 'orderby', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(time,time-asc,magnitude,magnitude-asc)', options: [ 'default(time)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(200)', 'default(20)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        metadata: { type: 'object', properties: { count: { type: 'number' }, title: { type: 'string' } } },
                        features: {
                            type: 'array',
                            items: {
                                type: 'object',
                                properties: {
                                    id: { type: 'string' },
                                    properties: {
                                        type: 'object',
                                        properties: {
                                            mag: { type: 'number', nullable: true },
                                            place: { type: 'string', nullable: true },
                                            time: { type: 'number', description: 'Milliseconds since the epoch, UTC' },
                                            url: { type: 'string', format: 'uri' },
                                            tsunami: { type: 'number' },
                                            title: { type: 'string' }
                                        }
                                    },
                                    geometry: { type: 'object', properties: { coordinates: { type: 'array', items: { type: 'number' }, description: 'Longitude, latitude, depth in km' } } }
                                }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'Magnitude 5 and above in the first week of June 2025', starttime: '2025-06-01', endtime: '2025-06-08', minmagnitude: 5 },
                { _description: 'The strongest quakes within 300 km of Tokyo since May 2025', starttime: '2025-05-01', minmagnitude: 4, latitude: 35.68, longitude: 139.69, maxradiuskm: 300, orderby: 'magnitude', limit: 3 }
            ]
        },
        countEarthquakes: {
            method: 'GET',
            path: '/fdsnws/event/1/count',
            description: 'How many earthquakes the catalog holds for a time window and minimum magnitude, without fetching them.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'starttime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'endtime', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'minmagnitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-1)', 'max(10)', 'optional()' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: { type: 'object', properties: { count: { type: 'number' }, maxAllowed: { type: 'number' } } }
            },
            tests: [
                { _description: 'Magnitude 6 and above during 2024', starttime: '2024-01-01', endtime: '2025-01-01', minmagnitude: 6 }
            ]
        },
        getEarthquake: {
            method: 'GET',
            path: '/fdsnws/event/1/query',
            description: 'One earthquake by its USGS event id (for example us7000m9g4), with magnitude, place, time, depth and alert level.',
            parameters: [
                { position: { key: 'format', value: 'geojson', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'eventid', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(4)' ] } }
            ],
            tests: [
                { _description: 'The 2024 Noto Peninsula earthquake', eventid: 'us6000m0xl' }
            ]
        },
        getRecentFeed: {
            method: 'GET',
            path: '/earthquakes/feed/v1.0/summary/{{magnitude}}_{{period}}.geojson',
            description: 'The real-time summary feed, updated every minute: significant events, or all events above magnitude 4.5, 2.5 or 1.0, over the past hour, day, week or month.',
            parameters: [
                { position: { key: 'magnitude', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(significant,4.5,2.5,1.0,all)', options: [ 'default(significant)' ] } },
                { position: { key: 'period', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(hour,day,week,month)', options: [ 'default(week)' ] } }
            ],
            tests: [
                { _description: 'Significant earthquakes of the past week' },
                { _description: 'Magnitude 4.5 and above today', magnitude: '4.5', period: 'day' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
