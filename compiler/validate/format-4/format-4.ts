/**
 * Format 4.x (`version: '4.x.y'`), accepted beside 2.0.0 and 3.x with its own rules. Format 4 is
 * format 3's tool catalog with more in `main` (provenance, `schemaVersion`), an optional `meta` per
 * tool, parameter descriptions, resources of three sources, and skills and selections as files of
 * their own (`main.skills` is forbidden). Its own rules are here; what it shares with 3.x is judged
 * by the shared rules on `format4View`, its 3.x-equivalent reading (every value at the same path, so
 * every finding still points into the file), exactly as format 2.0.0 is read through `format2View`.
 */
import type { Reporter } from '../reporter.ts';
import { isObject, isString, toolContainer, type Obj } from '../checks.ts';
import { checkProvenance } from './provenance.ts';
import { checkResources4, queryParameterType } from './resources-4.ts';
import { checkTools4, parameterDescription } from './tools-4.ts';

/** `main` fields format 4 has beyond 3.x; the view leaves them out, so the 3.x allowlist (VAL003) judges the rest. */
export const FORMAT_4_MAIN_FIELDS = [
  'schemaVersion',
  'termsOfService',
  'termsOfServiceCheckedAt',
  'termsOfServiceLanguage',
  'dataLicense',
  'dataLicenseName',
  // Allowlisted by the format's reference implementation and never read: accepted, ignored.
  'meta',
  'handlers',
] as const;

/** Tool fields format 4 has beyond 3.x (`outputSchema` is opaque: accepted, ignored). */
export const FORMAT_4_TOOL_FIELDS = ['meta', 'outputSchema'] as const;

/** Rules of format 4 only; the shared rules run on `format4View`. */
export function checkFormat4(main: Obj, r: Reporter): void {
  checkProvenance(main, r);
  if (main.skills !== undefined)
    r.report(
      'VAL091',
      ['skills'],
      'main.skills is not part of format 4: put each skill in its own file, skills/<name>.mjs beside the schema ' +
        '(`export const skill`)',
    );
  checkTools4(main, r);
  checkResources4(main.resources, r);
}

export interface Format4View {
  /**
   * What the shared rules judge: no format-4-only fields, no tool `meta`, no resources (judged by `checkResources4`).
   */
  readonly checked: Obj;
  /**
   * What the normalizer reads: tool `meta` and parameter descriptions kept, sqlite and http resources in the 3.x model
   * shape, markdown ones as `documents`.
   */
  readonly served: Obj;
}

/** The 3.x-equivalent readings of a 4.x `main` (copies; `main` is untouched). */
export function format4View(main: Obj): Format4View {
  const base: Obj = {};
  for (const [key, value] of Object.entries(main)) {
    if (
      !(FORMAT_4_MAIN_FIELDS as readonly string[]).includes(key) &&
      key !== 'schemaHash' &&
      key !== 'skills' &&
      key !== 'resources'
    )
      base[key] = value;
  }
  const { key, tools } = toolContainer(main);
  const checkedTools: Obj = {};
  const servedTools: Obj = {};
  for (const [name, tool] of Object.entries(tools)) {
    if (!isObject(tool)) {
      checkedTools[name] = servedTools[name] = tool;
      continue;
    }
    const plain: Obj = {};
    for (const [field, value] of Object.entries(tool))
      if (!(FORMAT_4_TOOL_FIELDS as readonly string[]).includes(field)) plain[field] = value;
    checkedTools[name] = plain;
    servedTools[name] = {
      ...plain,
      ...(tool.meta !== undefined ? { meta: tool.meta } : {}),
      ...(Array.isArray(tool.parameters) ? { parameters: tool.parameters.map(withDescription) } : {}),
    };
  }
  const hasContainer = isObject(main[key]);
  const checked = hasContainer ? { ...base, [key]: checkedTools } : base;
  const served: Obj = hasContainer ? { ...base, [key]: servedTools } : { ...base };
  const resources = servedResources(main.resources);
  if (resources) served.resources = resources;
  const documents = servedDocuments(main.resources);
  if (documents) served.documents = documents;
  return { checked, served };
}

/** A parameter with its format-4 description (parameter level or `z.description`) at the parameter. */
function withDescription(parameter: unknown): unknown {
  if (!isObject(parameter)) return parameter;
  const description = parameterDescription(parameter);
  return description === undefined ? parameter : { ...parameter, description };
}

/** The markdown resources, by name: what the loader reads (inline ones) and the normalizer keeps. */
function servedDocuments(resources: unknown): Obj | undefined {
  if (!isObject(resources)) return undefined;
  const out: Obj = {};
  for (const [name, resource] of Object.entries(resources)) {
    if (isObject(resource) && resource.source === 'markdown')
      out[name] = { origin: resource.origin, name: resource.name, description: resource.description };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The sqlite and http resources in the 3.x model shape (`database`, queries with a parameters object); markdown ones
 * are documents.
 */
function servedResources(resources: unknown): Obj | undefined {
  if (!isObject(resources)) return undefined;
  const out: Obj = {};
  for (const [name, resource] of Object.entries(resources)) {
    if (!isObject(resource) || (resource.source !== 'sqlite' && resource.source !== 'http')) continue;
    const queries: Obj = {};
    for (const [queryName, query] of Object.entries(isObject(resource.queries) ? resource.queries : {})) {
      if (!isObject(query)) continue;
      const parameters: Obj = {};
      for (const parameter of Array.isArray(query.parameters) ? query.parameters : []) {
        if (!isObject(parameter) || !isObject(parameter.position) || !isObject(parameter.z)) continue;
        const options = Array.isArray(parameter.z.options) ? parameter.z.options.filter(isString) : [];
        const fallback = options.map((o) => /^default\((.*)\)$/.exec(o.trim())?.[1]).find((d) => d !== undefined);
        const type = queryParameterType(parameter.z);
        const description = parameterDescription(parameter);
        parameters[String(parameter.position.key)] = {
          type,
          required: !options.some((o) => /^(optional|default)\(/.test(o.trim())),
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
          // The primitive as written, so the normalizer keeps an enum's values (shared lists resolved) for completion.
          ...(isString(parameter.z.primitive) ? { primitive: parameter.z.primitive } : {}),
        };
      }
      queries[queryName] = { sql: query.sql, description: query.description, parameters };
    }
    out[name] =
      resource.source === 'http'
        ? { source: 'http', description: resource.description, url: resource.url, cacheTtl: resource.cacheTtl, queries }
        : {
            source: 'sqlite',
            description: resource.description,
            origin: resource.origin,
            database: resource.name ?? resource.database,
            queries,
          };
  }
  return out;
}
