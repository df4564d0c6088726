export const main = {
    namespace: 'opendata',
    name: 'DatasetPortal',
    description: 'Search and browse the datasets, organisations and tags of a national open-data portal.',
    version: '3.0.0',
    docs: [ 'https://opendata.example/api/3/docs' ],
    tags: [ 'open-data', 'government' ],
    root: 'https://catalog.opendata.example/api/3/action',
    tools: {
        searchDatasets: {
            method: 'GET',
            path: '/package_search',
            description: 'Datasets matching a query, with title, publisher, licence, formats and last update.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'fq', value: 'res_format:{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(CSV,JSON,XML,XLSX,GeoJSON,API)', options: [ 'optional()' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'default(score desc, metadata_modified desc)' ] } },
                { position: { key: 'rows', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(10)', 'min(1)', 'max(100)' ] } },
                { position: { key: 'start', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(0)', 'min(0)' ] } }
            ]
        },
        getDataset: {
            method: 'GET',
            path: '/package_show',
            description: 'Full metadata of one dataset by name or id, including its downloadable resources.',
            parameters: [
                { position: { key: 'id', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)', 'max(100)' ] } }
            ]
        },
        listOrganizations: {
            method: 'GET',
            path: '/organization_list',
            description: 'Publishing organisations, sorted as requested, with dataset counts.',
            parameters: [
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'default(score desc, name asc)' ] } },
                { position: { key: 'all_fields', value: 'true', location: 'query' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(25)', 'min(1)', 'max(1000)' ] } }
            ]
        },
        listTags: {
            method: 'GET',
            path: '/tag_list',
            description: 'Tags used on datasets, optionally filtered by a prefix.',
            parameters: [
                { position: { key: 'query', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'min(1)' ] } }
            ]
        },
        getRecentChanges: {
            method: 'GET',
            path: '/recently_changed_packages_activity_list',
            description: 'The latest dataset creations and updates on the portal.',
            parameters: [
                { position: { key: 'limit', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'default(20)', 'min(1)', 'max(100)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    searchDatasets: {
        postRequest: async ( { response, struct, payload } ) => {
            const result = response?.result ?? {}
            const datasets = ( result.results ?? [] ).map( ( item ) => ( {
                name: item.name,
                title: item.title,
                publisher: item.organization?.title ?? null,
                license: item.license_title ?? null,
                formats: [ ...new Set( ( item.resources ?? [] ).map( ( resource ) => resource.format ).filter( Boolean ) ) ],
                modified: item.metadata_modified
            } ) )
            return { response: { total: result.count ?? datasets.length, datasets } }
        }
    }
} )
