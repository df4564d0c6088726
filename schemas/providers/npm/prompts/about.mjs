export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'npm',
    description: 'How to read npm registry answers: names, versions and dist-tags.',
    dependsOn: [ 'npm.searchPackages', 'npm.getPackage', 'npm.getVersion' ],
    references: [],
    content: `The npm registry hosts more than three million JavaScript packages. Names are lowercase and may be
scoped (@scope/name).

{{tool:searchPackages}} answers objects[], each with package (name, version, description, links) and
score (final, and quality, popularity and maintenance details); downloads counts are approximate.
{{tool:getPackage}} summarises a package: distTags.latest is the version installed by default,
recentVersions the 20 newest with their publication time. {{tool:getVersion}} reads one version's
package.json as published: dependencies, peerDependencies, engines.node and dist (tarball URL,
integrity, unpackedSize in bytes). A deprecated version carries a deprecated message. Unknown names
answer 404 "Not found".`
}
