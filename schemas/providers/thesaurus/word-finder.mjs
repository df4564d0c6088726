export const main = {
    namespace: 'thesaurus',
    name: 'WordFinder',
    description: 'Finds words by meaning, sound, spelling pattern and association: synonyms, rhymes, and completions.',
    version: '3.0.0',
    docs: [ 'https://thesaurus.example/api' ],
    tags: [ 'language', 'dictionary' ],
    root: 'https://api.thesaurus.example',
    tools: {
        findSynonyms: {
            method: 'GET',
            path: '/words',
            description: 'Words with a similar meaning, ranked by relevance.',
            parameters: [
                { position: { key: 'rel_syn', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(20)', 'min(1)', 'max(1000)' ] } }
            ]
        },
        findRhymes: {
            method: 'GET',
            path: '/words',
            description: 'Perfect rhymes of a word.',
            parameters: [
                { position: { key: 'rel_rhy', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(20)', 'min(1)', 'max(1000)' ] } }
            ]
        },
        findByMeaning: {
            method: 'GET',
            path: '/words',
            description: 'Words that match a description, e.g. "ringing in the ears", optionally starting with a letter pattern.',
            parameters: [
                { position: { key: 'ml', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(200)' ] } },
                { position: { key: 'sp', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'md', value: 'dp', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        completeWord: {
            method: 'GET',
            path: '/sug',
            description: 'Spelling-tolerant completions of a prefix, for autocomplete.',
            parameters: [
                { position: { key: 's', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '10', location: 'query' }, z: { primitive: 'number()', options: [] } }
            ]
        }
    }
}
