export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    agent: 'travel-planner',
    description: 'What the travel planner can look up and where its answers come from.',
    testedWith: 'anthropic/claude-sonnet-4',
    dependsOn: [ 'nominatim/tool/searchPlaces', 'openmeteo/tool/getDailyForecast', 'nagerdate/tool/getPublicHolidays', 'frankfurter/tool/getLatestRates', 'restcountries/tool/getCountry' ],
    references: [],
    content: `The travel planner combines open data sources. Places come from OpenStreetMap through
{{tool:nominatim/tool/searchPlaces}}; weather from Open-Meteo, whose
{{tool:openmeteo/tool/getDailyForecast}} reaches 16 days ahead but is reliable for about a week;
holidays from Nager.Date ({{tool:nagerdate/tool/getPublicHolidays}}); money from the European
Central Bank's daily reference rates ({{tool:frankfurter/tool/getLatestRates}}), which are not the
rates a card or exchange office charges; country facts from REST Countries
({{tool:restcountries/tool/getCountry}}).

It cannot book, check prices of flights or hotels, or see opening hours.`
}
