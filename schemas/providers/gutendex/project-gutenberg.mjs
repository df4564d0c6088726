// Gutendex: a JSON API over the Project Gutenberg catalog of public-domain e-books. No key.
export const main = {
    namespace: 'gutendex',
    name: 'GutendexBooks',
    description: 'Search the more than 70,000 free public-domain e-books of Project Gutenberg by title, author, topic and language, and get their download links.',
    version: '3.0.0',
    docs: [ 'https://gutendex.com/' ],
    tags: [ 'books', 'public-domain', 'ebooks', 'no-key' ],
    root: 'https://gutendex.com',
    tools: {
        searchBooks: {
            method: 'GET',
            path: '/books/',
            description: 'Books whose title or author contains the search words, optionally in some languages (two-letter codes, comma-separated) or on a topic, most downloaded first; 32 per page.',
            parameters: [
                { position: { key: 'search', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'languages', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'topic', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(popular,ascending,descending)', options: [ 'default(popular)' ] } },
                { position: { key: 'page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'default(1)' ] } }
            ],
            tests: [
                { _description: 'Books by Jane Austen', search: 'austen' },
                { _description: 'French books about cooking', topic: 'cooking', languages: 'fr' }
            ]
        },
        getBook: {
            method: 'GET',
            path: '/books/{{id}}/',
            description: 'One book by its Project Gutenberg number: title, authors with their years, subjects, languages, download count and links to HTML, EPUB and plain text.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Frankenstein', id: 84 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
