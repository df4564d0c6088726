// National Grid ESO Carbon Intensity API: carbon intensity and generation mix of Great Britain's grid. No key.
export const main = {
    namespace: 'carbonintensity',
    name: 'CarbonIntensityGb',
    description: 'Carbon intensity (gCO2/kWh) forecasts and measurements and the fuel mix of electricity generation in Great Britain, nationally and by postcode region.',
    version: '3.0.0',
    docs: [ 'https://carbon-intensity.github.io/api-definitions/', 'https://carbonintensity.org.uk/' ],
    tags: [ 'energy', 'electricity', 'carbon', 'united-kingdom', 'no-key' ],
    root: 'https://api.carbonintensity.org.uk',
    headers: { Accept: 'application/json' },
    tools: {
        getCurrentIntensity: {
            method: 'GET',
            path: '/intensity',
            description: 'Carbon intensity of the current half hour for Great Britain: forecast, actual (when measured) and an index from very low to very high.',
            parameters: [],
            tests: [
                { _description: 'The current half hour' }
            ]
        },
        getIntensityForDate: {
            method: 'GET',
            path: '/intensity/date/{{date}}',
            description: 'The 48 half-hourly carbon intensity values of one day (YYYY-MM-DD).',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(10)' ] } }
            ],
            tests: [
                { _description: 'A day in June 2025', date: '2025-06-01' }
            ]
        },
        getGenerationMix: {
            method: 'GET',
            path: '/generation',
            description: 'Share of each fuel (gas, coal, nuclear, wind, solar, hydro, biomass, imports, other) in the current half hour, in percent.',
            parameters: [],
            tests: [
                { _description: 'The current generation mix' }
            ]
        },
        getRegionalIntensity: {
            method: 'GET',
            path: '/regional/postcode/{{postcode}}',
            description: 'Current carbon intensity and generation mix of the distribution region of a postcode (outward code only, e.g. RG10 or SW1).',
            parameters: [
                { position: { key: 'postcode', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(4)' ] } }
            ],
            tests: [
                { _description: 'The region of Reading', postcode: 'RG10' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
