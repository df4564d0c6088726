// openFDA: public data of the US Food and Drug Administration (drug labels, adverse events, recalls). No key needed at low volume.
export const main = {
    namespace: 'openfda',
    name: 'OpenFda',
    description: 'US Food and Drug Administration open data: drug labels by brand name, the most reported adverse reactions of a drug, and food recalls.',
    version: '3.0.0',
    docs: [ 'https://open.fda.gov/apis/', 'https://open.fda.gov/apis/drug/label/', 'https://open.fda.gov/apis/drug/event/', 'https://open.fda.gov/apis/food/enforcement/' ],
    tags: [ 'health', 'drugs', 'food-safety', 'open-government-data', 'no-key' ],
    root: 'https://api.fda.gov',
    tools: {
        searchDrugLabels: {
            method: 'GET',
            path: '/drug/label.json',
            description: 'The prescribing information (label) of drugs sold under a brand name: indications, dosage, warnings, active ingredient and manufacturer.',
            parameters: [
                { position: { key: 'search', value: 'openfda.brand_name:"{{USER_PARAM}}"', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(10)', 'default(1)' ] } }
            ],
            tests: [
                { _description: 'The label of Advil', search: 'advil' }
            ]
        },
        countAdverseReactions: {
            method: 'GET',
            path: '/drug/event.json',
            description: 'The adverse reactions most often reported to the FDA for a drug (by product name), with their report counts.',
            parameters: [
                { position: { key: 'search', value: 'patient.drug.medicinalproduct:"{{USER_PARAM}}"', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'count', value: 'patient.reaction.reactionmeddrapt.exact', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Top reactions reported for metformin', search: 'metformin', limit: 3 }
            ]
        },
        searchFoodRecalls: {
            method: 'GET',
            path: '/food/enforcement.json',
            description: 'Food recalls whose reason mentions a term (listeria, undeclared peanut, salmonella), newest first, with product, firm, class and status.',
            parameters: [
                { position: { key: 'search', value: 'reason_for_recall:"{{USER_PARAM}}"', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'sort', value: 'report_date:desc', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Recent recalls for listeria', search: 'listeria', limit: 2 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
