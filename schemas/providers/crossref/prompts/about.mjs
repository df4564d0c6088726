export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'crossref',
    description: 'What Crossref records and how to read its work metadata.',
    dependsOn: [ 'crossref.searchWorks', 'crossref.getWork', 'crossref.getJournal' ],
    references: [],
    content: `Crossref is the registration agency of most scholarly DOIs (journal articles, books, conference
papers, preprints). It holds metadata deposited by publishers, not the full texts.

Answers are { status, message-type, message }. In {{tool:searchWorks}} the works are under
message.items and message.total-results counts all matches. title and container-title (the journal)
are arrays of one string; authors have given and family names; published.date-parts is
[[year, month, day]] with month and day missing when unknown; is-referenced-by-count is how often
Crossref-registered works cite it. Filters combine with commas: from-pub-date:2020,
until-pub-date:2022, type:journal-article, has-full-text:true.

{{tool:getWork}} takes a bare DOI (10.1038/nature12373, not the https://doi.org/ link).
{{tool:getJournal}} takes an ISSN with its hyphen. Unknown DOIs and ISSNs answer 404.`
}
