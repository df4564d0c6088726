export const main = {
    namespace: 'tidegauge',
    name: 'TidePredictions',
    description: 'High and low tide predictions and observed water levels from coastal tide stations.',
    version: '3.0.0',
    docs: [ 'https://tidegauge.example/api/docs' ],
    tags: [ 'ocean', 'weather', 'open-data' ],
    root: 'https://api.tidegauge.example/datagetter',
    tools: {
        getTidePredictions: {
            method: 'GET',
            path: '/predictions',
            description: 'Predicted high and low tides for a station between two dates (YYYYMMDD).',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\d{7}$)' ] } },
                { position: { key: 'begin_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(8)' ] } },
                { position: { key: 'end_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(8)' ] } },
                { position: { key: 'datum', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(MLLW,MSL,MHHW,NAVD)', options: [ 'default(MLLW)' ] } },
                { position: { key: 'interval', value: 'hilo', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,english)', options: [ 'default(metric)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getWaterLevels: {
            method: 'GET',
            path: '/water_level',
            description: 'Observed water levels at six-minute intervals for the last hours at a station.',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\d{7}$)' ] } },
                { position: { key: 'range', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(24)', 'min(1)', 'max(744)' ] } },
                { position: { key: 'datum', value: 'MLLW', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        findStations: {
            method: 'GET',
            path: '/stations',
            description: 'Tide stations in a US state or territory (two-letter code).',
            parameters: [
                { position: { key: 'state', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'length(2)' ] } },
                { position: { key: 'type', value: 'tidepredictions', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}
