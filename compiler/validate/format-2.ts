/**
 * Format 2.0.0 (`version: '2.x.y'`), accepted beside 3.x with its own rules: routes in
 * `main.routes` (at least one, at most 8), `requiredServerParams`, `requiredLibraries` and `headers`
 * required (empty when none), no resources, prompts or skills, and the `postProcess({ data })` hook.
 * Its placeholders are named: a parameter whose `position.value` is `{{ID}}` (a name that is not a
 * declared server param) takes the caller's input, and `{{ID}}` in the route's path is filled by it.
 *
 * `format2View` turns such a `main` into its 3.x-equivalent reading (named placeholders as
 * `{{USER_PARAM}}` with `{{key}}` in the path, bare server params as `{{SERVER_PARAM:KEY}}`), with
 * every value at the same path, so the shared rules and the normalizer see one form and every
 * finding still points into the file. `toolkit migrate` applies the same rewrite to the source.
 */
import type { Reporter } from './reporter.ts';
import type { HandlersSource } from '../parse/read-schema.ts';
import { isObject, isString, isStringArray, type Obj } from './checks.ts';

/**
 * The format a `main` is written in, by its version: 2 for 2.x.y, 4 for 4.x.y, else 3 (its own rules judge the
 * version).
 */
export const formatOf = (main: Obj): 2 | 3 | 4 => {
  if (!isString(main.version)) return 3;
  if (/^2\.\d+\.\d+/.test(main.version)) return 2;
  return /^4\.\d+\.\d+/.test(main.version) ? 4 : 3;
};

/** Hooks a format's handlers may define (the other format's hooks are flagged). */
export const FORMAT_2_HOOK = 'postProcess';

const REQUIRED = [
  ['requiredServerParams', 'an array (empty if none)'],
  ['requiredLibraries', 'an array (empty if none)'],
  ['headers', 'an object (empty if none)'],
] as const;

/** Rules of format 2.0.0 only (VAL080, VAL081, VAL083, VAL084); the shared rules run on `format2View`. */
export function checkFormat2(main: Obj, handlers: HandlersSource | undefined, r: Reporter): void {
  if (main.tools !== undefined)
    r.report(
      'VAL080',
      ['tools'],
      'format 2.0.0 keeps its routes in main.routes: rename tools to routes (or `toolkit migrate` the schema to 3.x)',
    );
  else if (main.routes === undefined)
    r.report('VAL080', [], 'main.routes is required (format 2.0.0): an object with at least one route');
  else if (isObject(main.routes) && Object.keys(main.routes).length === 0)
    r.report('VAL080', ['routes'], 'main.routes must have at least one route (format 2.0.0)');
  for (const [field, what] of REQUIRED) {
    if (main[field] === undefined) r.report('VAL081', [], `main.${field} is required (format 2.0.0): ${what}`);
  }
  for (const field of ['resources', 'prompts', 'skills'] as const) {
    if (main[field] !== undefined)
      r.report(
        'VAL084',
        [field],
        `main.${field} is a 3.x primitive: format 2.0.0 has routes only (\`toolkit migrate\` converts the ` +
          `schema to 3.x)`,
      );
  }
  for (const entry of handlers?.entries ?? []) {
    for (const hook of entry.members.filter(
      (m) => m === 'preRequest' || m === 'postRequest' || m === 'executeRequest',
    )) {
      r.reportAt(
        'VAL083',
        r.file,
        entry.line,
        entry.column,
        `handler ${entry.key}: ${hook} is a 3.x hook; format 2.0.0 processes responses with postProcess({ data })`,
      );
    }
  }
}

const NAMED = /^\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}$/;

/**
 * How a 2.0.0 route reads in 3.x terms, per parameter: the new `position.value`, and per named
 * insert placeholder the path text that replaces it. Shared by `format2View` and the migration.
 */
export interface RouteRewrite {
  /** Parameter index → new `position.value`. */
  readonly values: ReadonlyMap<number, string>;
  /** The route's new path, when it changes. */
  readonly path?: string;
}

/** The rewrite of one route (undefined fields when the route cannot be read; the rules say why). */
export function rewriteRoute(route: unknown, declared: ReadonlySet<string>): RouteRewrite {
  const values = new Map<number, string>();
  if (!isObject(route) || !Array.isArray(route.parameters)) return { values };
  let path = isString(route.path) ? route.path : undefined;
  const original = path;
  route.parameters.forEach((parameter: unknown, index: number) => {
    if (!isObject(parameter) || !isObject(parameter.position)) return;
    const { key, value, location } = parameter.position;
    if (!isString(value)) return;
    const named = NAMED.exec(value)?.[1];
    if (named !== undefined && named !== 'USER_PARAM' && !declared.has(named) && isString(key)) {
      values.set(index, '{{USER_PARAM}}');
      if (location === 'insert' && path !== undefined && named !== key)
        path = path.split(`{{${named}}}`).join(`{{${key}}}`);
      return;
    }
    const server = withServerParams(value, declared);
    if (server !== value) values.set(index, server);
  });
  if (path !== undefined) path = withServerParams(path, declared);
  return { values, ...(path !== undefined && path !== original ? { path } : {}) };
}

/** Bare `{{KEY}}` of declared server params written as `{{SERVER_PARAM:KEY}}` (the 3.x form outside headers). */
function withServerParams(text: string, declared: ReadonlySet<string>): string {
  return text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (whole, name: string) =>
    declared.has(name) ? `{{SERVER_PARAM:${name}}}` : whole,
  );
}

/** The server params a 2.0.0 `main` declares. */
export const declaredParams = (main: Obj): Set<string> =>
  new Set(isStringArray(main.requiredServerParams) ? main.requiredServerParams : []);

/** The 3.x-equivalent reading of a 2.0.0 `main`, every value at the same path (a copy; `main` is untouched). */
export function format2View(main: Obj): Obj {
  // A 2.0.0 schema that names its container `tools` (VAL080) is still read the 2.0.0 way.
  const container = isObject(main.routes) ? 'routes' : isObject(main.tools) ? 'tools' : undefined;
  if (container === undefined) return main;
  const declared = declaredParams(main);
  const routes: Obj = {};
  for (const [name, route] of Object.entries(main[container] as Obj)) {
    const { values, path } = rewriteRoute(route, declared);
    if (!isObject(route) || (values.size === 0 && path === undefined)) {
      routes[name] = route;
      continue;
    }
    const parameters = Array.isArray(route.parameters)
      ? route.parameters.map((parameter: unknown, index: number) => {
          const value = values.get(index);
          if (value === undefined || !isObject(parameter) || !isObject(parameter.position)) return parameter;
          return { ...parameter, position: { ...parameter.position, value } };
        })
      : route.parameters;
    routes[name] = { ...route, parameters, ...(path !== undefined ? { path } : {}) };
  }
  return { ...main, [container]: routes };
}
