// Datamuse: a word-finding query engine (meaning, sound, spelling, relations). No key.
export const main = {
    namespace: 'datamuse',
    name: 'DatamuseWords',
    description: 'Find English words by meaning, synonyms, rhymes, sound or spelling pattern, and complete a word as it is typed, with the Datamuse word-finding engine.',
    version: '3.0.0',
    docs: [ 'https://www.datamuse.com/api/' ],
    tags: [ 'dictionary', 'language', 'english', 'writing', 'no-key' ],
    root: 'https://api.datamuse.com',
    tools: {
        findByMeaning: {
            method: 'GET',
            path: '/words',
            description: 'Words and phrases with a meaning similar to a word or description ("ringing in the ears"), best first, with a score and part-of-speech tags.',
            parameters: [
                { position: { key: 'ml', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'md', value: 'p', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'A word for ringing in the ears', ml: 'ringing in the ears', max: 3 }
            ]
        },
        findSynonyms: {
            method: 'GET',
            path: '/words',
            description: 'Synonyms (from WordNet) of the word given as rel_syn.',
            parameters: [
                { position: { key: 'rel_syn', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Synonyms of happy', rel_syn: 'happy', max: 4 }
            ]
        },
        findRhymes: {
            method: 'GET',
            path: '/words',
            description: 'Perfect rhymes of the word given as rel_rhy, most common first, with syllable counts.',
            parameters: [
                { position: { key: 'rel_rhy', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'md', value: 's', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Rhymes of orange (there are a few)', rel_rhy: 'orange', max: 3 }
            ]
        },
        findSoundsLike: {
            method: 'GET',
            path: '/words',
            description: 'Words that sound like a word or a misspelled word ("jirraf" finds giraffe).',
            parameters: [
                { position: { key: 'sl', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'What sounds like jirraf', sl: 'jirraf', max: 2 }
            ]
        },
        findSpelledLike: {
            method: 'GET',
            path: '/words',
            description: 'Words matching a spelling pattern where ? is one letter and * any letters (t??k, *ology).',
            parameters: [
                { position: { key: 'sp', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Five-letter words starting with cr and ending in k', sp: 'cr??k', max: 3 }
            ]
        },
        suggestWords: {
            method: 'GET',
            path: '/sug',
            description: 'Completions of a word prefix as it is typed, most likely first (spelling-tolerant).',
            parameters: [
                { position: { key: 's', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'max', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(1000)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Completions of rawand', s: 'rawand', max: 2 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
