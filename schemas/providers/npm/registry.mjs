// The npm public registry: JavaScript packages. No key for reading.
export const main = {
    namespace: 'npm',
    name: 'NpmRegistry',
    description: 'Search JavaScript packages in the npm registry and read a package: description, licence, latest versions, maintainers, dependencies and engines of a version.',
    version: '3.0.0',
    docs: [ 'https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md', 'https://docs.npmjs.com/cli/v11/commands/npm-search' ],
    tags: [ 'package-registry', 'javascript', 'developer-tools', 'no-key' ],
    root: 'https://registry.npmjs.org',
    tools: {
        searchPackages: {
            method: 'GET',
            path: '/-/v1/search',
            description: 'Packages matching a text (name, description, keywords; qualifiers such as author:sindresorhus or keywords:cli), best first, with latest version, description, links and popularity scores.',
            parameters: [
                { position: { key: 'text', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'size', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(250)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'Packages for parsing command lines', text: 'command line parser', size: 2 }
            ]
        },
        getPackage: {
            method: 'GET',
            path: '/{{name}}',
            description: 'A package (scoped names such as @types/node work): description, licence, dist-tags, the 20 most recent versions with their dates, maintainers, repository and homepage.',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(214)' ] } }
            ],
            tests: [
                { _description: 'The express package', name: 'express' },
                { _description: 'A scoped package', name: '@types/node' }
            ]
        },
        getVersion: {
            method: 'GET',
            path: '/{{name}}/{{version}}',
            description: 'One version of a package (or a dist-tag such as latest): dependencies, peer dependencies, engines, licence and tarball details.',
            parameters: [
                { position: { key: 'name', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(214)' ] } },
                { position: { key: 'version', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'default(latest)' ] } }
            ],
            tests: [
                { _description: 'The latest version of zod', name: 'zod' },
                { _description: 'React 18.3.1', name: 'react', version: '18.3.1' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

// A full package document lists every version ever published (megabytes for popular packages): keep the recent ones.
export const handlers = ( { sharedLists, libraries } ) => ( {
    getPackage: {
        postRequest: async ( { response, struct, payload } ) => {
            const recent = Object.entries( response.time ?? {} )
                .filter( ( [ version ] ) => version !== 'created' && version !== 'modified' && response.versions?.[ version ] !== undefined )
                .sort( ( a, b ) => ( a[ 1 ] < b[ 1 ] ? 1 : -1 ) )
                .slice( 0, 20 )
                .map( ( [ version, published ] ) => ( { version, published } ) )
            return {
                response: {
                    name: response.name,
                    description: response.description,
                    license: response.license,
                    distTags: response[ 'dist-tags' ],
                    created: response.time?.created,
                    modified: response.time?.modified,
                    versionCount: Object.keys( response.versions ?? {} ).length,
                    recentVersions: recent,
                    maintainers: ( response.maintainers ?? [] ).map( ( maintainer ) => maintainer.name ),
                    repository: response.repository?.url ?? null,
                    homepage: response.homepage ?? null,
                    keywords: response.keywords ?? []
                }
            }
        }
    }
} )
