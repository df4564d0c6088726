export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'datagov',
    description: 'What the Data.gov catalog holds and how to find the files of a dataset.',
    dependsOn: [ 'datagov.searchDatasets', 'datagov.getDataset' ],
    references: [],
    content: `Data.gov is the catalog of open data of the US government. It holds descriptions and links, not the
data itself: each dataset points to files or APIs hosted by the agency that publishes it.

Answers follow the CKAN Action API: { success, result }. {{tool:searchDatasets}} puts the total in
result.count and the datasets in result.results; each has name (the id for {{tool:getDataset}}),
title, notes (the description), organization.title, metadata_modified and resources, each with name,
format (CSV, JSON, API, ZIP, …) and url. fq filters use Solr syntax, e.g. organization:nasa-gov,
res_format:CSV, tags:climate, joined with AND.`
}
