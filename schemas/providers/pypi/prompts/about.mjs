export const prompt = {
    name: 'about',
    version: 'toolkit-prompt/1.0.0',
    provider: 'pypi',
    description: 'How to read PyPI project metadata.',
    dependsOn: [ 'pypi.getProject', 'pypi.getRelease' ],
    references: [],
    content: `PyPI, the Python Package Index, hosts more than half a million projects. Project names are
case-insensitive and treat -, _ and . alike.

{{tool:getProject}} answers info (the latest release's metadata: version, summary, license or
license_expression, requires_python, requires_dist with environment markers such as
'extra == "socks"', project_urls, classifiers), recentReleases (newest first, pre-releases included),
files of the latest release and vulnerabilities (OSV advisories with fixed_in versions).
{{tool:getRelease}} answers the same for one version, with its files under urls: packagetype is
bdist_wheel or sdist, size in bytes, yanked true when withdrawn. Unknown projects answer 404.`
}
