export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openlibrary',
    description: 'How Open Library organises works, editions and authors, and how to get from one to the other.',
    dependsOn: [ 'openlibrary.searchBooks', 'openlibrary.getEditionByIsbn', 'openlibrary.getWork', 'openlibrary.getAuthor', 'openlibrary.searchAuthors' ],
    references: [],
    content: `Open Library, a project of the Internet Archive, catalogues millions of books. It separates the
work (the book as written, id like OL45804W) from its editions (one printing with an ISBN, id like
OL7353617M) and from authors (OL34184A).

{{tool:searchBooks}} finds works: key is "/works/OL…W" (take the last part for {{tool:getWork}}),
author_key lists author ids for {{tool:getAuthor}}, cover_i is a cover id
(https://covers.openlibrary.org/b/id/<cover_i>-M.jpg shows it). {{tool:getEditionByIsbn}} answers an
object keyed "ISBN:<number>", empty when the ISBN is unknown. {{tool:searchAuthors}} finds author ids
by name.

Descriptions and biographies come either as a string or as { type, value }. Data is contributed by
libraries and volunteers and can be incomplete.`
}
