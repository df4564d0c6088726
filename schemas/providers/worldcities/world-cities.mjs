export const main = {
    namespace: 'worldcities',
    name: 'WorldCities',
    description: 'A small offline gazetteer of major world cities and their countries, queried read-only from a bundled SQLite file.',
    version: '3.0.0',
    tags: [ 'geo', 'offline', 'reference' ],
    root: '',
    tools: {},
    resources: {
        cities: {
            source: 'sqlite',
            database: 'world-cities.db',
            origin: 'inline',
            description: 'Sixty-two major cities in twenty countries with population, coordinates, time zone and capital flag.',
            queries: {
                getSchema: {
                    sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
                    description: 'Table names and their CREATE statements.',
                    parameters: {},
                    output: { columns: [ 'name', 'sql' ] }
                },
                citiesByCountry: {
                    sql: 'SELECT name, population, latitude, longitude, timezone, is_capital FROM cities WHERE country = ? ORDER BY population DESC LIMIT ?',
                    description: 'Cities of one country (ISO alpha-2 code), largest first.',
                    parameters: {
                        country: { type: 'string', required: true, description: 'ISO 3166-1 alpha-2 code such as DE' },
                        limit: { type: 'number', required: false, default: 10, description: 'Maximum number of rows' }
                    },
                    output: { columns: [ 'name', 'population', 'latitude', 'longitude', 'timezone', 'is_capital' ] }
                },
                largestCities: {
                    sql: 'SELECT c.name, c.country, k.name AS country_name, c.population FROM cities c JOIN countries k ON k.alpha2 = c.country WHERE c.population >= ? ORDER BY c.population DESC LIMIT 25',
                    description: 'Cities with at least the given population, largest first (at most 25).',
                    parameters: {
                        minPopulation: { type: 'number', required: false, default: 1000000 }
                    },
                    output: { columns: [ 'name', 'country', 'country_name', 'population' ] }
                },
                capitals: {
                    sql: 'SELECT c.name, c.country, k.continent, c.population FROM cities c JOIN countries k ON k.alpha2 = c.country WHERE c.is_capital = 1 AND k.continent = ? ORDER BY c.name',
                    description: 'Capital cities of one continent.',
                    parameters: {
                        continent: { type: 'string', required: true, description: 'Africa, Asia, Europe, North America, Oceania or South America' }
                    },
                    output: { columns: [ 'name', 'country', 'continent', 'population' ] }
                },
                searchByName: {
                    sql: "SELECT name, country, population, timezone FROM cities WHERE name LIKE '%' || ? || '%' ORDER BY population DESC",
                    description: 'Cities whose name contains the given text (case-insensitive for ASCII letters).',
                    parameters: {
                        text: { type: 'string', required: true }
                    },
                    output: { columns: [ 'name', 'country', 'population', 'timezone' ] }
                },
                citiesInBox: {
                    sql: 'SELECT name, country, latitude, longitude FROM cities WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? ORDER BY population DESC',
                    description: 'Cities inside a latitude/longitude bounding box.',
                    parameters: {
                        south: { type: 'number', required: true },
                        north: { type: 'number', required: true },
                        west: { type: 'number', required: true },
                        east: { type: 'number', required: true }
                    },
                    output: { columns: [ 'name', 'country', 'latitude', 'longitude' ] }
                },
                continentTotals: {
                    sql: 'WITH per_country AS ( SELECT country, SUM(population) AS people, COUNT(*) AS city_count FROM cities GROUP BY country ) SELECT k.continent, SUM(p.people) AS people, SUM(p.city_count) AS city_count FROM per_country p JOIN countries k ON k.alpha2 = p.country GROUP BY k.continent ORDER BY people DESC',
                    description: 'Number of listed cities and their combined population per continent.',
                    parameters: {},
                    output: { columns: [ 'continent', 'people', 'city_count' ] }
                }
            }
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
