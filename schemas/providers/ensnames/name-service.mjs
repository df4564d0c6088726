export const main = {
    namespace: 'ensnames',
    name: 'NameService',
    description: 'Resolves blockchain domain names to addresses and back, with text records such as avatar and website.',
    version: '3.0.0',
    docs: [ 'https://ensnames.example/docs/api' ],
    tags: [ 'crypto', 'identity' ],
    root: 'https://api.ensnames.example',
    tools: {
        resolveName: {
            method: 'GET',
            path: '/v1/resolve/{{name}}',
            description: 'Address that a name such as vitalik.eth points to.',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(3)', 'max(255)', 'regex(^[a-z0-9\\-.]+\\.eth$)' ] } }
            ]
        },
        reverseLookup: {
            method: 'GET',
            path: '/v1/reverse/{{address}}',
            description: 'Primary name of an address, if one is set.',
            parameters: [
                { position: { key: 'address', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'length(42)' ] } }
            ]
        },
        getTextRecords: {
            method: 'GET',
            path: '/v1/records/{{name}}',
            description: 'Selected text records of a name (avatar, url, email, com.twitter, ...).',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [] } },
                { position: { key: 'keys', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'array()', options: [ 'optional()', 'max(10)' ] } }
            ]
        }
    }
}
