export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'freedictionary',
    description: 'What the Free Dictionary returns and where it falls short.',
    dependsOn: [ 'freedictionary.defineWord' ],
    references: [],
    content: `The Free Dictionary API serves English dictionary entries drawn from Wiktionary.

{{tool:defineWord}} answers an array of entries (a word can have several, e.g. from different
origins). Each has phonetic, phonetics (text and an audio URL, often only for some accents),
meanings grouped by partOfSpeech with definitions (definition, example when there is one, synonyms,
antonyms) and sourceUrls. An unknown word answers 404 "No Definitions Found".

Look up the base form: inflections ("ran", "mice") may have only a short entry that points to it.
Only English is served.`
}
