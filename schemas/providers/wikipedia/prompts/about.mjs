export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'wikipedia',
    description: 'How to find and read English Wikipedia articles with these tools, and how to credit them.',
    dependsOn: [ 'wikipedia.searchArticles', 'wikipedia.getSummary', 'wikipedia.getOnThisDay', 'wikipedia.getFeaturedContent' ],
    references: [],
    content: `These tools read English Wikipedia. Its text is available under CC BY-SA 4.0: an answer that
quotes it should name Wikipedia and link the article (content_urls.desktop.page).

Titles are case-sensitive except for the first letter and use underscores for spaces: find the exact
one with {{tool:searchArticles}} (its key field) before {{tool:getSummary}}. A redirect title such as
"Lovelace" is followed automatically. The summary's extract is the lead section in plain text;
description is the one-line Wikidata description and wikibase_item the Wikidata id (Q7259).

{{tool:getOnThisDay}} and {{tool:getFeaturedContent}} take two-digit months and days (06, 01). Their
entries link to articles in pages[], each with its own title and extract. Search excerpts mark the
matched words with <span class="searchmatch">.`
}
