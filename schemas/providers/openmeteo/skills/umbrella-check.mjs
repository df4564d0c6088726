export const skill = {
    name: 'umbrella-check',
    version: 'toolkit-skill/1.0.0',
    description: 'Decides whether to take an umbrella today at a coordinate, from the hourly precipitation probability.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'getHourlyForecast' ],
        resources: [],
        external: []
    },
    input: [
        { key: 'latitude', type: 'number', description: 'Latitude of the place', required: true },
        { key: 'longitude', type: 'number', description: 'Longitude of the place', required: true }
    ],
    output: 'Yes or no, with the hours when rain is likely.',
    content: `Decide whether an umbrella is needed today at {{input:latitude}}, {{input:longitude}}.

1. Call {{tool:getHourlyForecast}} with days = 1.
2. Look at the hours from now until 22:00 local time.
3. Answer yes when any of those hours has a precipitation probability of 50 % or more, or more than
   0.5 mm of precipitation; name those hours. Otherwise answer no.`
}
