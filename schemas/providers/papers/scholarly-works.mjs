export const main = {
    namespace: 'papers',
    name: 'ScholarlyWorks',
    description: 'Metadata of scholarly articles, preprints and their citations, searchable by keyword, author, venue and year.',
    version: '3.0.0',
    docs: [ 'https://docs.papers.example/api-guide' ],
    tags: [ 'science', 'open-data', 'research' ],
    root: 'https://api.papers.example',
    headers: { 'User-Agent': 'toolkit-catalog (mailto:catalog@toolkit.example)' },
    tools: {
        searchWorks: {
            method: 'GET',
            path: '/works',
            description: 'Works matching a query, most cited first, with title, authors, venue, year and DOI.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(3)' ] } },
                { position: { key: 'filter', value: 'publication_year:>{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(1900)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(cited_by_count:desc,publication_date:desc,relevance_score:desc)', options: [ 'default(cited_by_count:desc)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(10)', 'min(1)', 'max(200)' ] } }
            ]
        },
        getWorkByDoi: {
            method: 'GET',
            path: '/works/doi:{{doi}}',
            description: 'One work by DOI, with abstract, references count and open-access location.',
            parameters: [
                { position: { key: 'doi', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^10\\.\\d{4,9}/\\S+$)' ] } }
            ]
        },
        findCitingWorks: {
            method: 'GET',
            path: '/works',
            description: 'Works that cite a given work id (such as W2741809807).',
            parameters: [
                { position: { key: 'filter', value: 'cites:{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^W\\d+$)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(25)', 'min(1)', 'max(200)' ] } }
            ]
        },
        searchAuthors: {
            method: 'GET',
            path: '/authors',
            description: 'Authors by name, with affiliation, works count and h-index.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ]
        },
        queryWorks: {
            method: 'POST',
            path: '/works/query',
            description: 'Structured search with several filters at once (concepts, institutions, year range, open access only).',
            parameters: [
                { position: { key: 'concepts', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'array()', options: [ 'optional()', 'max(10)' ] } },
                { position: { key: 'yearRange', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'object()', options: [ 'optional()' ] } },
                { position: { key: 'openAccessOnly', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'boolean()', options: [ 'default(false)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'body' }, z: { primitive: 'number()', options: [ 'default(25)', 'optional()', 'max(200)', 'min(1)' ] } }
            ]
        }
    }
}
