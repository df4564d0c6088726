// Art Institute of Chicago public API: artworks and artists of the museum's collection. No key.
export const main = {
    namespace: 'artic',
    name: 'ArtInstituteOfChicago',
    description: 'Search the collection of the Art Institute of Chicago, read an artwork with its artist, date, medium and image, and search artists.',
    version: '3.0.0',
    docs: [ 'https://api.artic.edu/docs/', 'https://www.artic.edu/open-access/public-api' ],
    tags: [ 'art', 'museum', 'culture', 'images', 'no-key' ],
    root: 'https://api.artic.edu',
    tools: {
        searchArtworks: {
            method: 'GET',
            path: '/api/v1/artworks/search',
            description: 'Artworks matching a full-text query (title, artist, subject, style), best first, with title, artist, date, medium, public-domain flag and image id.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } },
                { position: { key: 'fields', value: 'id,title,artist_display,date_display,medium_display,is_public_domain,image_id', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Monet water lilies', q: 'monet water lilies', limit: 2 }
            ]
        },
        getArtwork: {
            method: 'GET',
            path: '/api/v1/artworks/{{id}}',
            description: 'One artwork by id: title, artist, date, place of origin, medium, dimensions, description, department, credit line and image id.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } },
                { position: { key: 'fields', value: 'id,title,artist_display,date_display,place_of_origin,medium_display,dimensions,description,department_title,credit_line,is_public_domain,image_id', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'A Sunday on La Grande Jatte', id: 27992 }
            ]
        },
        searchArtists: {
            method: 'GET',
            path: '/api/v1/agents/search',
            description: 'Artists and other people or organisations of the collection matching a name, with birth and death years.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } },
                { position: { key: 'fields', value: 'id,title,birth_date,death_date,description', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Georgia O\'Keeffe', q: 'okeeffe', limit: 1 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
