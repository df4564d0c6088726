export const main = {
    namespace: 'gridcarbon',
    name: 'CarbonIntensity',
    description: 'Carbon intensity of the electricity grid (gCO2/kWh) by region, with the generation mix and a 48-hour forecast.',
    version: '3.0.0',
    docs: [ 'https://gridcarbon.example/docs' ],
    tags: [ 'energy', 'environment', 'open-data' ],
    root: 'https://api.gridcarbon.example',
    tools: {
        getCurrentIntensity: {
            method: 'GET',
            path: '/intensity',
            description: 'Forecast and actual carbon intensity of the current half hour, with an index from very low to very high.',
            parameters: []
        },
        getIntensityForecast: {
            method: 'GET',
            path: '/intensity/{{from}}/fw48h',
            description: 'Half-hourly intensity forecast for 48 hours from an ISO 8601 start time.',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(16)' ] } }
            ]
        },
        getRegionalMix: {
            method: 'GET',
            path: '/regional/regionid/:regionId',
            description: 'Generation mix (gas, wind, solar, nuclear, ...) and intensity for one of 17 grid regions.',
            parameters: [
                { position: { key: 'regionId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(17)' ] } }
            ]
        },
        getGenerationMix: {
            method: 'GET',
            path: '/generation',
            description: 'National generation mix of the current half hour in percent per fuel.',
            parameters: []
        },
        getDailyStatistics: {
            method: 'GET',
            path: '/intensity/stats/:from/:to',
            description: 'Minimum, maximum and average intensity between two ISO 8601 times (at most 30 days apart).',
            parameters: [
                { position: { key: 'from', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'to', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'block', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(1)', 'max(24)' ] } }
            ]
        }
    }
}
