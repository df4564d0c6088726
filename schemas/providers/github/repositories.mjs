// GitHub REST API: repositories, releases and issues. Needs a personal access token (no scopes for public data).
export const main = {
    namespace: 'github',
    name: 'GitHubRepositories',
    description: 'Public GitHub repositories: search them, read one with its stars, language and licence, its latest release, and its open or closed issues; needs a personal access token.',
    version: '3.0.0',
    docs: [ 'https://docs.github.com/en/rest/repos/repos', 'https://docs.github.com/en/rest/search/search#search-repositories', 'https://docs.github.com/en/rest/releases/releases#get-the-latest-release', 'https://docs.github.com/en/rest/issues/issues#list-repository-issues' ],
    tags: [ 'developer-tools', 'git', 'open-source', 'api-key' ],
    root: 'https://api.github.com',
    requiredServerParams: [ 'GITHUB_TOKEN' ],
    headers: {
        Authorization: 'Bearer {{GITHUB_TOKEN}}',
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'toolkit-catalog/1.0'
    },
    tools: {
        searchRepositories: {
            method: 'GET',
            path: '/search/repositories',
            description: 'Repositories matching a search with GitHub qualifiers (language:rust stars:>1000 topic:cli), sorted by best match or by stars, forks or last update.',
            parameters: [
                { position: { key: 'q', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'min(1)' ] } },
                { position: { key: 'sort', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(stars,forks,help-wanted-issues,updated)', options: [ 'optional()' ] } },
                { position: { key: 'order', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(desc,asc)', options: [ 'default(desc)' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(5)' ] } }
            ],
            tests: [
                { _description: 'The most starred Rust command-line tools', q: 'topic:cli language:rust', sort: 'stars', per_page: 2 }
            ]
        },
        getRepository: {
            method: 'GET',
            path: '/repos/{{owner}}/{{repo}}',
            description: 'A repository: description, stars, forks, open issues, main language, licence, topics, default branch and dates.',
            parameters: [
                { position: { key: 'owner', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(39)' ] } },
                { position: { key: 'repo', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(100)' ] } }
            ],
            output: {
                mimeType: 'application/json',
                schema: {
                    type: 'object',
                    properties: {
                        full_name: { type: 'string' },
                        description: { type: 'string', nullable: true },
                        stargazers_count: { type: 'number' },
                        forks_count: { type: 'number' },
                        open_issues_count: { type: 'number' },
                        language: { type: 'string', nullable: true },
                        default_branch: { type: 'string' },
                        pushed_at: { type: 'string', format: 'date-time' }
                    }
                }
            },
            tests: [
                { _description: 'The Node.js repository', owner: 'nodejs', repo: 'node' }
            ]
        },
        getLatestRelease: {
            method: 'GET',
            path: '/repos/{{owner}}/{{repo}}/releases/latest',
            description: 'The latest published (non-draft, non-prerelease) release of a repository: tag, name, date, notes and downloadable assets.',
            parameters: [
                { position: { key: 'owner', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(39)' ] } },
                { position: { key: 'repo', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(100)' ] } }
            ],
            tests: [
                { _description: 'The latest release of TypeScript', owner: 'microsoft', repo: 'TypeScript' }
            ]
        },
        listIssues: {
            method: 'GET',
            path: '/repos/{{owner}}/{{repo}}/issues',
            description: 'Issues and pull requests of a repository, open, closed or all, newest first, optionally with labels (comma-separated).',
            parameters: [
                { position: { key: 'owner', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(39)' ] } },
                { position: { key: 'repo', value: '{{USER_PARAM}}', location: 'insert' }, z: { primitive: 'string()', options: [ 'min(1)', 'max(100)' ] } },
                { position: { key: 'state', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'enum(open,closed,all)', options: [ 'default(open)' ] } },
                { position: { key: 'labels', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'string()', options: [ 'optional()' ] } },
                { position: { key: 'per_page', value: '{{USER_PARAM}}', location: 'query' }, z: { primitive: 'number()', options: [ 'min(1)', 'max(100)', 'default(10)' ] } }
            ],
            tests: [
                { _description: 'Open good first issues of Deno', owner: 'denoland', repo: 'deno', labels: 'good first issue', per_page: 1 }
            ]
        }
    },
    prompts: {
        about: { contentFile: './prompts/about.mjs' }
    }
}
