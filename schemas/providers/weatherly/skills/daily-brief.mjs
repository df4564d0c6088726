export const skill = {
    name: 'daily-brief',
    version: 'toolkit-skill/1.0.0',
    description: 'A six-line morning weather brief for a place: alerts, current conditions, two-day outlook and umbrella advice.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'geocodePlace', 'getCurrentConditions', 'getDailyForecast', 'getAlerts' ],
        resources: [],
        external: [ 'The local time of the user, to greet with morning, afternoon or evening' ]
    },
    input: [
        { key: 'place', type: 'string', description: 'City or place name, e.g. Lisbon', required: true },
        { key: 'units', type: 'enum', values: [ 'metric', 'imperial' ], description: 'Unit system for temperatures and wind', required: false }
    ],
    output: 'Plain text brief of at most six lines.',
    content: `Write a short morning weather brief for {{input:place}}.

1. Resolve the place with {{tool:geocodePlace}} and take the first match.
2. Read the current conditions with {{tool:getCurrentConditions}} using {{input:units}} units.
3. Read today's and tomorrow's outlook with {{tool:getDailyForecast}} (days = 2).
4. Check {{tool:getAlerts}} for the same coordinate. If any alert is active, put it first, in one sentence.
5. Decide whether an umbrella is needed by following {{skill:umbrella-check}}.

Answer in at most six lines: alerts, now, today, tomorrow, umbrella advice.`
}
