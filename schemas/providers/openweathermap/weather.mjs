// OpenWeather: current weather, 5-day forecast, air pollution and geocoding. Needs a free API key (appid).
export const main = {
    namespace: 'openweathermap',
    name: 'OpenWeatherMap',
    description: 'Current weather, a five-day forecast in three-hour steps, air pollution and city geocoding from OpenWeather; needs a free API key.',
    version: '3.0.0',
    docs: [ 'https://openweathermap.org/current', 'https://openweathermap.org/forecast5', 'https://openweathermap.org/api/air-pollution', 'https://openweathermap.org/api/geocoding-api' ],
    tags: [ 'weather', 'forecast', 'air-quality', 'geocoding', 'api-key' ],
    root: 'https://api.openweathermap.org',
    requiredServerParams: [ 'OPENWEATHERMAP_API_KEY' ],
    tools: {
        getCurrentWeather: {
            method: 'GET',
            path: '/data/2.5/weather',
            description: 'Current conditions at a coordinate: temperature, feels-like, humidity, pressure, wind, clouds, visibility and a description in the chosen language.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,imperial,standard)', options: [ 'default(metric)' ] } },
                { position: { key: 'lang', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(5)', 'default(en)' ] } },
                { position: { key: 'appid', value: '{{SERVER_PARAM:OPENWEATHERMAP_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        name: { type: 'string' },
                        weather: { type: 'array', items: { type: 'object', properties: { main: { type: 'string' }, description: { type: 'string' } } } },
                        main: { type: 'object', properties: { temp: { type: 'number' }, feels_like: { type: 'number' }, humidity: { type: 'number' }, pressure: { type: 'number' } } },
                        wind: { type: 'object', properties: { speed: { type: 'number' }, deg: { type: 'number' } } },
                        dt: { type: 'number' }
                    }
                }
            },
            tests: [
                { _description: 'Current weather in Paris', lat: 48.85, lon: 2.35 },
                { _description: 'Current weather in Chicago in imperial units and Spanish', lat: 41.88, lon: -87.63, units: 'imperial', lang: 'es' }
            ]
        },
        getForecast: {
            method: 'GET',
            path: '/data/2.5/forecast',
            description: 'Forecast for the next five days in three-hour steps (at most 40 steps; cnt limits them).',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'units', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(metric,imperial,standard)', options: [ 'default(metric)' ] } },
                { position: { key: 'cnt', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(40)', 'default(8)' ] } },
                { position: { key: 'appid', value: '{{SERVER_PARAM:OPENWEATHERMAP_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The next 24 hours in Sydney', lat: -33.87, lon: 151.21 }
            ]
        },
        getAirPollution: {
            method: 'GET',
            path: '/data/2.5/air_pollution',
            description: 'Current air quality index (1 good to 5 very poor) and concentrations of CO, NO, NO2, O3, SO2, PM2.5, PM10 and NH3 in µg/m³ at a coordinate.',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'appid', value: '{{SERVER_PARAM:OPENWEATHERMAP_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Air quality in Delhi', lat: 28.61, lon: 77.21 }
            ]
        },
        geocodeCity: {
            method: 'GET',
            path: '/geo/1.0/direct',
            description: 'Coordinates of a city by name, optionally with state and country code ("London,GB"), with local names; up to five matches.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(5)', 'default(5)' ] } },
                { position: { key: 'appid', value: '{{SERVER_PARAM:OPENWEATHERMAP_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'London in the United Kingdom', q: 'London,GB', limit: 1 }
            ]
        },
        reverseGeocode: {
            method: 'GET',
            path: '/geo/1.0/reverse',
            description: 'Names of the places at or near a coordinate (city, state, country).',
            parameters: [
                { position: { key: 'lat', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'lon', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(5)', 'default(1)' ] } },
                { position: { key: 'appid', value: '{{SERVER_PARAM:OPENWEATHERMAP_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'What is at 51.5098, -0.1180', lat: 51.5098, lon: -0.118 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
