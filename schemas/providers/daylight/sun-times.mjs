export const main = {
    namespace: 'daylight',
    name: 'SunTimes',
    description: 'Sunrise, sunset, twilight and day length for any coordinate and date.',
    version: '3.0.0',
    docs: [ 'https://daylight.example/api' ],
    tags: [ 'astronomy', 'geo' ],
    root: 'https://api.daylight.example',
    tools: {
        getSunTimes: {
            method: 'GET',
            path: '/json',
            description: 'Sunrise, sunset, solar noon, civil, nautical and astronomical twilight in UTC.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lng', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(today)' ] } },
                { position: { key: 'formatted', value: '0', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getMoonPhase: {
            method: 'GET',
            path: '/moon/{{date}}',
            description: 'Moon phase name, illumination fraction and moonrise/moonset for a date (YYYY-MM-DD).',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'length(10)' ] } }
            ]
        }
    }
}
