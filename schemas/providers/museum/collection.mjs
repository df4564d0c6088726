export const main = {
    namespace: 'museum',
    name: 'Collection',
    description: 'Objects, departments and images of an art museum collection released under an open licence.',
    version: '3.0.0',
    docs: [ 'https://collection.museum.example/api' ],
    tags: [ 'art', 'culture', 'open-data' ],
    root: 'https://collectionapi.museum.example/public/collection/v1',
    tools: {
        searchObjects: {
            method: 'GET',
            path: '/search',
            description: 'Object ids that match a query, optionally only objects with images or on view.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(2)' ] } },
                { position: { key: 'hasImages', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
                { position: { key: 'isOnView', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'boolean()', options: [ 'optional()' ] } },
                { position: { key: 'departmentId', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'optional()', 'min(1)' ] } }
            ]
        },
        getObject: {
            method: 'GET',
            path: '/objects/:objectId',
            description: 'Title, artist, date, medium, dimensions, credit line and image links of one object.',
            parameters: [
                { position: { key: 'objectId', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'number()', options: [ 'min(1)' ] } }
            ]
        },
        listDepartments: {
            method: 'GET',
            path: '/departments',
            description: 'Curatorial departments with their ids.',
            parameters: []
        },
        getObjectsByDate: {
            method: 'GET',
            path: '/objects',
            description: 'Ids of objects updated after a date, for catching up with changes.',
            parameters: [
                { position: { key: 'metadataDate', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'regex(^\\d{4}-\\d{2}-\\d{2}$)' ] } },
                { position: { key: 'departmentIds', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()', 'regex(^\\d+(\\|\\d+)*$)' ] } }
            ]
        }
    }
}

export const handlers = ( { sharedLists, libraries } ) => ( {
    searchObjects: {
        postRequest: async ( { response, struct, payload } ) => {
            const ids = Array.isArray( response?.objectIDs ) ? response.objectIDs : []
            return { response: { total: response?.total ?? ids.length, objectIds: ids.slice( 0, 100 ) } }
        }
    }
} )
