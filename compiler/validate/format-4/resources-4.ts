/**
 * Format 4's resources (RES025–RES028, RES038, RES046–RES048, RES054, RES055 beside the shared RES002, RES003,
 * RES009–RES018): sources `sqlite` (`mode`, `origin`, `name` ending .db; the legacy `database`
 * accepted in place of `name`), `markdown` (`origin`, `name` ending .md; no mode, no queries) and
 * `http` (an https `url` without placeholders, RES054, and a `cacheTtl` in seconds; `path` is not used,
 * RES055); at most 2 resources and 7
 * queries each. Query parameters are `{ position: { key, value }, z }` without `location`, bound to
 * `?` in order. Declared SQL is read-only in every mode: this runtime opens databases read-only.
 */
import type { Reporter } from '../reporter.ts';
import { CAMEL_CASE, isNonEmptyString, isObject, isString, show, type Obj } from '../checks.ts';
import { parsePrimitive } from '../../parse/primitive.ts';
import { reportDeclaredSql } from '../resource-sql.ts';

export const LIMITS_4 = { resources: 2, queries: 7 } as const;

const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  sqlite: new Set(['source', 'mode', 'origin', 'name', 'database', 'description', 'queries']),
  markdown: new Set(['source', 'origin', 'name', 'description']),
  http: new Set(['source', 'url', 'cacheTtl', 'path', 'description', 'queries']),
};
const MODES = new Set(['in-memory', 'file-based']);
const ORIGINS = new Set(['global', 'project', 'inline']);
const SQLITE_NAME = /^[a-z][a-z0-9-]*\.db$/;
const MARKDOWN_NAME = /^[a-z][a-z0-9-]*\.md$/;
const SCALARS = new Set(['string', 'number', 'boolean', 'enum']);

export function checkResources4(value: unknown, r: Reporter): void {
  if (value === undefined) return;
  if (!isObject(value))
    return r.report('RES046', ['resources'], 'main.resources must be an object keyed by resource name');
  const names = Object.keys(value);
  if (names.length > LIMITS_4.resources)
    r.report('RES003', ['resources'], `at most ${LIMITS_4.resources} resources per schema, found ${names.length}`);
  for (const name of names) checkResource(name, value[name], ['resources', name], r);
}

function checkResource(name: string, resource: unknown, at: (string | number)[], r: Reporter): void {
  if (!CAMEL_CASE.test(name)) r.report('RES017', at, `resource name ${show(name)} must be camelCase`);
  if (!isObject(resource)) return r.report('RES046', at, `resource ${name} must be an object`);
  const source = resource.source;
  const fields = isString(source) ? FIELDS[source] : undefined;
  if (!fields)
    return r.report(
      'RES046',
      [...at, 'source'],
      `resource ${name}: source must be sqlite, markdown or http, got ${show(source)}`,
    );
  for (const key of Object.keys(resource)) {
    if (fields.has(key)) continue;
    if (source === 'markdown' && (key === 'mode' || key === 'queries'))
      r.report('RES038', [...at, key], `resource ${name}: a markdown resource has no ${key}`);
    else r.report('RES046', [...at, key], `resource ${name}: ${show(key)} is not a field of a ${source} resource`);
  }
  if (!isNonEmptyString(resource.description))
    r.report('RES002', [...at, 'description'], `resource ${name}: description must be a non-empty string`);
  if (source === 'sqlite' || source === 'markdown') {
    if (!isString(resource.origin) || !ORIGINS.has(resource.origin))
      r.report(
        'RES026',
        [...at, 'origin'],
        `resource ${name}: origin must be global, project or inline, got ${show(resource.origin)}`,
      );
    const file = source === 'sqlite' && resource.name === undefined ? resource.database : resource.name;
    const pattern = source === 'sqlite' ? SQLITE_NAME : MARKDOWN_NAME;
    if (!isString(file) || !pattern.test(file))
      r.report(
        'RES027',
        [...at, resource.name === undefined && source === 'sqlite' ? 'database' : 'name'],
        `resource ${name}: name must match ${pattern.source}, got ${show(file)}`,
      );
  }
  if (source === 'sqlite' && (!isString(resource.mode) || !MODES.has(resource.mode)))
    r.report(
      'RES025',
      [...at, 'mode'],
      `resource ${name}: mode must be in-memory or file-based, got ${show(resource.mode)}`,
    );
  if (source === 'http') {
    if (!isString(resource.url) || !/^https:\/\/\S+$/.test(resource.url))
      r.report('RES047', [...at, 'url'], `resource ${name}: url must be an https:// URL, got ${show(resource.url)}`);
    if (typeof resource.cacheTtl !== 'number' || !Number.isInteger(resource.cacheTtl) || resource.cacheTtl <= 0)
      r.report(
        'RES047',
        [...at, 'cacheTtl'],
        `resource ${name}: cacheTtl must be a positive whole number of seconds, got ${show(resource.cacheTtl)}`,
      );
    if (resource.path !== undefined && !isNonEmptyString(resource.path))
      r.report('RES047', [...at, 'path'], `resource ${name}: path (a local cache file) must be a non-empty string`);
  }
  if (source === 'http' && isString(resource.url) && /\{\{|^https:\/\/[^/]*@/.test(resource.url)) {
    r.report(
      'RES054',
      [...at, 'url'],
      `resource ${name}: an http resource's url is fetched as written, with no server params or credentials: remove ` +
        `the {{…}} placeholder or user@ part (serve a private database as a sqlite resource instead)`,
    );
  }
  if (source === 'http' && resource.path !== undefined)
    r.report(
      'RES055',
      [...at, 'path'],
      `resource ${name}: path is not used: the download is cached in ~/.toolkit/cache/resources/ and refreshed after ` +
        `cacheTtl seconds`,
    );
  if (source === 'markdown') return;
  if (!isObject(resource.queries))
    return r.report('RES046', [...at, 'queries'], `resource ${name}: queries must be an object keyed by query name`);
  const queries = Object.keys(resource.queries);
  if (queries.length > LIMITS_4.queries)
    r.report(
      'RES028',
      [...at, 'queries'],
      `resource ${name}: at most ${LIMITS_4.queries} queries, found ${queries.length}`,
    );
  for (const query of queries) checkQuery(name, query, resource.queries[query], [...at, 'queries', query], r);
}

function checkQuery(resource: string, name: string, query: unknown, at: (string | number)[], r: Reporter): void {
  const label = `resource ${resource}, query ${name}`;
  if (!CAMEL_CASE.test(name)) r.report('RES018', at, `${label}: query name must be camelCase`);
  if (!isObject(query)) return r.report('RES009', at, `${label}: a query must be an object with sql and description`);
  if (!isNonEmptyString(query.description))
    r.report('RES010', [...at, 'description'], `${label}: description must be a non-empty string`);
  const count = checkQueryParameters(label, query.parameters, [...at, 'parameters'], r);
  if (!isNonEmptyString(query.sql))
    return r.report('RES009', [...at, 'sql'], `${label}: sql must be a non-empty string`);
  const sqlAt = [...at, 'sql'];
  reportDeclaredSql(label, query.sql, count, sqlAt, r);
}

/** The parameter count when the list is readable. */
function checkQueryParameters(
  label: string,
  parameters: unknown,
  at: (string | number)[],
  r: Reporter,
): number | undefined {
  if (parameters === undefined) return 0;
  if (!Array.isArray(parameters)) {
    r.report('RES048', at, `${label}: parameters must be an array of { position: { key, value }, z }`);
    return undefined;
  }
  parameters.forEach((parameter, i) => {
    const where = [...at, i];
    if (!isObject(parameter) || !isObject(parameter.position) || !isObject(parameter.z))
      return r.report(
        'RES048',
        where,
        `${label}: parameter ${i} must be { position: { key, value }, z: { primitive } }`,
      );
    const { position, z } = parameter;
    if (!isNonEmptyString(position.key))
      r.report('RES048', [...where, 'position', 'key'], `${label}: parameter ${i} needs a position.key`);
    if (position.location !== undefined)
      r.report(
        'RES048',
        [...where, 'position', 'location'],
        `${label}: resource parameters have no location (they bind to ? in order)`,
      );
    const primitive = isString(z.primitive) ? parsePrimitive(z.primitive) : undefined;
    if (!primitive || !SCALARS.has(primitive.kind))
      r.report(
        'RES048',
        [...where, 'z', 'primitive'],
        `${label}: parameter ${i} must be a scalar primitive (string, number, boolean, enum), got ${show(z.primitive)}`,
      );
  });
  return parameters.length;
}

/** The primitive kind of a format-4 query parameter, as the 3.x resource model types it. */
export function queryParameterType(z: Obj): 'string' | 'number' | 'boolean' {
  const kind = isString(z.primitive) ? parsePrimitive(z.primitive).kind : 'string';
  return kind === 'number' || kind === 'boolean' ? kind : 'string';
}
