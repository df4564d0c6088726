export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openmeteo',
    description: 'What Open-Meteo returns, how to read its answers and where its limits are.',
    dependsOn: [ 'openmeteo.getCurrentWeather', 'openmeteo.getDailyForecast', 'openmeteo.getHourlyForecast', 'openmeteo.getElevation' ],
    references: [],
    content: `Open-Meteo is an open-source weather API that combines the models of national weather services
(DWD, NOAA, Météo-France, ECMWF and others) and picks the best one for each place. It needs no key for
non-commercial use (about 10,000 calls a day) and takes coordinates only: turn a place name into
latitude and longitude first, for example with a geocoding provider.

{{tool:getCurrentWeather}} gives the conditions of the last 15 minutes. {{tool:getDailyForecast}} gives
one value per day for up to 16 days, {{tool:getHourlyForecast}} one value per hour for up to 7 days. The
answers hold parallel arrays: daily.time[i] belongs to daily.temperature_2m_max[i] and so on. Times are
local to the coordinate because the tools ask for timezone=auto; the timezone field names it.

weather_code is a WMO code: 0 clear sky, 1 to 3 partly cloudy to overcast, 45 and 48 fog, 51 to 57
drizzle, 61 to 67 rain, 71 to 77 snow, 80 to 82 rain showers, 85 and 86 snow showers, 95 to 99
thunderstorm. Wind speeds are in km/h, precipitation in millimetres, temperatures in the unit asked for.

{{tool:getElevation}} returns the height of the terrain, which can differ from the elevation of the
forecast grid cell shown in the forecast answers.`
}
