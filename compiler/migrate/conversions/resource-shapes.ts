/**
 * Resource definitions between formats 3 and 4, as values (the conversions print them back):
 * 3.x `{ database, queries: { q: { parameters: { name: { type, required, default? } } } } }` and
 * 4.x `{ mode, name, queries: { q: { parameters: [ { position: { key, value }, z } ] } } }`.
 */
import { isObject, isString, type Obj } from '../../validate/checks.ts';
import { queryParameterType } from '../../validate/format-4/resources-4.ts';

const GET_SCHEMA = {
  sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'table'",
  description: 'The tables of the database and their columns.',
  parameters: {},
};

/** A 3.x sqlite resource in format 4's shape (in-memory, read-only). */
export function resourceTo4(resource: Obj): Obj {
  const queries: Obj = {};
  for (const [name, query] of Object.entries(isObject(resource.queries) ? resource.queries : {})) {
    if (!isObject(query)) continue;
    const parameters = Object.entries(isObject(query.parameters) ? query.parameters : {}).map(([key, def]) => {
      const d = isObject(def) ? def : {};
      const type = d.type === 'number' || d.type === 'boolean' ? d.type : 'string';
      const options = [
        ...(d.required === true ? [] : ['optional()']),
        ...(d.default !== undefined
          ? [`default(${type === 'string' ? `'${String(d.default)}'` : String(d.default)})`]
          : []),
      ];
      return {
        position: { key, value: '{{USER_PARAM}}' },
        z: { primitive: `${type}()`, ...(options.length ? { options } : {}) },
        ...(isString(d.description) ? { description: d.description } : {}),
      };
    });
    queries[name] = {
      sql: query.sql,
      description: query.description,
      parameters,
      output: { mimeType: 'application/json', schema: { type: 'array' } },
    };
  }
  return {
    source: 'sqlite',
    mode: 'in-memory',
    origin: resource.origin,
    name: resource.database ?? resource.name,
    description: resource.description,
    queries,
  };
}

/** A 4.x sqlite resource in format 3's shape (getSchema added when missing, as 3.x requires it). */
export function resourceTo3(resource: Obj): Obj {
  const queries: Obj = {};
  const source = isObject(resource.queries) ? resource.queries : {};
  if (!('getSchema' in source)) queries.getSchema = GET_SCHEMA;
  for (const [name, query] of Object.entries(source)) {
    if (!isObject(query)) continue;
    const parameters: Obj = {};
    for (const parameter of Array.isArray(query.parameters) ? query.parameters : []) {
      if (!isObject(parameter) || !isObject(parameter.position) || !isObject(parameter.z)) continue;
      const options = Array.isArray(parameter.z.options)
        ? parameter.z.options.filter(isString).map((o) => o.trim())
        : [];
      const type = queryParameterType(parameter.z);
      const fallback = options.map((o) => /^default\((.*)\)$/.exec(o)?.[1]).find((d) => d !== undefined);
      const description = isString(parameter.description)
        ? parameter.description
        : isString(parameter.z.description)
          ? parameter.z.description
          : undefined;
      parameters[String(parameter.position.key)] = {
        type,
        required: !options.some((o) => /^(optional|default)\(/.test(o)),
        ...(fallback !== undefined
          ? {
              default:
                type === 'number'
                  ? Number(fallback)
                  : type === 'boolean'
                    ? fallback === 'true'
                    : fallback.replace(/^(['"])(.*)\1$/, '$2'),
            }
          : {}),
        ...(description !== undefined ? { description } : {}),
      };
    }
    queries[name] = { sql: query.sql, description: query.description, parameters };
  }
  return {
    source: 'sqlite',
    origin: resource.origin,
    database: resource.name ?? resource.database,
    description: resource.description,
    queries,
  };
}
