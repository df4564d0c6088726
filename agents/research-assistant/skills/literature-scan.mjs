export const skill = {
    name: 'literature-scan',
    version: 'toolkit-skill/1.0.0',
    description: 'A quick scan of the literature on a question: encyclopedia background, the most cited recent works and their open-access links.',
    testedWith: 'anthropic/claude-sonnet-4',
    requires: {
        tools: [ 'wikipedia/tool/searchArticles', 'wikipedia/tool/getSummary', 'openalex/tool/searchWorks', 'crossref/tool/getWork' ],
        resources: [],
        external: []
    },
    input: [
        { key: 'question', type: 'string', description: 'The research question or topic', required: true },
        { key: 'sinceYear', type: 'number', description: 'Only works published from this year on', required: false }
    ],
    output: 'A background paragraph and a list of up to five works, each with year, citations and a link.',
    content: `Scan the literature on: {{input:question}}.

1. Find the closest encyclopedia article with {{tool:wikipedia/tool/searchArticles}} and read it with
   {{tool:wikipedia/tool/getSummary}} for one paragraph of background.
2. Search works with {{tool:openalex/tool/searchWorks}}, filtered to publication_year:>{{input:sinceYear}}
   when a year is given, and keep the five most cited.
3. For a work without an open-access link, check the publisher record with
   {{tool:crossref/tool/getWork}}.

List each work as: title, first author, year, citations, link (open-access first).`
}
