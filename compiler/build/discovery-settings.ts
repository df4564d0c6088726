/**
 * The project's publishing facts for the discovery documents (`server` in `.toolkit/config.json`),
 * checked against what the MCP Registry and server cards accept, so that a mistake is an error at
 * its place in the file when the build runs, not a 422 from the registry at publishing time:
 * `name` reverse-DNS with one slash (3–200 characters), `description` and `title` 1–100
 * characters, `version` a version and not a range, URLs http(s), `package` and `repository`
 * complete. Every field is optional; the documents derive what is left out.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { projectConfigPath } from '../../runtime/project-config.ts';
import { DESCRIPTION_MAX, type DiscoverySettings } from '../../runtime/discovery/discovery-documents.ts';
import { jsonLocations, jsonPathKey } from './json-locations.ts';

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const URL = /^https?:\/\/\S+$/;
const RANGE = /^[\^~<>=]|[ *]|\.x(\.|$)|^x$/;
const DOMAIN = /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$/;

export interface ReadSettings {
  readonly settings: DiscoverySettings;
  /** One line per problem: `<file>:<line>:<column>: server.<field> …`. */
  readonly problems: readonly string[];
}

type Json = Record<string, unknown>;

/** Reads and checks `server` of the project's configuration (none: empty settings). */
export function readDiscoverySettings(projectDir: string, cwd: string = process.cwd()): ReadSettings {
  const file = projectConfigPath(projectDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { settings: {}, problems: [] };
  }
  let config: Json;
  try {
    config = JSON.parse(text) as Json;
  } catch {
    // The project configuration's own reader says what is wrong with the file.
    return { settings: {}, problems: [] };
  }
  const server = config.server;
  if (server === undefined) return { settings: {}, problems: [] };
  const locations = jsonLocations(text);
  const shown = relative(cwd, file) || file;
  const problems: string[] = [];
  const at = (path: (string | number)[], message: string): void => {
    const place = locations.get(jsonPathKey(path)) ?? { line: 1, column: 1 };
    problems.push(`${shown}:${place.line}:${place.column}: ${path.join('.')} ${message}`);
  };
  if (server === null || typeof server !== 'object' || Array.isArray(server)) {
    at(['server'], 'must be an object of publishing facts (name, description, version, …)');
    return { settings: {}, problems };
  }
  const s = server as Json;
  const text100 = (key: 'title' | 'description'): string | undefined => {
    const v = s[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') at(['server', key], 'must be a non-empty string');
    else if ([...v].length > DESCRIPTION_MAX)
      at(
        ['server', key],
        `is ${[...v].length} characters; the MCP Registry and server cards take at most ${DESCRIPTION_MAX} ` +
          `(publishing would fail with a 422)`,
      );
    else return v;
    return undefined;
  };
  const url = (path: (string | number)[], v: unknown): string | undefined => {
    if (typeof v === 'string' && URL.test(v)) return v;
    at(path, `must be an http(s) URL, got ${JSON.stringify(v)}`);
    return undefined;
  };
  const settings: { -readonly [K in keyof DiscoverySettings]: DiscoverySettings[K] } = {};
  for (const key of Object.keys(s)) {
    if (
      ![
        'name',
        'title',
        'description',
        'version',
        'websiteUrl',
        'repository',
        'remote',
        'package',
        'publisher',
      ].includes(key)
    )
      at(
        ['server', key],
        'is not a publishing fact (name, title, description, version, websiteUrl, repository, remote, ' +
          'package, publisher)',
      );
  }
  if (s.name !== undefined) {
    if (typeof s.name === 'string' && NAME.test(s.name) && s.name.length >= 3 && s.name.length <= 200)
      settings.name = s.name;
    else
      at(
        ['server', 'name'],
        `must be a reverse-DNS name with one slash, 3–200 characters (e.g. io.github.acme/library), got ` +
          `${JSON.stringify(s.name)}`,
      );
  }
  const title = text100('title');
  if (title) settings.title = title;
  const description = text100('description');
  if (description) settings.description = description;
  if (s.version !== undefined) {
    if (typeof s.version !== 'string' || s.version === '' || s.version.length > 255)
      at(['server', 'version'], 'must be a version string of at most 255 characters');
    else if (RANGE.test(s.version) || s.version === 'latest')
      at(
        ['server', 'version'],
        `must be one version, not a range or "latest" (the registry refuses ${JSON.stringify(s.version)})`,
      );
    else settings.version = s.version;
  }
  if (s.websiteUrl !== undefined) {
    const v = url(['server', 'websiteUrl'], s.websiteUrl);
    if (v) settings.websiteUrl = v;
  }
  if (s.remote !== undefined) {
    const v = url(['server', 'remote'], s.remote);
    if (v) settings.remote = v;
  }
  if (s.publisher !== undefined) {
    if (typeof s.publisher === 'string' && DOMAIN.test(s.publisher)) settings.publisher = s.publisher;
    else at(['server', 'publisher'], `must be a domain name (e.g. acme.example), got ${JSON.stringify(s.publisher)}`);
  }
  if (s.repository !== undefined) {
    const r = s.repository as Json;
    if (r === null || typeof r !== 'object' || typeof r.source !== 'string' || r.source === '')
      at(['server', 'repository'], 'must be { url, source } (source e.g. "github"), with an optional subfolder');
    else {
      const repositoryUrl = url(['server', 'repository', 'url'], r.url);
      if (repositoryUrl)
        settings.repository = {
          url: repositoryUrl,
          source: r.source,
          ...(typeof r.subfolder === 'string' ? { subfolder: r.subfolder } : {}),
        };
    }
  }
  if (s.package !== undefined) {
    const p = s.package as Json;
    if (
      p === null ||
      typeof p !== 'object' ||
      typeof p.registryType !== 'string' ||
      p.registryType === '' ||
      typeof p.identifier !== 'string' ||
      p.identifier === ''
    ) {
      at(
        ['server', 'package'],
        'must be { registryType, identifier } (e.g. { "registryType": "npm", "identifier": "@acme/library-mcp" })',
      );
    } else settings.package = { registryType: p.registryType, identifier: p.identifier };
  }
  return { settings, problems };
}
