export const main = {
    namespace: 'exoplanets',
    name: 'PlanetArchive',
    description: 'Confirmed exoplanets with orbital period, radius, mass and host star, from a public astronomy archive.',
    version: '3.0.0',
    docs: [ 'https://exoplanets.example/docs/tap' ],
    tags: [ 'astronomy', 'science', 'open-data' ],
    root: 'https://archive.exoplanets.example',
    tools: {
        findPlanets: {
            method: 'GET',
            path: '/api/planets',
            description: 'Confirmed planets discovered with a given method, optionally in a discovery-year range, largest first.',
            parameters: [
                { position: { key: 'discoverymethod', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(transit,radial-velocity,imaging,microlensing,astrometry)', options: [ 'default(transit)' ] } },
                { position: { key: 'from_year', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(1992)' ] } },
                { position: { key: 'to_year', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(1992)' ] } },
                { position: { key: 'habitable_zone_only', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'default(false)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(25)', 'min(1)', 'max(500)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        }
    }
}
