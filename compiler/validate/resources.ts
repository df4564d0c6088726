/** Rules on `main.resources` (RES001–RES024; the SQL readers are in resource-sql.ts, the counts in limits.ts). */
import type { Reporter } from './reporter.ts';
import { CAMEL_CASE, isNonEmptyString, isObject, isString, isStringArray, show, type Obj } from './checks.ts';
import { readsSchemaTable, reportDeclaredSql } from './resource-sql.ts';
import { queryColumnsOf, readArrayParameter } from './resource-query-forms.ts';

const FIELDS = new Set(['source', 'database', 'origin', 'description', 'queries']);
const PRIOR_ART_FIELDS = new Set(['mode', 'name', 'lifecycle']);
const ORIGINS = new Set(['global', 'project', 'inline']);
const SCALARS = new Set(['string', 'number', 'boolean']);

/**
 * Lets the loader answer RES020 (where the file is looked for, and whether it is there) and RES007
 * for links (`escapesTo`: where an `inline` database that is a link outside its schema's directory
 * leads) without the rules touching the file system.
 */
export type DatabaseExists = (
  origin: string,
  database: string,
) => { readonly path: string; readonly exists: boolean; readonly escapesTo?: string };

/** The database file a resource declares (`database`, or the prior-art `name`). */
export const databaseOf = (resource: Obj): unknown =>
  resource.database === undefined && isString(resource.name) ? resource.name : resource.database;

export function checkResources(value: unknown, r: Reporter, databaseExists?: DatabaseExists): void {
  if (value === undefined) return;
  if (!isObject(value))
    return r.report('RES001', ['resources'], 'main.resources must be an object keyed by resource name');
  const names = Object.keys(value);
  for (const name of names) checkResource(name, value[name], ['resources', name], r, databaseExists);
}

function checkResource(
  name: string,
  resource: unknown,
  at: (string | number)[],
  r: Reporter,
  databaseExists?: DatabaseExists,
): void {
  if (!CAMEL_CASE.test(name)) r.report('RES017', at, `resource name ${show(name)} must be camelCase`);
  if (!isObject(resource)) return r.report('RES001', at, `resource ${name} must be an object`);
  for (const key of Object.keys(resource)) {
    if (PRIOR_ART_FIELDS.has(key))
      r.report('RES023', [...at, key], `resource ${name}: ${key} is a prior-art field, not in the spec`);
    else if (!FIELDS.has(key))
      r.report('RES001', [...at, key], `resource ${name}: ${show(key)} is not a resource field`);
  }
  if (resource.source !== 'sqlite')
    r.report('RES005', [...at, 'source'], `resource ${name}: source must be sqlite, got ${show(resource.source)}`);
  if (!isNonEmptyString(resource.description))
    r.report('RES002', [...at, 'description'], `resource ${name}: description must be a non-empty string`);
  if (!isString(resource.origin) || !ORIGINS.has(resource.origin))
    r.report(
      'RES004',
      [...at, 'origin'],
      `resource ${name}: origin must be global, project or inline, got ${show(resource.origin)}`,
    );
  const database = databaseOf(resource);
  const dbAt = [...at, resource.database === undefined ? 'name' : 'database'];
  if (!isString(database) || !database.endsWith('.db') || database.length <= 3) {
    r.report('RES006', dbAt, `resource ${name}: database must be a file name ending in .db, got ${show(database)}`);
  } else if (
    database.split(/[\\/]/).includes('..') ||
    database.startsWith('/') ||
    database.startsWith('~') ||
    /^[A-Za-z]:/.test(database)
  ) {
    r.report(
      'RES007',
      dbAt,
      `resource ${name}: database ${show(database)} must be relative to its origin, without .. segments`,
    );
  } else if (databaseExists && isString(resource.origin) && ORIGINS.has(resource.origin)) {
    const located = databaseExists(resource.origin, database);
    if (located.escapesTo !== undefined) {
      r.report(
        'RES007',
        dbAt,
        `resource ${name}: database ${database} is a link to ${located.escapesTo}, outside the schema's directory: ` +
          `an inline database must be a file of its schema (a server refuses to read it)`,
      );
    } else if (!located.exists)
      r.report(
        'RES020',
        dbAt,
        `resource ${name}: database ${database} (origin ${resource.origin}) not found at ${located.path}: its ` +
          `queries will fail until it is there`,
      );
  }
  if (!isObject(resource.queries))
    return r.report('RES016', [...at, 'queries'], `resource ${name}: queries must be an object with a getSchema query`);
  const queries = Object.keys(resource.queries);
  if (!queries.includes('getSchema'))
    r.report('RES016', [...at, 'queries'], `resource ${name}: a getSchema query is required`);
  for (const query of queries) checkQuery(name, query, resource.queries[query], [...at, 'queries', query], r);
}

function checkQuery(resource: string, name: string, query: unknown, at: (string | number)[], r: Reporter): void {
  const label = `resource ${resource}, query ${name}`;
  if (name === 'freeQuery')
    return r.report('RES021', at, `${label}: freeQuery is injected by the runtime and must not be defined`);
  if (!CAMEL_CASE.test(name)) r.report('RES018', at, `${label}: query name must be camelCase`);
  if (!isObject(query)) return r.report('RES009', at, `${label}: a query must be an object with sql and description`);
  if (!isNonEmptyString(query.description))
    r.report('RES010', [...at, 'description'], `${label}: description must be a non-empty string`);
  const count = checkQueryParameters(label, query.parameters, [...at, 'parameters'], r);
  if (query.output !== undefined && queryColumnsOf(query.output) === undefined) {
    r.report(
      'RES022',
      [...at, 'output'],
      `${label}: output must be { columns: string[] } (or the prior art's { mimeType: 'application/json', schema: { ` +
        `type: 'array', items? } })`,
    );
  }
  if (!isNonEmptyString(query.sql))
    return r.report('RES009', [...at, 'sql'], `${label}: sql must be a non-empty string`);
  const sqlAt = [...at, 'sql'];
  reportDeclaredSql(label, query.sql, count, sqlAt, r);
  if (name === 'getSchema' && (count !== 0 || !readsSchemaTable(query.sql))) {
    r.report(
      'RES024',
      count !== 0 ? [...at, 'parameters'] : sqlAt,
      `${label}: getSchema must take no parameters and return the table structure from sqlite_schema (or ` +
        `sqlite_master), e.g. SELECT name, sql FROM sqlite_schema WHERE type = 'table'`,
    );
  }
}

/** Returns the parameter count when the parameters are readable. */
function checkQueryParameters(
  label: string,
  parameters: unknown,
  at: (string | number)[],
  r: Reporter,
): number | undefined {
  if (parameters === undefined) return 0;
  if (Array.isArray(parameters)) return checkArrayParameters(label, parameters, at, r);
  if (!isObject(parameters)) {
    r.report(
      'RES011',
      at,
      `${label}: parameters must be an object keyed by name ({ type, required, default?, description? })`,
    );
    return undefined;
  }
  for (const [name, p] of Object.entries(parameters)) {
    const pAt = [...at, name];
    if (!isObject(p) || typeof p.required !== 'boolean' || (p.description !== undefined && !isString(p.description))) {
      r.report(
        'RES011',
        pAt,
        `${label}: parameter ${name} must be { type, required: boolean, default?, description? }`,
      );
      continue;
    }
    const extra = Object.keys(p).filter((k) => !['type', 'required', 'default', 'description'].includes(k));
    if (extra.length > 0)
      r.report('RES011', [...pAt, extra[0] ?? ''], `${label}: parameter ${name} has unknown field ${show(extra[0])}`);
    if (!isString(p.type) || !SCALARS.has(p.type))
      r.report(
        'RES019',
        [...pAt, 'type'],
        `${label}: parameter ${name} type must be string, number or boolean, got ${show(p.type)}`,
      );
    else if (p.default !== undefined && typeof p.default !== p.type)
      r.report('RES011', [...pAt, 'default'], `${label}: parameter ${name} default must be a ${p.type}`);
  }
  return Object.keys(parameters).length;
}

/** The prior art's form: an array of `{ position, z }` bound in order (resource-query-forms.ts reads it). */
function checkArrayParameters(
  label: string,
  parameters: readonly unknown[],
  at: (string | number)[],
  r: Reporter,
): number {
  const seen = new Set<string>();
  parameters.forEach((entry, index) => {
    const read = readArrayParameter(entry, index);
    if (read.problem) return r.report('RES011', [...at, index], `${label}: parameter ${read.name}: ${read.problem}`);
    if (seen.has(read.name)) r.report('RES011', [...at, index], `${label}: parameter ${read.name} is declared twice`);
    seen.add(read.name);
    if (read.ignored.length > 0)
      r.report(
        'RES050',
        [...at, index],
        `${label}: parameter ${read.name}: ${read.ignored.join(', ')} not enforced on a query parameter (only ` +
          `optional() and default() are read)`,
      );
  });
  return parameters.length;
}
