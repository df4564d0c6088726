export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openalex',
    description: 'How OpenAlex names works, authors and institutions, and how its answers are shaped.',
    dependsOn: [ 'openalex.searchWorks', 'openalex.getWork', 'openalex.searchAuthors', 'openalex.searchInstitutions' ],
    references: [],
    content: `OpenAlex is a free, open (CC0) index of more than 250 million scholarly works and the authors,
institutions, venues and topics they connect to. The free limit is 100,000 calls a day.

Lists come as { meta: { count, page, per_page }, results }. Ids are URLs such as
https://openalex.org/W2741809807; the last part (W…, A…, I…) is the short id. {{tool:getWork}} also
takes external ids: doi:10.7717/peerj.4375.

A work has display_name (its title), publication_year, type, cited_by_count, authorships (each with
author.display_name and institutions), primary_location.source.display_name (the journal) and
open_access.oa_url when a free copy exists. Filters of {{tool:searchWorks}} combine with commas:
publication_year:2023, is_oa:true, type:article, cited_by_count:>100.

{{tool:searchAuthors}} and {{tool:searchInstitutions}} find people and organisations; the same name
can belong to several authors, so check last_known_institutions.`
}
