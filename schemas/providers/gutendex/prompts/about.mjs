export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'gutendex',
    description: 'What Project Gutenberg holds and how to read a Gutendex book record.',
    dependsOn: [ 'gutendex.searchBooks', 'gutendex.getBook' ],
    references: [],
    content: `Project Gutenberg publishes e-books whose US copyright has expired: mostly literature from before
1930. Gutendex serves its catalog as JSON.

{{tool:searchBooks}} answers { count, next, previous, results }; next is the URL of the next page,
so ask for page + 1 while it is not null. Each book has id (the Gutenberg number), title, authors
(name written "Last, First" with birth_year and death_year), subjects, bookshelves, languages,
download_count and formats: a map from media type to URL (text/html, application/epub+zip,
text/plain; charset=utf-8). Link readers to those URLs rather than quoting whole books.
{{tool:getBook}} reads one book by id.`
}
