// OpenAlex: an open index of scholarly works, authors, institutions and topics. No key.
export const main = {
    namespace: 'openalex',
    name: 'OpenAlexScholarly',
    description: 'Search and read scholarly works, authors and institutions in OpenAlex, the open catalog of the global research system, with citation counts and open-access links.',
    version: '3.0.0',
    docs: [ 'https://docs.openalex.org/how-to-use-the-api/api-overview', 'https://docs.openalex.org/api-entities/works', 'https://docs.openalex.org/api-entities/authors' ],
    tags: [ 'research', 'scholarly', 'citations', 'open-access', 'no-key' ],
    root: 'https://api.openalex.org',
    tools: {
        searchWorks: {
            method: 'GET',
            path: '/works',
            description: 'Works whose title, abstract or full text match a search, most relevant first, optionally filtered (publication_year:2023, is_oa:true, type:article), with year, citations, authors, venue and open-access URL.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'filter', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(200)', 'default(5)' ] } },
                { position: { key: 'select', value: 'id,doi,display_name,publication_year,type,cited_by_count,authorships,primary_location,open_access', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Open-access works on coral bleaching from 2023', search: 'coral bleaching', filter: 'publication_year:2023,is_oa:true', per_page: 1 }
            ]
        },
        getWork: {
            method: 'GET',
            path: '/works/{{id}}',
            description: 'One work by OpenAlex id (W2741809807) or by DOI written doi:10.7717/peerj.4375, with its concepts, references count and locations.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'select', value: 'id,doi,display_name,publication_year,publication_date,type,cited_by_count,authorships,primary_location,open_access,topics,referenced_works_count', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'A work looked up by DOI', id: 'doi:10.7717/peerj.4375' }
            ]
        },
        searchAuthors: {
            method: 'GET',
            path: '/authors',
            description: 'Authors matching a name, with their works and citation counts, h-index and last known institutions.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(200)', 'default(5)' ] } },
                { position: { key: 'select', value: 'id,orcid,display_name,works_count,cited_by_count,summary_stats,last_known_institutions', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Authors named Jennifer Doudna', search: 'jennifer doudna', per_page: 1 }
            ]
        },
        searchInstitutions: {
            method: 'GET',
            path: '/institutions',
            description: 'Universities and other research institutions matching a name, with country, type, ROR id and output counts.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(200)', 'default(5)' ] } },
                { position: { key: 'select', value: 'id,ror,display_name,country_code,type,works_count,cited_by_count,homepage_url', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'ETH Zurich', search: 'eth zurich', per_page: 1 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
