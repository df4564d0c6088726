export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'openfda',
    description: 'What openFDA data means, what it does not mean, and how its answers are shaped.',
    dependsOn: [ 'openfda.searchDrugLabels', 'openfda.countAdverseReactions', 'openfda.searchFoodRecalls' ],
    references: [],
    content: `openFDA publishes data of the US Food and Drug Administration. Without a key it allows 240 calls a
minute and 1,000 a day per address. It is not medical advice and must not be presented as such.

Answers carry meta (disclaimer, terms, last_updated, results.total) and results. A search that finds
nothing answers HTTP 404 with "No matches found!".

{{tool:searchDrugLabels}} returns label sections as arrays of text: indications_and_usage,
dosage_and_administration, warnings, contraindications, and openfda.brand_name, generic_name and
manufacturer_name. {{tool:countAdverseReactions}} returns { term, count } pairs from voluntary reports:
a count says how often a reaction was reported with the drug, not that the drug caused it or how
common it is. {{tool:searchFoodRecalls}} returns recall_number, product_description, reason_for_recall,
recalling_firm, classification (Class I is the most serious), status and report_date (YYYYMMDD).`
}
