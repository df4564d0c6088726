export const main = {
    namespace: 'lexicon',
    name: 'Dictionary',
    description: 'English word definitions, pronunciations, example sentences and the word of the day.',
    version: '3.0.0',
    docs: [ 'https://lexicon.example/docs' ],
    tags: [ 'language', 'dictionary', 'education' ],
    root: 'https://api.lexicon.example/api/v2',
    tools: {
        defineWord: {
            method: 'GET',
            path: '/entries/en/:word',
            description: 'Meanings grouped by part of speech, with phonetics, audio links and examples.',
            parameters: [
                { position: { key: 'word', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(64)' ] } }
            ]
        },
        getWordOfTheDay: {
            method: 'GET',
            path: '/word-of-the-day',
            description: 'The word of the day with its definition and a note on its origin.',
            parameters: [
                { position: { key: 'date', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } }
            ]
        },
        getExamples: {
            method: 'GET',
            path: '/entries/en/:word/examples',
            description: 'Example sentences that use a word, from public-domain literature.',
            parameters: [
                { position: { key: 'word', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(64)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(5)', 'min(1)', 'max(25)' ] } }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    defineWord: {
        postRequest: async ( { response, struct, payload } ) => {
            const entry = Array.isArray( response ) ? response[ 0 ] : response
            const meanings = ( entry?.meanings ?? [] ).map( ( meaning ) => ( {
                partOfSpeech: meaning.partOfSpeech,
                definitions: ( meaning.definitions ?? [] ).slice( 0, 3 ).map( ( item ) => item.definition )
            } ) )
            return { response: { word: entry?.word ?? payload.word, phonetic: entry?.phonetic ?? null, meanings } }
        }
    }
} )
