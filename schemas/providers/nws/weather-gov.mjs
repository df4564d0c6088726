// The U.S. National Weather Service API (api.weather.gov). No key; a User-Agent that names the caller is required.
export const main = {
    namespace: 'nws',
    name: 'NationalWeatherService',
    description: 'Official forecasts, active watches and warnings and the latest station observations for the United States from the National Weather Service.',
    version: '3.0.0',
    docs: [ 'https://www.weather.gov/documentation/services-web-api', 'https://weather-gov.github.io/api/general-faqs' ],
    tags: [ 'weather', 'forecast', 'alerts', 'united-states', 'open-government-data', 'no-key' ],
    root: 'https://api.weather.gov',
    headers: {
        'User-Agent': 'toolkit-catalog/1.0 (MCP tools for api.weather.gov)',
        Accept: 'application/geo+json'
    },
    tools: {
        getPoint: {
            method: 'GET',
            path: '/points/{{latitude}},{{longitude}}',
            description: 'Metadata of a US coordinate: the forecast office and grid cell that the forecast tools need, the nearest city, the time zone and the radar station.',
            parameters: [
                { position: { key: 'latitude', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(-90)', 'max(90)' ] } },
                { position: { key: 'longitude', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(-180)', 'max(180)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        properties: {
                            type: 'object',
                            properties: {
                                gridId: { type: 'string', description: 'Forecast office, e.g. TOP' },
                                gridX: { type: 'number' },
                                gridY: { type: 'number' },
                                forecast: { type: 'string', format: 'uri' },
                                timeZone: { type: 'string' },
                                radarStation: { type: 'string' }
                            }
                        }
                    }
                }
            },
            tests: [
                { _description: 'A point in Kansas', latitude: 39.7456, longitude: -97.0892 }
            ]
        },
        getForecast: {
            method: 'GET',
            path: '/gridpoints/{{office}}/{{gridX}},{{gridY}}/forecast',
            description: 'Twelve-hour forecast periods (day and night) for the next seven days for a forecast grid cell, with temperature, wind and a detailed text.',
            parameters: [
                { position: { key: 'office', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(3)' ] } },
                { position: { key: 'gridX', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(0)' ] } },
                { position: { key: 'gridY', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(0)' ] } }
            ],
            tests: [
                { _description: 'Seven days for the Topeka grid cell', office: 'TOP', gridX: 32, gridY: 81 }
            ]
        },
        getHourlyForecast: {
            method: 'GET',
            path: '/gridpoints/{{office}}/{{gridX}},{{gridY}}/forecast/hourly',
            description: 'Hourly forecast periods for the next 156 hours for a forecast grid cell.',
            parameters: [
                { position: { key: 'office', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(3)' ] } },
                { position: { key: 'gridX', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(0)' ] } },
                { position: { key: 'gridY', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(0)' ] } }
            ],
            tests: [
                { _description: 'Hourly for Central Park, New York', office: 'OKX', gridX: 33, gridY: 37 }
            ]
        },
        getActiveAlerts: {
            method: 'GET',
            path: '/alerts/active',
            description: 'Active watches, warnings and advisories for a US state or territory (two-letter code), optionally only of a given severity.',
            parameters: [
                { position: { key: 'area', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(2)' ] } },
                { position: { key: 'severity', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(Extreme,Severe,Moderate,Minor,Unknown)', options: [ 'optional()' ] } }
            ],
            tests: [
                { _description: 'Everything active in Florida', area: 'FL' },
                { _description: 'Severe alerts in Oklahoma', area: 'OK', severity: 'Severe' }
            ]
        },
        getLatestObservation: {
            method: 'GET',
            path: '/stations/{{stationId}}/observations/latest',
            description: 'The latest observation of a weather station (ICAO id such as KNYC): temperature, dew point, wind, pressure, visibility and a short description.',
            parameters: [
                { position: { key: 'stationId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(5)' ] } }
            ],
            tests: [
                { _description: 'Central Park, New York', stationId: 'KNYC' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
