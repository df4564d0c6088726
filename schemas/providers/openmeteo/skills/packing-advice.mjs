export const skill = {
    name: 'packing-advice',
    version: 'toolkit-skill/1.0.0',
    description: 'Packing advice for a trip of a few days: expected temperatures, rain days and whether an umbrella is needed on the first day.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'getDailyForecast' ],
        resources: [],
        external: [ 'A geocoder to turn the destination into coordinates when only a name is given' ]
    },
    input: [
        { key: 'latitude', type: 'number', description: 'Latitude of the destination', required: true },
        { key: 'longitude', type: 'number', description: 'Longitude of the destination', required: true },
        { key: 'days', type: 'number', description: 'Length of the trip in days (1 to 16)', required: true }
    ],
    output: 'A short packing list with the reasons from the forecast.',
    content: `Give packing advice for a trip of {{input:days}} days to {{input:latitude}}, {{input:longitude}}.

1. Call {{tool:getDailyForecast}} for the trip length.
2. Take the lowest minimum and the highest maximum temperature of the trip and suggest layers for both.
3. Count the days with a precipitation probability of 50 % or more; suggest rain gear when there is one.
4. For the first day, follow {{skill:umbrella-check}} to say whether the umbrella goes in the day bag.

Each day's weather_code is a WMO code: references/weather-codes.md (a file of this skill) says what
each code means and what it calls for.

Keep the list under ten items and say which forecast value each item comes from.`
}
