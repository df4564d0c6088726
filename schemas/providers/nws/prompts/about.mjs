export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'nws',
    description: 'How the National Weather Service tools chain together and how to read their units.',
    dependsOn: [ 'nws.getPoint', 'nws.getForecast', 'nws.getHourlyForecast', 'nws.getActiveAlerts', 'nws.getLatestObservation' ],
    references: [],
    content: `The National Weather Service covers the United States and its territories only.

Forecasts are made for 2.5 km grid cells that belong to a forecast office. Start with
{{tool:getPoint}} for a latitude and longitude (at most four decimals): its properties.gridId,
properties.gridX and properties.gridY are the office, gridX and gridY of {{tool:getForecast}} and
{{tool:getHourlyForecast}}. A point outside the US answers 404.

Forecast periods carry name ("Tonight", "Thursday"), temperature with temperatureUnit (F),
windSpeed as text ("5 to 10 mph"), shortForecast and detailedForecast.

{{tool:getActiveAlerts}} takes a state code such as FL or PR; each feature has properties.event
("Flood Warning"), severity, urgency, areaDesc, effective, expires and instructions.
{{tool:getLatestObservation}} reports in SI units with a unitCode on every value
(wmoUnit:degC, wmoUnit:km_h-1, wmoUnit:Pa); values can be null when a sensor did not report.`
}
