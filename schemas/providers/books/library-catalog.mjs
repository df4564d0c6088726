export const main = {
    namespace: 'books',
    name: 'LibraryCatalog',
    description: 'An open catalogue of books: search by title or author, look up editions by ISBN, and read author biographies.',
    version: '3.0.0',
    docs: [ 'https://books.example/developers/api' ],
    tags: [ 'books', 'open-data', 'education' ],
    root: 'https://api.books.example',
    tools: {
        searchBooks: {
            method: 'GET',
            path: '/search.json',
            description: 'Works matching a free-text query, with first publication year, authors and edition count.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(relevance,new,old,rating,editions)', options: [ 'optional()', 'default(relevance)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(10)', 'min(1)', 'max(100)' ] } },
                { position: { key: 'fields', value: 'key,title,author_name,first_publish_year,edition_count', location: 'query' }, z: { primitive: 'string()', options: [] } }
            ]
        },
        getEditionByIsbn: {
            method: 'GET',
            path: '/isbn/{{isbn}}.json',
            description: 'Publisher, page count, publication date and cover id of the edition with a 13-digit ISBN.',
            parameters: [
                { position: { key: 'isbn', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'length(13)', 'regex(^97[89]\\d{10}$)' ] } }
            ]
        },
        getAuthor: {
            method: 'GET',
            path: '/authors/:authorId.json',
            description: 'Biography, birth and death dates and alternate names of an author (id such as OL23919A).',
            parameters: [
                { position: { key: 'authorId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^OL\\d+A$)' ] } }
            ]
        },
        getAuthorWorks: {
            method: 'GET',
            path: '/authors/:authorId/works.json',
            description: 'Works written by an author, most recent first.',
            parameters: [
                { position: { key: 'authorId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^OL\\d+A$)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(50)', 'max(1000)', 'min(1)' ] } }
            ]
        },
        getSubject: {
            method: 'GET',
            path: '/subjects/{{subject}}.json',
            description: 'Popular works and related subjects for a subject such as love or science_fiction.',
            parameters: [
                { position: { key: 'subject', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'regex(^[a-z_]+$)' ] } },
                { position: { key: 'details', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()', 'default(false)' ] } }
            ]
        }
    }
}
