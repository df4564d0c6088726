// Data.gov catalog (CKAN Action API): the datasets published by US federal, state and local agencies. No key.
export const main = {
    namespace: 'datagov',
    name: 'DataGovCatalog',
    description: 'Search the more than 300,000 open datasets of US government agencies in the Data.gov catalog and read one dataset with its download links.',
    version: '3.0.0',
    docs: [ 'https://docs.ckan.org/en/latest/api/index.html', 'https://catalog.data.gov/api/3' ],
    tags: [ 'open-government-data', 'datasets', 'united-states', 'no-key' ],
    root: 'https://catalog.data.gov',
    tools: {
        searchDatasets: {
            method: 'GET',
            path: '/api/3/action/package_search',
            description: 'Datasets matching a query, best first, with title, description, publishing organisation, last change and their resources (files and APIs with format and URL); fq narrows with Solr filters such as organization:noaa-gov or res_format:CSV.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'fq', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'rows', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Electric vehicle charging stations', q: 'electric vehicle charging stations', rows: 1 },
                { _description: 'CSV files of NOAA about sea level', q: 'sea level', fq: 'organization:noaa-gov AND res_format:CSV', rows: 1 }
            ]
        },
        getDataset: {
            method: 'GET',
            path: '/api/3/action/package_show',
            description: 'One dataset by name or id, with every resource, tag, contact and the harvested metadata.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } }
            ],
            tests: [
                { _description: 'The Electric Vehicle Population dataset of Washington State', id: 'electric-vehicle-population-data' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
