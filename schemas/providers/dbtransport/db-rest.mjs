// db-rest (v6.db.transport.rest): a community REST API over Deutsche Bahn's public timetable data. No key.
export const main = {
    namespace: 'dbtransport',
    name: 'DeutscheBahnRest',
    description: 'German public transport from Deutsche Bahn data: find stations, live departures and arrivals with delays and platforms, and journeys between two stations.',
    version: '3.0.0',
    docs: [ 'https://v6.db.transport.rest/', 'https://v6.db.transport.rest/api.html' ],
    tags: [ 'public-transport', 'trains', 'germany', 'realtime', 'no-key' ],
    root: 'https://v6.db.transport.rest',
    tools: {
        searchStations: {
            method: 'GET',
            path: '/locations',
            description: 'Stations and stops matching a name, with their id (IBNR), coordinates and the products that serve them.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(50)', 'default(5)' ] } },
                { position: { key: 'stops', value: 'true', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'addresses', value: 'false', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'poi', value: 'false', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Berlin main station', query: 'berlin hbf', results: 1 }
            ]
        },
        getDepartures: {
            method: 'GET',
            path: '/stops/{{stationId}}/departures',
            description: 'Departures from a station in the next minutes, with line, direction, planned and expected time, delay in seconds and platform.',
            parameters: [
                { position: { key: 'stationId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(6)' ] } },
                { position: { key: 'duration', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(720)', 'default(30)' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'The next departures at Berlin Hbf', stationId: '8011160', results: 2 }
            ]
        },
        getArrivals: {
            method: 'GET',
            path: '/stops/{{stationId}}/arrivals',
            description: 'Arrivals at a station in the next minutes, with line, origin, planned and expected time, delay and platform.',
            parameters: [
                { position: { key: 'stationId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(6)' ] } },
                { position: { key: 'duration', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(720)', 'default(30)' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Arrivals at München Hbf', stationId: '8000261', results: 1 }
            ]
        },
        findJourneys: {
            method: 'GET',
            path: '/journeys',
            description: 'Connections between two stations (ids), leaving now or at a given ISO time, with every leg, changes, delays and platforms.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(6)' ] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(6)' ] } },
                { position: { key: 'departure', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(10)', 'default(3)' ] } }
            ],
            tests: [
                { _description: 'Berlin to Hamburg tomorrow morning', from: '8011160', to: '8002549', departure: '2025-06-13T08:00:00+02:00', results: 1 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
