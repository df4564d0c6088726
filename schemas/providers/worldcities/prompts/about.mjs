export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'worldcities',
    description: 'What the offline world cities gazetteer holds and how precise it is.',
    dependsOn: [],
    references: [],
    content: `The worldcities provider is a small offline gazetteer with no tools and nothing to fetch.

{{resource:cities}} is a read-only SQLite database of sixty-two major cities in twenty countries: name,
country (ISO 3166-1 alpha-2), population, latitude and longitude of the city centre, IANA time zone and
whether the city is its country's capital; the countries table adds each country's name, continent and
capital. Its queries find the cities of a country, the largest cities, the capitals of a continent,
cities by part of their name or inside a latitude/longitude box, and totals per continent; getSchema
shows the tables and freeQuery runs any read-only SELECT on them.

Populations are rounded city-proper estimates (not metropolitan areas), so they are good for ordering
and rough comparison, not for statistics. Cities outside the table are simply not known here.`
}
