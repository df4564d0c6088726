// Open Library (Internet Archive): books, editions and authors. No key.
export const main = {
    namespace: 'openlibrary',
    name: 'OpenLibraryBooks',
    description: 'Search books and authors in Open Library, look up an edition by ISBN, and read works and author biographies.',
    version: '3.0.0',
    docs: [ 'https://openlibrary.org/developers/api', 'https://openlibrary.org/dev/docs/api/search', 'https://openlibrary.org/dev/docs/api/books' ],
    tags: [ 'books', 'library', 'authors', 'isbn', 'no-key' ],
    root: 'https://openlibrary.org',
    tools: {
        searchBooks: {
            method: 'GET',
            path: '/search.json',
            description: 'Works matching a query (title, author, subject or any text), with authors, first publication year, edition count, ISBNs and cover id.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } },
                { position: { key: 'fields', value: 'key,title,author_name,author_key,first_publish_year,edition_count,isbn,language,cover_i', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'The Lord of the Rings', q: 'the lord of the rings', limit: 2 }
            ]
        },
        getEditionByIsbn: {
            method: 'GET',
            path: '/api/books?bibkeys=ISBN:{{isbn}}',
            description: 'The edition with an ISBN-10 or ISBN-13: title, authors, publishers, publication date, pages, subjects and cover URLs.',
            parameters: [
                { position: { key: 'isbn', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(10)', 'max(17)' ] } },
                { position: { key: 'format', value: 'json', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'jscmd', value: 'data', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ],
            tests: [
                { _description: 'Fantastic Mr Fox by ISBN-13', isbn: '9780140328721' }
            ]
        },
        getWork: {
            method: 'GET',
            path: '/works/{{workId}}.json',
            description: 'A work (all editions of one book) by id (OL45804W): title, description, subjects, first publication date and author keys.',
            parameters: [
                { position: { key: 'workId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(4)' ] } }
            ],
            tests: [
                { _description: 'Fantastic Mr Fox as a work', workId: 'OL45804W' }
            ]
        },
        getAuthor: {
            method: 'GET',
            path: '/authors/{{authorId}}.json',
            description: 'An author by id (OL34184A): name, birth and death dates, biography and links.',
            parameters: [
                { position: { key: 'authorId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(4)' ] } }
            ],
            tests: [
                { _description: 'Roald Dahl', authorId: 'OL34184A' }
            ]
        },
        searchAuthors: {
            method: 'GET',
            path: '/search/authors.json',
            description: 'Authors matching a name, with their id, dates, top work and number of works.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Ursula K. Le Guin', q: 'ursula le guin', limit: 1 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
