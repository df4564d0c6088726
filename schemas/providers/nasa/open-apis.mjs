// NASA Open APIs: Astronomy Picture of the Day, near-Earth asteroids and space weather. Needs a free key (DEMO_KEY works for a few calls).
export const main = {
    namespace: 'nasa',
    name: 'NasaOpenApis',
    description: "NASA's Astronomy Picture of the Day, asteroids passing close to Earth, and space weather events (solar flares, geomagnetic storms) from the DONKI database; needs a free api.nasa.gov key.",
    version: '3.0.0',
    docs: [ 'https://api.nasa.gov/', 'https://github.com/nasa/apod-api', 'https://ccmc.gsfc.nasa.gov/tools/DONKI/' ],
    tags: [ 'space', 'astronomy', 'asteroids', 'space-weather', 'api-key' ],
    root: 'https://api.nasa.gov',
    requiredServerParams: [ 'NASA_API_KEY' ],
    tools: {
        getPictureOfTheDay: {
            method: 'GET',
            path: '/planetary/apod',
            description: 'The Astronomy Picture of the Day of a date (YYYY-MM-DD, since 1995-06-16; default today): title, explanation, image or video URL and copyright.',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NASA_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        date: { type: 'string' },
                        title: { type: 'string' },
                        explanation: { type: 'string' },
                        media_type: { type: 'string', description: 'image or video' },
                        url: { type: 'string', format: 'uri' },
                        hdurl: { type: 'string', format: 'uri' },
                        copyright: { type: 'string' }
                    }
                }
            },
            tests: [
                { _description: 'Today\'s picture' },
                { _description: 'The picture of 4 July 2024', date: '2024-07-04' }
            ]
        },
        getNearEarthObjects: {
            method: 'GET',
            path: '/neo/rest/v1/feed',
            description: 'Asteroids making a close approach to Earth between two dates (YYYY-MM-DD) at most seven days apart (end_date defaults to seven days after start_date), with size, speed, miss distance and whether they are potentially hazardous.',
            parameters: [
                { position: { key: 'start_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'end_date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)', 'optional()' ] } },
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NASA_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Close approaches on 12 June 2025', start_date: '2025-06-12', end_date: '2025-06-12' }
            ]
        },
        getSolarFlares: {
            method: 'GET',
            path: '/DONKI/FLR',
            description: 'Solar flares between two dates with class (C, M, X), begin, peak and end time, source region and linked events.',
            parameters: [
                { position: { key: 'startDate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'endDate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NASA_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Flares in the first week of June 2025', startDate: '2025-06-01', endDate: '2025-06-07' }
            ]
        },
        getGeomagneticStorms: {
            method: 'GET',
            path: '/DONKI/GST',
            description: 'Geomagnetic storms between two dates with their Kp index readings and the solar events that caused them.',
            parameters: [
                { position: { key: 'startDate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'endDate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } },
                { position: { key: 'api_key', value: '{{SERVER_PARAM:NASA_API_KEY}}', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The storms of May 2024', startDate: '2024-05-01', endDate: '2024-05-31' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
