// PyPI JSON API: metadata of Python packages. No key.
export const main = {
    namespace: 'pypi',
    name: 'PythonPackageIndex',
    description: 'Metadata of Python packages on PyPI: summary, licence, supported Python versions, dependencies, recent releases, files and known vulnerabilities.',
    version: '3.0.0',
    docs: [ 'https://docs.pypi.org/api/json/' ],
    tags: [ 'package-registry', 'python', 'developer-tools', 'no-key' ],
    root: 'https://pypi.org',
    tools: {
        getProject: {
            method: 'GET',
            path: '/pypi/{{project}}/json',
            description: 'A project: summary, author, licence, requires_python, dependencies, classifiers, links, latest version with its files, the 20 most recent release numbers and known vulnerabilities of the latest release.',
            parameters: [
                { position: { key: 'project', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'The requests library', project: 'requests' }
            ]
        },
        getRelease: {
            method: 'GET',
            path: '/pypi/{{project}}/{{version}}/json',
            description: 'One release of a project: its metadata, files (wheels and source distribution with sizes and hashes) and known vulnerabilities.',
            parameters: [
                { position: { key: 'project', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'version', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)' ] } }
            ],
            tests: [
                { _description: 'Django 4.2.0', project: 'django', version: '4.2.0' }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}

// The project document lists the files of every release ever made: keep the release numbers and the latest files.
export const handlers = ( { sharedLists, libraries } ) => ( {
    getProject: {
        postRequest: async ( { response, struct, payload } ) => ( {
            response: {
                info: response.info,
                recentReleases: Object.entries( response.releases ?? {} )
                    .filter( ( [ , files ] ) => files.length > 0 )
                    .map( ( [ version, files ] ) => ( { version, uploaded: files[ 0 ].upload_time_iso_8601 } ) )
                    .sort( ( a, b ) => ( a.uploaded < b.uploaded ? 1 : -1 ) )
                    .slice( 0, 20 ),
                files: response.urls,
                vulnerabilities: response.vulnerabilities
            }
        } )
    }
} )
