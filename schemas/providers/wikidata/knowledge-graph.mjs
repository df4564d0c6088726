// Wikidata through the MediaWiki Action API. No key; a User-Agent that names the caller is required.
export const main = {
    namespace: 'wikidata',
    name: 'WikidataEntities',
    description: 'Search Wikidata items by label, read their labels, descriptions, aliases and Wikipedia links, and read the statements of one property (birth date, population, coordinates, …).',
    version: '3.0.0',
    docs: [ 'https://www.wikidata.org/w/api.php?action=help&modules=wbsearchentities', 'https://www.wikidata.org/w/api.php?action=help&modules=wbgetentities', 'https://www.wikidata.org/w/api.php?action=help&modules=wbgetclaims' ],
    tags: [ 'knowledge-graph', 'wikidata', 'open-data', 'no-key' ],
    root: 'https://www.wikidata.org',
    headers: { 'User-Agent': 'toolkit-catalog/1.0 (MCP tools for the Wikimedia APIs)' },
    tools: {
        searchEntities: {
            method: 'GET',
            path: '/w/api.php',
            description: 'Items whose label or alias matches a text, with their Q id, label and description, in a language.',
            parameters: [
                { position: { key: 'action', value: 'wbsearchentities', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'language', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(10)', 'default(en)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(50)', 'default(5)' ] } },
                { position: { key: 'type', value: 'item', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Douglas Adams', search: 'Douglas Adams', limit: 1 }
            ]
        },
        getEntities: {
            method: 'GET',
            path: '/w/api.php',
            description: 'Labels, descriptions and aliases in a language and the English Wikipedia link of up to 50 items (Q ids separated by |).',
            parameters: [
                { position: { key: 'action', value: 'wbgetentities', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'ids', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'languages', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'default(en)' ] } },
                { position: { key: 'props', value: 'labels|descriptions|aliases|sitelinks', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'sitefilter', value: 'enwiki', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Douglas Adams and Earth', ids: 'Q42|Q2' }
            ]
        },
        getClaims: {
            method: 'GET',
            path: '/w/api.php',
            description: 'The statements of one property of an item, e.g. P569 date of birth, P1082 population, P625 coordinates, P36 capital, with values, qualifiers and ranks.',
            parameters: [
                { position: { key: 'action', value: 'wbgetclaims', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'entity', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'property', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Date of birth of Douglas Adams', entity: 'Q42', property: 'P569' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
