export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'arxiv',
    description: 'What arXiv holds, how to write its search queries and how to read the Atom feeds it answers with.',
    dependsOn: [ 'arxiv.searchPapers', 'arxiv.getPapers' ],
    references: [],
    content: `arXiv is the open preprint server of physics, mathematics, computer science, quantitative biology
and finance, statistics, electrical engineering and economics. Papers there are preprints: many are
later published in journals (then arxiv:journal_ref and arxiv:doi say where), some never are.

{{tool:searchPapers}} takes a search_query built from field prefixes: ti (title), au (author, family
name or "given family"), abs (abstract), co (comment), jr (journal reference), cat (category:
cs.CL, math.DG, astro-ph.GA, q-bio.NC, …), all (any field). Combine them with AND, OR and ANDNOT in
capitals, group with parentheses, quote phrases: ti:"large language models" AND cat:cs.CL. For the
newest papers of a category, search cat:cs.AI with sortBy submittedDate (descending is the default
order). max_results is 5 unless given; start pages through the rest.

{{tool:getPapers}} reads papers by id: 1706.03762 (new style, YYMM.number), hep-ex/0307015 (old
style, archive/YYMMnnn), with vN for one version.

Both answer an Atom 1.0 feed. opensearch:totalResults counts every match. Each entry is one paper:
id (its abstract page, ending in the version), published (first version), updated (this version),
title, summary (the abstract), author/name (in order), arxiv:primary_category and category terms,
link title="pdf" for the PDF, and when the authors gave them arxiv:comment (pages, figures,
conference), arxiv:journal_ref and arxiv:doi. A search that matches nothing has no entry. Ask
politely: arXiv wants at most one request every three seconds.`
}
