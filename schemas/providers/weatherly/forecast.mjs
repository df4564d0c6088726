export const main = {
    namespace: 'weatherly',
    name: 'Forecast',
    description: 'Current conditions, hourly and daily forecasts and severe-weather alerts for any coordinate on Earth.',
    version: '3.0.0',
    docs: [ 'https://developer.weatherly.example/docs/forecast', 'https://developer.weatherly.example/docs/alerts' ],
    tags: [ 'weather', 'forecast', 'geo' ],
    root: 'https://api.weatherly.example',
    requiredServerParams: [ 'WEATHER_API_KEY' ],
    headers: { Authorization: 'Bearer {{WEATHER_API_KEY}}', Accept: 'application/json' },
    tools: {
        getCurrentConditions: {
            method: 'GET',
            path: '/v3/current',
            description: 'Observed temperature, feels-like, humidity, wind, pressure and sky condition at a coordinate.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,imperial)', options: [ 'default(metric)' ] } }
            ]
        },
        getDailyForecast: {
            method: 'GET',
            path: '/v3/forecast/daily',
            description: 'Daily minimum and maximum temperature, precipitation probability and summary for up to 16 days.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(7)', 'min(1)', 'max(16)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,imperial)', options: [ 'default(metric)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'array',
                    items: {
                        type: 'object',
                        properties: {
                            date: { type: 'string', format: 'date-time' },
                            min: { type: 'number' },
                            max: { type: 'number' },
                            precipitationChance: { type: 'number', description: 'Percent' },
                            summary: { type: 'string' }
                        }
                    }
                }
            }
        },
        getHourlyForecast: {
            method: 'GET',
            path: '/v3/forecast/hourly',
            description: 'Hour-by-hour temperature, precipitation and wind for the next 48 hours.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'hours', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(24)', 'min(1)', 'max(48)' ] } }
            ]
        },
        getAlerts: {
            method: 'GET',
            path: '/v3/alerts',
            description: 'Active severe-weather warnings issued by national weather services for a coordinate.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'language', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'length(2)' ] } }
            ]
        },
        geocodePlace: {
            method: 'GET',
            path: '/v3/locations/search',
            description: 'Turns a place name into coordinates for the other tools.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(5)', 'min(1)', 'max(10)' ] } }
            ]
        }
    },
    skills: {
        'daily-brief': { file: './skills/daily-brief.mjs' },
        'umbrella-check': { file: './skills/umbrella-check.mjs' }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    getDailyForecast: {
        postRequest: async ( { response, struct, payload } ) => {
            const days = ( response?.daily ?? [] ).map( ( day ) => ( {
                date: day.date,
                min: day.temperature?.min,
                max: day.temperature?.max,
                precipitationChance: day.precipitation?.probability ?? 0,
                summary: day.summary ?? ''
            } ) )
            return { response: days }
        }
    }
} )
