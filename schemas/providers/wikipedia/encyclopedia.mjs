// Wikipedia (English) through the Wikimedia REST APIs. No key; Wikimedia asks for a User-Agent that names the caller.
export const main = {
    namespace: 'wikipedia',
    name: 'WikipediaEnglish',
    description: 'Search English Wikipedia, read the summary of an article, and get the featured content and the events of a day in history.',
    version: '3.0.0',
    docs: [ 'https://en.wikipedia.org/api/rest_v1/', 'https://www.mediawiki.org/wiki/API:REST_API/Reference', 'https://foundation.wikimedia.org/wiki/Policy:Wikimedia_Foundation_User-Agent_Policy' ],
    tags: [ 'encyclopedia', 'knowledge', 'wikipedia', 'no-key' ],
    root: 'https://en.wikipedia.org',
    headers: { 'User-Agent': 'toolkit-catalog/1.0 (MCP tools for the Wikimedia APIs)' },
    tools: {
        searchArticles: {
            method: 'GET',
            path: '/w/rest.php/v1/search/page',
            description: 'Articles matching a full-text query, best first, with their title, key (for getSummary), short description and a highlighted excerpt.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Articles about the Analytical Engine', q: 'analytical engine babbage', limit: 2 }
            ]
        },
        getSummary: {
            method: 'GET',
            path: '/api/rest_v1/page/summary/{{title}}',
            description: 'The lead section of an article as plain text, with its short description, thumbnail, Wikidata id and URL; the title with underscores for spaces (Ada_Lovelace).',
            parameters: [
                { position: { key: 'title', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(255)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        title: { type: 'string' },
                        description: { type: 'string' },
                        extract: { type: 'string', description: 'The lead section as plain text' },
                        wikibase_item: { type: 'string' },
                        content_urls: { type: 'object' }
                    }
                }
            },
            tests: [
                { _description: 'Ada Lovelace', title: 'Ada_Lovelace' },
                { _description: 'A title with an apostrophe', title: "The_Hitchhiker's_Guide_to_the_Galaxy" }
            ]
        },
        getOnThisDay: {
            method: 'GET',
            path: '/api/rest_v1/feed/onthisday/{{type}}/{{month}}/{{day}}',
            description: 'What happened on a day of the year in past years: selected anniversaries, events, births, deaths or holidays, each with the year and linked articles.',
            parameters: [
                { position: { key: 'type', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'enum(selected,events,births,deaths,holidays,all)', options: [ 'default(selected)' ] } },
                { position: { key: 'month', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(2)' ] } },
                { position: { key: 'day', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(2)' ] } }
            ],
            tests: [
                { _description: 'Births on 10 December', type: 'births', month: '12', day: '10' }
            ]
        },
        getFeaturedContent: {
            method: 'GET',
            path: '/api/rest_v1/feed/featured/{{year}}/{{month}}/{{day}}',
            description: "The featured content of a day: today's featured article, the most-read articles, the picture of the day, news and on-this-day items.",
            parameters: [
                { position: { key: 'year', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(4)', 'max(4)' ] } },
                { position: { key: 'month', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(2)' ] } },
                { position: { key: 'day', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(2)' ] } }
            ],
            tests: [
                { _description: 'Featured content of 1 June 2025', year: '2025', month: '06', day: '01' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
