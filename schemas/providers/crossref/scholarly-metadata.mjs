// Crossref REST API: metadata of the scholarly works registered with DOIs. No key.
export const main = {
    namespace: 'crossref',
    name: 'CrossrefWorks',
    description: 'Search the metadata of more than 150 million scholarly works with Crossref DOIs, read one work by DOI, and look up a journal by ISSN.',
    version: '3.0.0',
    docs: [ 'https://api.crossref.org/swagger-ui/index.html', 'https://www.crossref.org/documentation/retrieve-metadata/rest-api/' ],
    tags: [ 'research', 'scholarly', 'doi', 'citations', 'no-key' ],
    root: 'https://api.crossref.org',
    headers: { 'User-Agent': 'toolkit-catalog/1.0 (MCP tools for the Crossref REST API)' },
    tools: {
        searchWorks: {
            method: 'GET',
            path: '/works',
            description: 'Works matching a bibliographic query (title, authors, journal, year), best match first, with DOI, title, authors, publication date, journal, type and citation count; an optional filter such as from-pub-date:2020,type:journal-article.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'filter', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'rows', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } },
                { position: { key: 'select', value: 'DOI,title,author,published,container-title,type,is-referenced-by-count,URL', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The CRISPR paper of Jinek and colleagues', query: 'programmable dual-RNA-guided DNA endonuclease jinek', rows: 1 },
                { _description: 'Recent journal articles on perovskite solar cells', query: 'perovskite solar cells', filter: 'from-pub-date:2024,type:journal-article', rows: 2 }
            ]
        },
        getWork: {
            method: 'GET',
            path: '/works/{{doi}}',
            description: 'Full metadata of one work by DOI (10.1038/nature12373): title, authors with affiliations and ORCIDs, dates, journal, volume, pages, license, funders and references count.',
            parameters: [
                { position: { key: 'doi', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(7)' ] } }
            ],
            tests: [
                { _description: 'A Nature paper by DOI', doi: '10.1038/nature12373' }
            ]
        },
        getJournal: {
            method: 'GET',
            path: '/journals/{{issn}}',
            description: 'A journal by ISSN: title, publisher, subjects, ISSNs and how many DOIs it has registered.',
            parameters: [
                { position: { key: 'issn', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(8)', 'max(9)' ] } }
            ],
            tests: [
                { _description: 'Nature', issn: '0028-0836' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
