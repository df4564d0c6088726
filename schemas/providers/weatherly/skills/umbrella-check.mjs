export const skill = {
    name: 'umbrella-check',
    version: 'toolkit-skill/1.0.0',
    description: 'Yes or no umbrella advice for the next 12 hours, with the first rainy hour.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'geocodePlace', 'getHourlyForecast' ],
        resources: [],
        external: []
    },
    input: [
        { key: 'place', type: 'string', description: 'City or place name', required: true }
    ],
    output: 'One sentence: umbrella or not, and from which hour.',
    content: `Decide whether {{input:place}} needs an umbrella in the next 12 hours.

Resolve the place with {{tool:geocodePlace}}, then call {{tool:getHourlyForecast}} with hours = 12. Recommend an umbrella when any hour has a precipitation
probability of 40 % or more, or more than 0.5 mm of rain. Otherwise say it can stay at home.
Name the first hour that crosses the threshold.`
}
