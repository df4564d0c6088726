export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'lexicon',
    description: 'What the lexicon dictionary tools return and where their limits are.',
    dependsOn: [ 'lexicon.defineWord', 'lexicon.getExamples', 'lexicon.getWordOfTheDay' ],
    references: [],
    content: `The lexicon provider is an English dictionary.

{{tool:defineWord}} returns the meanings of a word grouped by part of speech (noun, verb, adjective, ...),
at most three definitions each, with a phonetic spelling when one is known. Words are looked up exactly
as given: inflected forms such as "ran" usually resolve to their own short entry that points to the
base form "run".

{{tool:getExamples}} returns example sentences taken from public-domain books, so the language can be
old-fashioned. {{tool:getWordOfTheDay}} returns one featured word per day; without a date it is today's.

The dictionary covers English only and has no translations or synonyms.`
}
