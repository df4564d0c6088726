/** Rules on the top-level fields of `main` (VAL003, VAL010–VAL025, VAL029, VAL039, VAL111, VAL113, VAL114). */
import { reservedServerParam, reservedServerParamText } from '../../runtime/secrets/reserved-server-params.ts';
import { FORBIDDEN_REQUEST_HEADERS } from '../../runtime/upstream/request-rules.ts';
import type { Reporter } from './reporter.ts';
import {
  isNonEmptyString,
  isObject,
  isString,
  isStringArray,
  SEMVER,
  KEBAB_NAME,
  show,
  toolContainer,
  type Obj,
} from './checks.ts';

const KNOWN_FIELDS = new Set([
  'namespace',
  'name',
  'description',
  'version',
  'root',
  'tools',
  'routes',
  'docs',
  'tags',
  'requiredServerParams',
  'requiredLibraries',
  'headers',
  'sharedLists',
  'resources',
  'prompts',
  'skills',
  'hookOrigins',
]);

/** Most `hookOrigins` a schema may declare. */
const MAX_HOOK_ORIGINS = 8;

/**
 * `format` 2: the container is `routes` and `root` is always required (format 2.0.0's own rules are in
 * format-2.ts). `format` 4: namespaces may hold digits and hyphens (its own rules are in format-4/).
 */
export function checkMainFields(main: Obj, r: Reporter, format: 2 | 3 | 4 = 3): void {
  for (const key of Object.keys(main)) {
    if (!KNOWN_FIELDS.has(key)) r.report('VAL003', [key], `main.${key} is not a known field`);
  }

  if (!isString(main.namespace)) r.report('VAL010', ['namespace'], 'main.namespace is required and must be a string');
  else if (format === 4 ? !KEBAB_NAME.test(main.namespace) : !/^[a-z]+$/.test(main.namespace))
    r.report(
      'VAL011',
      ['namespace'],
      format === 4
        ? `namespace must match ^[a-z][a-z0-9-]*$ (format 4), got ${show(main.namespace)}`
        : `namespace must contain only lowercase letters, got ${show(main.namespace)}`,
    );

  if (!isNonEmptyString(main.name))
    r.report('VAL012', ['name'], 'main.name is required and must be a non-empty string');
  if (!isNonEmptyString(main.description))
    r.report('VAL013', ['description'], 'main.description is required and must be a non-empty string');

  const version = main.version;
  if (!isString(version) || !SEMVER.test(version) || !/^[234]\./.test(version)) {
    r.report(
      'VAL014',
      ['version'],
      `version must be a valid semver string (3.x.y; 4.x.y for format 4, 2.x.y for format 2.0.0), got ${show(version)}`,
    );
  } else if (version.startsWith('2.')) {
    r.report('VAL019', ['version'], `format ${version} is superseded by 3.x: \`toolkit migrate\` converts this schema`);
  }

  const hasTools = main.tools !== undefined;
  const hasRoutes = main.routes !== undefined;
  if (format !== 2) {
    if (hasTools && hasRoutes) r.report('VAL017', ['routes'], 'main must not define both tools and routes');
    else if (hasRoutes) r.report('VAL018', ['routes'], 'main.routes is deprecated: rename it to tools');
    if (!hasTools && !hasRoutes)
      r.report('VAL016', [], 'main.tools is required (an empty object for resource-only or skill-only schemas)');
  }
  const container =
    format === 2 ? (hasRoutes ? 'routes' : undefined) : hasTools ? 'tools' : hasRoutes ? 'routes' : undefined;
  if (container !== undefined && !isObject(main[container]))
    r.report(
      'VAL016',
      [container],
      `main.${container} must be an object keyed by ${format === 2 ? 'route' : 'tool'} name`,
    );

  const toolCount = Object.keys(toolContainer(main).tools).length;
  if (format === 2 && main.root === undefined) r.report('VAL015', [], 'main.root is required');
  else checkRoot(main.root, toolCount, r);

  const arrays = [
    ['docs', 'VAL020'],
    ['tags', 'VAL021'],
    ['requiredServerParams', 'VAL022'],
    ['requiredLibraries', 'VAL025'],
  ] as const;
  for (const [field, rule] of arrays) {
    if (main[field] !== undefined && !isStringArray(main[field]))
      r.report(rule, [field], `main.${field} must be an array of strings`);
  }
  // Server params are read from the environment too: a schema never gets the machine's own variables.
  if (isStringArray(main.requiredServerParams)) {
    main.requiredServerParams.forEach((key, i) => {
      if (reservedServerParam(key) !== undefined)
        r.report(
          'VAL111',
          ['requiredServerParams', i],
          `${reservedServerParamText(key)}; name the API key after its API instead`,
        );
    });
  }
  if (isStringArray(main.tags)) {
    main.tags.forEach((tag, i) => {
      if (!KEBAB_NAME.test(tag)) r.report('VAL029', ['tags', i], `tag ${show(tag)} should match ^[a-z][a-z0-9-]*$`);
    });
  }
  if (main.headers !== undefined) {
    if (!isObject(main.headers)) r.report('VAL023', ['headers'], 'main.headers must be an object');
    else
      for (const [name, value] of Object.entries(main.headers)) {
        if (!isString(value)) r.report('VAL023', ['headers', name], `header ${show(name)} must be a string`);
        else if (FORBIDDEN_REQUEST_HEADERS.has(name.trim().toLowerCase()))
          r.report(
            'VAL114',
            ['headers', name],
            `header ${show(name)} is set by the HTTP layer, never by a schema: a schema's Host would send the ` +
              `request, and its key, to another site behind the same address`,
          );
      }
  }
  if (main.hookOrigins !== undefined) checkHookOrigins(main.hookOrigins, main.root, r);
}

/** The origin of `text` when it is exactly an https origin (`https://host[:port]`, nothing after), else undefined. */
function exactHttpsOrigin(text: string): string | undefined {
  // Scheme, then an authority without path, query, fragment, user name or placeholder.
  if (!/^https:\/\/[^/?#@{}\s\\]+$/.test(text)) return undefined;
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

/** `main.hookOrigins` (VAL113): the other origins a `preRequest` may send to, each an exact https origin. */
function checkHookOrigins(origins: unknown, root: unknown, r: Reporter): void {
  if (!isStringArray(origins))
    return r.report('VAL113', ['hookOrigins'], 'main.hookOrigins must be an array of strings');
  if (origins.length > MAX_HOOK_ORIGINS)
    r.report(
      'VAL113',
      ['hookOrigins'],
      `main.hookOrigins lists ${origins.length} origins; at most ${MAX_HOOK_ORIGINS}`,
    );
  let rootOrigin: string | undefined;
  try {
    rootOrigin = isString(root) && !root.includes('{{') ? new URL(root).origin : undefined;
  } catch {
    rootOrigin = undefined;
  }
  const seen = new Set<string>();
  origins.forEach((text, i) => {
    const origin = exactHttpsOrigin(text);
    if (origin === undefined)
      r.report(
        'VAL113',
        ['hookOrigins', i],
        `hookOrigins entry ${show(text)} must be an https origin such as 'https://uploads.example.com' (no path, ` +
          `query, user name or {{…}})`,
      );
    else if (origin === rootOrigin)
      r.report(
        'VAL113',
        ['hookOrigins', i],
        `hookOrigins entry ${show(text)} is the root's own origin, which hooks may use anyway`,
      );
    else if (seen.has(origin))
      r.report('VAL113', ['hookOrigins', i], `hookOrigins entry ${show(text)} is listed twice`);
    else seen.add(origin);
  });
}

function checkRoot(root: unknown, toolCount: number, r: Reporter): void {
  if (root === undefined) {
    if (toolCount > 0) r.report('VAL015', [], 'main.root is required when the schema has tools');
    return;
  }
  if (!isString(root)) return r.report('VAL015', ['root'], 'main.root must be a string');
  if (root === '') {
    if (toolCount > 0)
      r.report('VAL039', ['root'], 'main.root is empty: the tools can only run through executeRequest handlers');
    return;
  }
  if (toolCount === 0 && !root.startsWith('https://')) return; // resource-only schemas may name a local root
  if (!root.startsWith('https://'))
    r.report('VAL015', ['root'], `main.root must start with https://, got ${show(root)}`);
  else if (root.endsWith('/')) r.report('VAL015', ['root'], 'main.root must not end with a trailing slash');
}
