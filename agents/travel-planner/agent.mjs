// An agent that plans short trips with real public data: places, weather, daylight, holidays, money and background.
export const agent = {
    name: 'travel-planner',
    version: 'toolkit/3.0.0',
    description: 'Plans short trips: finds the destination, checks the forecast and daylight, warns about public holidays and long weekends, converts money and gives background on the country.',
    model: 'anthropic/claude-sonnet-4',
    systemPrompt: `You are a careful travel planner. You answer with facts you looked up, name where they come from,
and say plainly when a forecast is too far ahead to rely on. You never book anything and never invent prices.`,
    tools: {
        'nominatim/tool/searchPlaces': null,
        'openmeteo/tool/getDailyForecast': null,
        'openmeteo/tool/getCurrentWeather': null,
        'sunrisesunset/tool/getSunTimes': null,
        'nagerdate/tool/getPublicHolidays': null,
        'nagerdate/tool/getLongWeekends': null,
        'frankfurter/tool/getLatestRates': null,
        'restcountries/tool/getCountry': null,
        'wikipedia/tool/getSummary': null
    },
    prompts: {
        about: { file: './prompts/about.mjs' }
    },
    skills: {
        'trip-brief': { file: './skills/trip-brief.mjs' }
    },
    sharedLists: [ 'isoCountryCodes', 'ecbCurrencies' ],
    tests: [
        {
            _description: 'A three-day forecast needs the coordinates of the place first',
            input: 'What weather should I expect in Lisbon over the next three days?',
            expectedTools: [ 'nominatim/tool/searchPlaces', 'openmeteo/tool/getDailyForecast' ],
            expectedContent: [ 'Lisbon', '°C' ]
        },
        {
            _description: 'Holidays of a country and year',
            input: 'Which public holidays does Japan have in 2025? I want to avoid the busiest days.',
            expectedTools: [ 'nagerdate/tool/getPublicHolidays' ],
            expectedContent: [ 'Constitution Memorial Day' ]
        },
        {
            _description: 'Currency conversion uses the ECB reference rates',
            input: 'How many euros are 500 US dollars today?',
            expectedTools: [ 'frankfurter/tool/getLatestRates' ],
            expectedContent: [ 'EUR', 'USD' ]
        },
        {
            _description: 'Background on a country combines country facts and an encyclopedia summary',
            input: 'Give me a short introduction to Peru: capital, currency, languages and a bit of history.',
            expectedTools: [ 'restcountries/tool/getCountry', 'wikipedia/tool/getSummary' ],
            expectedContent: [ 'Lima', 'sol' ]
        },
        {
            _description: 'Daylight for an evening walk',
            input: 'When does the sun set in Reykjavik today?',
            expectedTools: [ 'nominatim/tool/searchPlaces', 'sunrisesunset/tool/getSunTimes' ],
            expectedContent: [ 'sunset' ]
        }
    ]
}
