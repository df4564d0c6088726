export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openweathermap',
    description: 'What the OpenWeather tools need and how to read their units and codes.',
    dependsOn: [ 'openweathermap.getCurrentWeather', 'openweathermap.getForecast', 'openweathermap.getAirPollution', 'openweathermap.geocodeCity', 'openweathermap.reverseGeocode' ],
    references: [],
    content: `OpenWeather needs an API key in the server param OPENWEATHERMAP_API_KEY (the free plan allows
60 calls a minute and 1,000,000 a month; a new key can take a couple of hours to become active, and
answers 401 until then).

The weather tools take coordinates: find them with {{tool:geocodeCity}} ("Springfield,IL,US" narrows a
common name) and turn coordinates back into names with {{tool:reverseGeocode}}.

{{tool:getCurrentWeather}} and {{tool:getForecast}} answer in the chosen units: metric gives °C and
m/s, imperial °F and mph, standard Kelvin and m/s. Times (dt) are Unix seconds in UTC; the timezone
field is the offset of the place in seconds. weather[0].main is a short group (Rain, Snow, Clouds,
Clear, Thunderstorm) and weather[0].description the detailed text in the chosen language.
{{tool:getForecast}} steps are three hours apart; cnt = 8 covers one day.

{{tool:getAirPollution}} gives list[0].main.aqi from 1 (good) to 5 (very poor) and the pollutant
concentrations in µg/m³ under list[0].components.`
}
