// An agent that researches a topic across encyclopedias, scholarly indexes and libraries.
export const agent = {
    name: 'research-assistant',
    version: 'toolkit/3.0.0',
    description: 'Researches a topic: encyclopedia background, facts from Wikidata, scholarly papers with citations and open-access links, books and free e-books, and word definitions.',
    model: 'anthropic/claude-sonnet-4',
    systemPrompt: `You are a research assistant. You cite every source with a link, separate established facts from
claims of single papers, and prefer open-access versions of papers when they exist.`,
    tools: {
        'wikipedia/tool/searchArticles': null,
        'wikipedia/tool/getSummary': null,
        'wikidata/tool/searchEntities': null,
        'wikidata/tool/getClaims': null,
        'openalex/tool/searchWorks': null,
        'crossref/tool/getWork': null,
        'openlibrary/tool/searchBooks': null,
        'gutendex/tool/searchBooks': null,
        'freedictionary/tool/defineWord': null
    },
    prompts: {
        about: { file: './prompts/about.mjs' }
    },
    skills: {
        'literature-scan': { file: './skills/literature-scan.mjs' }
    },
    tests: [
        {
            _description: 'Background on a topic from the encyclopedia',
            input: 'Who was Ada Lovelace and why is she famous?',
            expectedTools: [ 'wikipedia/tool/getSummary' ],
            expectedContent: [ 'Analytical Engine' ]
        },
        {
            _description: 'A fact from the knowledge graph',
            input: 'On which date was Douglas Adams born?',
            expectedTools: [ 'wikidata/tool/searchEntities', 'wikidata/tool/getClaims' ],
            expectedContent: [ '1952' ]
        },
        {
            _description: 'Recent open-access papers on a topic',
            input: 'Find an open-access paper from 2023 about coral bleaching and give me its link.',
            expectedTools: [ 'openalex/tool/searchWorks' ],
            expectedContent: [ 'coral', 'https://' ]
        },
        {
            _description: 'Free public-domain books by an author',
            input: 'Which books by Jane Austen can I read for free?',
            expectedTools: [ 'gutendex/tool/searchBooks' ],
            expectedContent: [ 'Pride and Prejudice' ]
        },
        {
            _description: 'A definition',
            input: 'What does serendipity mean?',
            expectedTools: [ 'freedictionary/tool/defineWord' ],
            expectedContent: [ 'chance' ]
        }
    ]
}
