// Open-Meteo: free weather forecasts from national weather services, no API key (non-commercial use).
export const main = {
    namespace: 'openmeteo',
    name: 'OpenMeteoForecast',
    description: 'Current weather, hourly and daily forecasts up to 16 days, and terrain elevation for any coordinate, from the open-source Open-Meteo API.',
    version: '3.0.0',
    docs: [ 'https://open-meteo.com/en/docs', 'https://open-meteo.com/en/docs/elevation-api' ],
    tags: [ 'weather', 'forecast', 'elevation', 'no-key' ],
    root: 'https://api.open-meteo.com',
    tools: {
        getCurrentWeather: {
            method: 'GET',
            path: '/v1/forecast',
            description: 'Current temperature, feels-like temperature, humidity, precipitation, WMO weather code and wind at a coordinate, in the local time zone; in °C unless temperature_unit is fahrenheit.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'temperature_unit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(celsius,fahrenheit)', options: [ 'optional()' ] } },
                { position: { key: 'current', value: 'temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,wind_speed_10m,wind_direction_10m', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'timezone', value: 'auto', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        latitude: { type: 'number' },
                        longitude: { type: 'number' },
                        timezone: { type: 'string' },
                        current_units: { type: 'object', description: 'Unit of each field of current' },
                        current: {
                            type: 'object',
                            properties: {
                                time: { type: 'string', description: 'Local time, ISO 8601 without seconds' },
                                temperature_2m: { type: 'number' },
                                apparent_temperature: { type: 'number' },
                                relative_humidity_2m: { type: 'number' },
                                precipitation: { type: 'number' },
                                weather_code: { type: 'number', description: 'WMO weather interpretation code' },
                                wind_speed_10m: { type: 'number' },
                                wind_direction_10m: { type: 'number' }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'Current weather in Berlin', latitude: 52.52, longitude: 13.41 },
                { _description: 'Current weather in New York in Fahrenheit', latitude: 40.71, longitude: -74.01, temperature_unit: 'fahrenheit' }
            ]
        },
        getDailyForecast: {
            method: 'GET',
            path: '/v1/forecast',
            description: 'Daily forecast: weather code, minimum and maximum temperature, precipitation sum and probability, maximum wind, sunrise and sunset, for 1 to 16 days (7 unless forecast_days says otherwise); in °C unless temperature_unit is fahrenheit.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'forecast_days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(16)', 'optional()' ] } },
                { position: { key: 'temperature_unit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(celsius,fahrenheit)', options: [ 'optional()' ] } },
                { position: { key: 'daily', value: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max,sunrise,sunset', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'timezone', value: 'auto', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        timezone: { type: 'string' },
                        daily_units: { type: 'object' },
                        daily: {
                            type: 'object',
                            description: 'One array per field, one entry per day',
                            properties: {
                                time: { type: 'array', items: { type: 'string' } },
                                weather_code: { type: 'array', items: { type: 'number' } },
                                temperature_2m_max: { type: 'array', items: { type: 'number' } },
                                temperature_2m_min: { type: 'array', items: { type: 'number' } },
                                precipitation_sum: { type: 'array', items: { type: 'number' } },
                                precipitation_probability_max: { type: 'array', items: { type: 'number', nullable: true } },
                                sunrise: { type: 'array', items: { type: 'string' } },
                                sunset: { type: 'array', items: { type: 'string' } }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'Three days for Lisbon', latitude: 38.72, longitude: -9.14, forecast_days: 3 },
                { _description: 'A week for Denver in Fahrenheit (default length)', latitude: 39.74, longitude: -104.99, temperature_unit: 'fahrenheit' }
            ]
        },
        getHourlyForecast: {
            method: 'GET',
            path: '/v1/forecast',
            description: 'Hour-by-hour temperature (°C), precipitation probability and amount, weather code and wind speed for the next 1 to 7 days.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } },
                { position: { key: 'forecast_days', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(7)', 'default(1)' ] } },
                { position: { key: 'hourly', value: 'temperature_2m,precipitation_probability,precipitation,weather_code,wind_speed_10m', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'timezone', value: 'auto', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Today hour by hour in Tokyo', latitude: 35.68, longitude: 139.69 }
            ]
        },
        getElevation: {
            method: 'GET',
            path: '/v1/elevation',
            description: 'Terrain elevation in metres above sea level at a coordinate (90 m digital elevation model).',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: { type: 'object', properties: { elevation: { type: 'array', items: { type: 'number' } } } }
            },
            tests: [
                { _description: 'Elevation of Zermatt', latitude: 46.02, longitude: 7.75 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    },
    skills: {
        'packing-advice': { file: './skills/packing-advice.mjs' },
        'umbrella-check': { file: './skills/umbrella-check.mjs' }
    }
}
