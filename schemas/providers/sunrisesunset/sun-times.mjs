// sunrise-sunset.org: sunrise, sunset and twilight times for any coordinate and date. No key.
export const main = {
    namespace: 'sunrisesunset',
    name: 'SunriseSunset',
    description: 'Sunrise, sunset, solar noon, day length and civil, nautical and astronomical twilight for a coordinate and date.',
    version: '3.0.0',
    docs: [ 'https://sunrise-sunset.org/api' ],
    tags: [ 'sun', 'astronomy', 'daylight', 'no-key' ],
    root: 'https://api.sunrise-sunset.org',
    tools: {
        getSunTimes: {
            method: 'GET',
            path: '/json',
            description: 'Sun times of one day at a coordinate as ISO 8601 timestamps (UTC, or in an IANA time zone when tzid is given) and the day length in seconds.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lng', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(today)' ] } },
                { position: { key: 'tzid', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'formatted', value: '0', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        status: { type: 'string' },
                        tzid: { type: 'string' },
                        results: {
                            type: 'object',
                            properties: {
                                sunrise: { type: 'string', format: 'date-time' },
                                sunset: { type: 'string', format: 'date-time' },
                                solar_noon: { type: 'string', format: 'date-time' },
                                day_length: { type: 'number', description: 'Seconds' },
                                civil_twilight_begin: { type: 'string' },
                                civil_twilight_end: { type: 'string' }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'Today in Reykjavik', lat: 64.15, lng: -21.94 },
                { _description: 'Winter solstice in Vienna, local time', lat: 48.21, lng: 16.37, date: '2025-12-21', tzid: 'Europe/Vienna' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
