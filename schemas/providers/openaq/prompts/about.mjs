export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openaq',
    description: 'How the OpenAQ tools fit together and how to read a measurement.',
    dependsOn: [ 'openaq.findLocations', 'openaq.getLocation', 'openaq.getLatestMeasurements', 'openaq.listParameters' ],
    references: [],
    content: `OpenAQ gathers air-quality data from government monitors, research stations and low-cost sensors
in more than 100 countries. It needs a free API key (server param OPENAQ_API_KEY); the limit is 60
calls a minute.

Start with {{tool:findLocations}} for "latitude,longitude" (in that order, for example "52.52,13.405")
and a radius in metres. Each result lists its sensors: sensor id, parameter.name (pm25, pm10, o3,
no2, so2, co, ...) and parameter.units (µg/m³ or ppm). {{tool:getLatestMeasurements}} then gives one
value per sensor id; join them on sensorsId to know what each value measures.
{{tool:getLocation}} repeats the details of one location and {{tool:listParameters}} lists every
parameter.

datetimeLast tells how fresh a location is: stations that stopped reporting years ago still appear.
Values are as reported by the source and not averaged; compare PM2.5 with the WHO 24-hour guideline of
15 µg/m³.`
}
