// Free Dictionary API: English definitions, phonetics and examples. No key.
export const main = {
    namespace: 'freedictionary',
    name: 'FreeDictionary',
    description: 'Definitions of English words grouped by part of speech, with phonetic spelling, pronunciation audio, examples, synonyms, antonyms and etymology.',
    version: '3.0.0',
    docs: [ 'https://dictionaryapi.dev/' ],
    tags: [ 'dictionary', 'language', 'english', 'no-key' ],
    root: 'https://api.dictionaryapi.dev',
    tools: {
        defineWord: {
            method: 'GET',
            path: '/api/v2/entries/en/{{word}}',
            description: 'Every entry of an English word: phonetics with audio links, and meanings per part of speech with definitions, examples, synonyms and antonyms.',
            parameters: [
                { position: { key: 'word', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(64)' ] } }
            ],
            tests: [
                { _description: 'The word serendipity', word: 'serendipity' },
                { _description: 'A word with several parts of speech', word: 'run' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
