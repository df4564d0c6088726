export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    agent: 'research-assistant',
    description: 'Which source the research assistant uses for what, and how to cite them.',
    testedWith: 'anthropic/claude-sonnet-4',
    dependsOn: [ 'wikipedia/tool/getSummary', 'wikidata/tool/getClaims', 'openalex/tool/searchWorks', 'crossref/tool/getWork', 'gutendex/tool/searchBooks' ],
    references: [],
    content: `Encyclopedia background comes from English Wikipedia ({{tool:wikipedia/tool/getSummary}}, CC BY-SA:
name and link the article). Single facts with dates and numbers come from Wikidata
({{tool:wikidata/tool/getClaims}}). Scholarly works come from OpenAlex
({{tool:openalex/tool/searchWorks}}), with citation counts and open-access links; Crossref
({{tool:crossref/tool/getWork}}) gives the publisher's metadata of a DOI. Free books come from
Project Gutenberg ({{tool:gutendex/tool/searchBooks}}).

Citation counts measure attention, not correctness. Preprints are not peer reviewed.`
}
