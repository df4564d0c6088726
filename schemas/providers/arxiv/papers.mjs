// arXiv API: metadata of the preprints on arXiv.org (physics, mathematics, computer science, biology, finance, statistics, …), as Atom feeds. No key.
export const main = {
    namespace: 'arxiv',
    name: 'ArxivPapers',
    description: 'Search the 2.5 million preprints of arXiv by title, author, abstract, category or any field, newest or most relevant first, and read papers by arXiv id: titles, authors, abstracts, dates, categories, DOIs and PDF links, as Atom XML.',
    version: '3.0.0',
    docs: [ 'https://info.arxiv.org/help/api/user-manual.html', 'https://info.arxiv.org/help/api/basics.html' ],
    tags: [ 'research', 'preprints', 'scholarly', 'no-key' ],
    root: 'https://export.arxiv.org',
    tools: {
        searchPapers: {
            method: 'GET',
            path: '/api/query',
            description: 'Papers matching search_query, which combines field prefixes (ti: title, au: author, abs: abstract, cat: category such as cs.CL, all: any field) with AND, OR, ANDNOT, parentheses and "quoted phrases", e.g. au:hinton AND cat:cs.LG. Most relevant first unless sortBy says submittedDate or lastUpdatedDate; start skips that many results for the next page.',
            parameters: [
                { position: { key: 'search_query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'start', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(0)', 'max(30000)', 'optional()' ] } },
                { position: { key: 'max_results', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } },
                { position: { key: 'sortBy', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(relevance,lastUpdatedDate,submittedDate)', options: [ 'optional()' ] } },
                { position: { key: 'sortOrder', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(ascending,descending)', options: [ 'optional()' ] } }
            ],
            output: {
                mimeType: 'text/plain',
                schema: { type: 'string', description: 'An Atom 1.0 feed: opensearch:totalResults, then one entry per paper' }
            },
            tests: [
                { _description: 'The paper that introduced the Transformer, by title', search_query: 'ti:"attention is all you need"', max_results: 1 },
                { _description: 'The first two Ricci flow preprints of Perelman, oldest first', search_query: 'au:perelman AND cat:math.DG', sortBy: 'submittedDate', sortOrder: 'ascending', max_results: 2 }
            ]
        },
        getPapers: {
            method: 'GET',
            path: '/api/query',
            description: 'Papers by arXiv id, comma-separated (up to 10): new-style ids such as 1706.03762 or 2301.00001v2 (a version), old-style ids such as hep-ex/0307015; the latest version unless one is named.',
            parameters: [
                { position: { key: 'id_list', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(9)' ] } }
            ],
            output: {
                mimeType: 'text/plain',
                schema: { type: 'string', description: 'An Atom 1.0 feed with one entry per id' }
            },
            tests: [
                { _description: 'A new-style and an old-style id', id_list: '1706.03762,hep-ex/0307015' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
