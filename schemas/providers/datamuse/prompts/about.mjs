export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'datamuse',
    description: 'What the Datamuse word-finding tools are good for and how to read their scores.',
    dependsOn: [ 'datamuse.findByMeaning', 'datamuse.findSynonyms', 'datamuse.findRhymes', 'datamuse.findSoundsLike', 'datamuse.findSpelledLike', 'datamuse.suggestWords' ],
    references: [],
    content: `Datamuse finds English words for writers and word games; it is a finder, not a dictionary (use a
dictionary provider for definitions). The free service allows 100,000 calls a day.

Every tool answers an array of { word, score, … } sorted by score; scores only rank within one answer.
{{tool:findByMeaning}} takes a word or a whole description and adds part-of-speech tags (n, v, adj,
adv). {{tool:findSynonyms}} is stricter: dictionary synonyms only. {{tool:findRhymes}} adds
numSyllables. {{tool:findSoundsLike}} corrects phonetic misspellings, {{tool:findSpelledLike}}
matches patterns with ? (one letter) and * (any letters), and {{tool:suggestWords}} completes a prefix.`
}
