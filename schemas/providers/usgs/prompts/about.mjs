export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'usgs',
    description: 'What the USGS earthquake tools return and how to read their GeoJSON.',
    dependsOn: [ 'usgs.searchEarthquakes', 'usgs.countEarthquakes', 'usgs.getEarthquake', 'usgs.getRecentFeed' ],
    references: [],
    content: `The U.S. Geological Survey publishes a worldwide earthquake catalog. Coverage is complete for
magnitude 4.5 and above everywhere and much finer inside the United States.

{{tool:getRecentFeed}} is the quickest answer to "what happened lately": prebuilt feeds for the past hour,
day, week or month. {{tool:searchEarthquakes}} searches the full catalog; times are ISO 8601 in UTC
(2025-06-01 or 2025-06-01T12:00:00), and a circle needs latitude, longitude and maxradiuskm together.
A search returns at most 20,000 events; {{tool:countEarthquakes}} tells the size of a result first.
{{tool:getEarthquake}} reads one event by its id.

Answers are GeoJSON: each feature has properties.mag (magnitude), properties.place (a text such as
"45 km SSE of Tokyo, Japan"), properties.time (milliseconds since 1970, UTC), properties.alert (PAGER
level green, yellow, orange or red, often null) and properties.tsunami (1 when a tsunami message was
issued). geometry.coordinates is longitude, latitude, depth in kilometres, in that order.`
}
