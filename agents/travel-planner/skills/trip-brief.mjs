export const skill = {
    name: 'trip-brief',
    version: 'toolkit-skill/1.0.0',
    description: 'A one-page brief for a trip: where, the weather of the travel days, daylight, public holidays on those days and the exchange rate.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'nominatim/tool/searchPlaces', 'openmeteo/tool/getDailyForecast', 'sunrisesunset/tool/getSunTimes', 'nagerdate/tool/getPublicHolidays', 'frankfurter/tool/getLatestRates' ],
        resources: [],
        external: [ 'The traveller\'s home currency, when it is not given' ]
    },
    input: [
        { key: 'destination', type: 'string', description: 'City or place to travel to', required: true },
        { key: 'startDate', type: 'string', description: 'First day of the trip, YYYY-MM-DD', required: true },
        { key: 'days', type: 'number', description: 'Length of the trip in days', required: true },
        { key: 'homeCurrency', type: 'string', description: 'ISO code of the traveller\'s currency, e.g. USD', required: false }
    ],
    output: 'A brief of at most twelve lines with a source for every figure.',
    content: `Write a trip brief for {{input:destination}}, starting {{input:startDate}}, for {{input:days}} days.

1. Find the place with {{tool:nominatim/tool/searchPlaces}}; take the first result and note its
   country code (address.country_code).
2. If the trip starts within 16 days, read {{tool:openmeteo/tool/getDailyForecast}} for the trip days;
   otherwise say that no forecast exists yet.
3. Read sunrise and sunset for the first day with {{tool:sunrisesunset/tool/getSunTimes}}.
4. Read the public holidays of the country for the year with
   {{tool:nagerdate/tool/getPublicHolidays}} and list those that fall on the trip days.
5. When {{input:homeCurrency}} differs from the local currency, give the rate with
   {{tool:frankfurter/tool/getLatestRates}}.

End with one line on what to pack, based on the forecast.`
}
