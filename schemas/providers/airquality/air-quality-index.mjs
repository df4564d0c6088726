export const main = {
    namespace: 'airquality',
    name: 'AirQualityIndex',
    description: 'Air quality index and pollutant concentrations (PM2.5, PM10, ozone, NO2) from monitoring stations worldwide.',
    version: '3.0.0',
    docs: [ 'https://airquality.example/api' ],
    tags: [ 'environment', 'health', 'weather' ],
    root: 'https://api.airquality.example',
    requiredServerParams: [ 'AIRQUALITY_TOKEN' ],
    sharedLists: [ { ref: 'isoCountryCodes', version: '3.0.0' } ],
    tools: {
        getCityIndex: {
            method: 'GET',
            path: '/feed/:city/',
            description: 'Current AQI, dominant pollutant and per-pollutant sub-indices for a city.',
            parameters: [
                { position: { key: 'city', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:AIRQUALITY_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getNearestStation: {
            method: 'GET',
            path: '/feed/geo::lat;:lon/',
            description: 'AQI of the monitoring station nearest to a coordinate.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:AIRQUALITY_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getCountryRanking: {
            method: 'GET',
            path: '/ranking',
            description: 'Stations of one country ranked from the worst to the best current AQI.',
            parameters: [
                { position: { key: 'country', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum()', options: [ '$isoCountryCodes' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(20)', 'min(1)', 'max(200)' ] } },
                { position: { key: 'token', value: '{{SERVER_PARAM:AIRQUALITY_TOKEN}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}
