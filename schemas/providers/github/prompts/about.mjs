export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'github',
    description: 'What the GitHub tools need and how to read repositories, releases and issues.',
    dependsOn: [ 'github.searchRepositories', 'github.getRepository', 'github.getLatestRelease', 'github.listIssues' ],
    references: [],
    content: `These tools read public GitHub data with a personal access token in the server param GITHUB_TOKEN
(a fine-grained token with no permissions is enough; it raises the limit to 5,000 calls an hour, 30
searches a minute).

{{tool:searchRepositories}} takes GitHub search syntax: words plus qualifiers such as
language:python, stars:>500, topic:cli, pushed:>2025-01-01, org:microsoft. It answers total_count
and items. {{tool:getRepository}} gives full_name, stargazers_count, forks_count, open_issues_count
(issues and pull requests together), language, license.spdx_id, topics and pushed_at (last push).

{{tool:getLatestRelease}} answers 404 when a project publishes no GitHub releases (many use tags
only). {{tool:listIssues}} also lists pull requests: an entry with a pull_request field is one.
Dates are ISO 8601 in UTC.`
}
