// NOAA CO-OPS Tides and Currents: tide predictions and observed water levels at US stations. No key.
export const main = {
    namespace: 'noaatides',
    name: 'NoaaTidesAndCurrents',
    description: 'Tide predictions (high and low water), observed water levels and water temperature at NOAA tide stations of the United States, and station details.',
    version: '3.0.0',
    docs: [ 'https://api.tidesandcurrents.noaa.gov/api/prod/', 'https://api.tidesandcurrents.noaa.gov/mdapi/prod/' ],
    tags: [ 'tides', 'ocean', 'united-states', 'open-government-data', 'no-key' ],
    root: 'https://api.tidesandcurrents.noaa.gov',
    tools: {
        getTidePredictions: {
            method: 'GET',
            path: '/api/prod/datagetter',
            description: 'Predicted high and low tides at a station between two dates (yyyyMMdd), in local time, heights above mean lower low water.',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(7)', 'max(7)' ] } },
                { position: { key: 'begin_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(8)', 'max(8)' ] } },
                { position: { key: 'end_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(8)', 'max(8)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,english)', options: [ 'default(metric)' ] } },
                { position: { key: 'product', value: 'predictions', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'datum', value: 'MLLW', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'interval', value: 'hilo', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'application', value: 'toolkit', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'time_zone', value: 'lst_ldt', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Two days of tides at San Francisco', station: '9414290', begin_date: '20250612', end_date: '20250613' }
            ]
        },
        getWaterLevel: {
            method: 'GET',
            path: '/api/prod/datagetter',
            description: 'Observed water level at a station: the latest six-minute value, today so far, or the last three days.',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(7)', 'max(7)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(latest,today,recent)', options: [ 'default(latest)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,english)', options: [ 'default(metric)' ] } },
                { position: { key: 'product', value: 'water_level', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'datum', value: 'MLLW', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'application', value: 'toolkit', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'time_zone', value: 'lst_ldt', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The latest water level at The Battery, New York', station: '8518750' }
            ]
        },
        getWaterTemperature: {
            method: 'GET',
            path: '/api/prod/datagetter',
            description: 'Observed water temperature at a station: the latest value, today so far, or the last three days.',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(7)', 'max(7)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(latest,today,recent)', options: [ 'default(latest)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,english)', options: [ 'default(metric)' ] } },
                { position: { key: 'product', value: 'water_temperature', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'application', value: 'toolkit', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'time_zone', value: 'lst_ldt', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Water temperature at Key West in Fahrenheit', station: '8724580', units: 'english' }
            ]
        },
        getStation: {
            method: 'GET',
            path: '/mdapi/prod/webapi/stations/{{station}}.json',
            description: 'Details of a station: name, state, coordinates, time zone and whether it predicts tides.',
            parameters: [
                { position: { key: 'station', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(7)', 'max(7)' ] } }
            ],
            tests: [
                { _description: 'The San Francisco station', station: '9414290' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
