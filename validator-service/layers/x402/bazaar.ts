/**
 * Does the PaymentRequired carry what a marketplace (the x402 Bazaar, via the facilitator) needs to
 * list the resource, and in the form it accepts? Facilitators reject sellers with reasons as opaque
 * as "invalid discovery configuration", so each failure mode here is its own finding naming the
 * field (x402 `specs/extensions/bazaar.md`; issues #2281, #2112, #3045, #2844; the facilitator-side
 * rules of `@x402/extensions` 2.27.0):
 *
 * - v2: `extensions.bazaar = { info, schema }`; `info.input` is `http` (GET/HEAD/DELETE, or
 *   POST/PUT/PATCH with `bodyType` json|form-data|text and `body`) or `mcp` (`toolName`,
 *   `inputSchema`); `schema` describes `info` (it defines `input`), is self-contained (no external
 *   `$ref`/`$id`), and `info` satisfies it; `routeTemplate`, `resource.serviceName`, `tags`,
 *   `iconUrl` in the forms the facilitator keeps; `resource.description` and `info.output` make
 *   the listing useful.
 * - v1: only `accepts[].outputSchema` is read (`{ input: { type: "http", method, discoverable? },
 *   output? }`); a v1 document's `extensions.bazaar` is never indexed.
 *
 * `info` is checked against `schema` with the keywords listings use (type, required, properties,
 * const, enum, additionalProperties, items), bounded in depth and size; `pattern` is not run, since
 * the schema is the endpoint's and a regular expression of its choosing could stall the service.
 */
import type { Findings } from '../shared/findings.ts';
import type { X402Code } from './codes.ts';
import { isObject } from '../../../runtime/is-object.ts';

const QUERY_METHODS = ['GET', 'HEAD', 'DELETE'];
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];
const BODY_TYPES = ['json', 'form-data', 'text'];
const MCP_TRANSPORTS = ['streamable-http', 'sse'];
const ROUTE_TEMPLATE = /^\/[a-zA-Z0-9_/:.\-~%]+$/;
const PRINTABLE = /^[\x20-\x7e]+$/;
const MAX_DEPTH = 32;
const MAX_NODES = 10_000;

/** Checks the discovery metadata of the PaymentRequired `document` (version 1 or 2) found at `where`. */
export function checkDiscovery(
  document: Record<string, unknown>,
  version: 1 | 2 | null,
  where: string,
  findings: Findings<X402Code>,
): void {
  if (version === 2) checkV2(document, where, findings);
  else if (version === 1) checkV1(document, where, findings);
}

function checkV2(document: Record<string, unknown>, where: string, findings: Findings<X402Code>): void {
  const resource = isObject(document['resource']) ? document['resource'] : {};
  const bazaar = isObject(document['extensions']) ? document['extensions']['bazaar'] : undefined;
  if (bazaar === undefined) {
    findings.add(
      'X402-027',
      'No extensions.bazaar: marketplaces that list x402 resources (the Bazaar) will not list this one.',
      `${where} extensions.bazaar`,
    );
    return;
  }
  const at = `${where} extensions.bazaar`;
  const missing = !isObject(bazaar) ? ['info', 'schema'] : ['info', 'schema'].filter((k) => !isObject(bazaar[k]));
  if (missing.length > 0) {
    findings.add(
      'X402-028',
      `extensions.bazaar must be an object with info and schema (objects); ${missing.join(' and ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing or not an object.`,
      missing.length === 1 ? `${at}.${missing[0]}` : at,
    );
    return;
  }
  const bz = bazaar as Record<string, unknown>;
  const info = bz['info'] as Record<string, unknown>;
  const schema = bz['schema'] as Record<string, unknown>;
  const errorsBefore = count(findings);
  checkInput(info['input'], `${at}.info.input`, findings);
  const properties = isObject(schema['properties']) ? schema['properties'] : null;
  if (!properties || !isObject(properties['input'])) {
    findings.add(
      'X402-030',
      'schema does not define properties.input: it must describe info (the discovery declaration), not the request ' +
        'body; facilitators reject it.',
      `${at}.schema.properties.input`,
    );
  }
  const external = externalReference(schema, '');
  if (external !== null)
    findings.add(
      'X402-031',
      `schema has an external reference at ${external.path} (${external.key}: ` +
        `${JSON.stringify(external.value)?.slice(0, 80)}); facilitators refuse schemas that are not self-contained.`,
      `${at}.schema${external.path}`,
    );
  else if (properties && isObject(properties['input'])) {
    const problems = validateAgainst(info, schema, 'info');
    if (problems.length > 0)
      findings.add(
        'X402-032',
        `info does not satisfy its own schema: ` +
          `${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}.`,
        `${at}.info`,
      );
  }
  const template = bz['routeTemplate'];
  if (template !== undefined && !validRouteTemplate(template))
    findings.add(
      'X402-034',
      `routeTemplate ${JSON.stringify(template)?.slice(0, 80)} is not a path template the facilitator keeps ` +
        `(/segments/:param, no "..", no "://").`,
      `${at}.routeTemplate`,
    );
  checkServiceMetadata(resource, `${where} resource`, findings);
  const description = resource['description'];
  if (typeof description !== 'string' || description.trim() === '')
    findings.add(
      'X402-035',
      'resource.description is missing: the marketplace lists the resource without saying what it is.',
      `${where} resource.description`,
    );
  if (!isObject(info['output']))
    findings.add(
      'X402-036',
      'info.output is missing: buyers do not see an example of what the resource returns.',
      `${at}.info.output`,
    );
  if (count(findings) === errorsBefore) {
    const input = info['input'] as Record<string, unknown>;
    const what =
      input['type'] === 'mcp' ? `MCP tool ${String(input['toolName'])}` : `HTTP ${String(input['method'] ?? 'GET')}`;
    findings.add('X402-026', `extensions.bazaar declares ${what} with a schema that describes it: listable.`, at);
  }
}

function checkInput(input: unknown, at: string, findings: Findings<X402Code>): void {
  if (!isObject(input)) {
    findings.add('X402-029', 'info.input is missing or not an object.', at);
    return;
  }
  const type = input['type'];
  if (type !== 'http' && type !== 'mcp') {
    findings.add(
      'X402-029',
      `info.input.type must be "http" or "mcp"; it is ${JSON.stringify(type) ?? 'missing'}.`,
      `${at}.type`,
    );
    return;
  }
  if (type === 'mcp') {
    if (typeof input['toolName'] !== 'string' || input['toolName'] === '')
      findings.add('X402-029', 'info.input.toolName is missing: an MCP listing names its tool.', `${at}.toolName`);
    if (!isObject(input['inputSchema']))
      findings.add('X402-029', 'info.input.inputSchema is missing or not an object.', `${at}.inputSchema`);
    const transport = input['transport'];
    if (transport !== undefined && !MCP_TRANSPORTS.includes(transport as string))
      findings.add(
        'X402-029',
        `info.input.transport must be ${MCP_TRANSPORTS.join(' or ')}; it is ${JSON.stringify(transport)}.`,
        `${at}.transport`,
      );
    return;
  }
  const method = input['method'];
  const bodyType = input['bodyType'];
  if (method !== undefined && !QUERY_METHODS.includes(method as string) && !BODY_METHODS.includes(method as string)) {
    findings.add(
      'X402-029',
      `info.input.method must be one of ${[...QUERY_METHODS, ...BODY_METHODS].join(', ')}; it is ` +
        `${JSON.stringify(method)}.`,
      `${at}.method`,
    );
    return;
  }
  const bodyMethod = BODY_METHODS.includes(method as string);
  if (bodyType === undefined) {
    if (bodyMethod)
      findings.add(
        'X402-029',
        `info.input.bodyType is missing: a ${String(method)} listing says how its body is sent ` +
          `(${BODY_TYPES.join(', ')}).`,
        `${at}.bodyType`,
      );
  } else if (!BODY_TYPES.includes(bodyType as string)) {
    findings.add(
      'X402-029',
      `info.input.bodyType must be one of ${BODY_TYPES.join(', ')}; it is ${JSON.stringify(bodyType)}.`,
      `${at}.bodyType`,
    );
  } else if (method !== undefined && !bodyMethod) {
    findings.add(
      'X402-029',
      `info.input.bodyType is set but ${String(method)} has no body (body methods: ${BODY_METHODS.join(', ')}).`,
      `${at}.bodyType`,
    );
  }
  if (bodyMethod && input['body'] === undefined)
    findings.add('X402-029', `info.input.body is missing: a ${String(method)} listing shows its body.`, `${at}.body`);
}

function checkV1(document: Record<string, unknown>, where: string, findings: Findings<X402Code>): void {
  if (isObject(document['extensions']) && document['extensions']['bazaar'] !== undefined) {
    findings.add(
      'X402-033',
      'extensions.bazaar in an x402 v1 PaymentRequired is never indexed: v1 discovery metadata goes in ' +
        'accepts[].outputSchema.',
      `${where} extensions.bazaar`,
    );
  }
  const accepts = Array.isArray(document['accepts']) ? document['accepts'].slice(0, 20) : [];
  let listable = 0;
  accepts.forEach((offer, i) => {
    if (!isObject(offer)) return;
    const at = `${where} accepts[${i}]`;
    const errorsBefore = count(findings);
    const schema = offer['outputSchema'];
    if (schema === undefined) {
      findings.add(
        'X402-027',
        'No outputSchema: v1 offers are listed by marketplaces (the Bazaar) only from accepts[].outputSchema.',
        `${at}.outputSchema`,
      );
      return;
    }
    const input = isObject(schema) ? schema['input'] : undefined;
    if (!isObject(input) || input['type'] !== 'http') {
      findings.add('X402-029', 'outputSchema.input must be an object with type "http".', `${at}.outputSchema.input`);
      return;
    }
    const method = typeof input['method'] === 'string' ? input['method'].toUpperCase() : '';
    if (!QUERY_METHODS.includes(method) && !BODY_METHODS.includes(method)) {
      findings.add(
        'X402-029',
        `outputSchema.input.method must be one of ${[...QUERY_METHODS, ...BODY_METHODS].join(', ')}; it is ` +
          `${JSON.stringify(input['method']) ?? 'missing'}.`,
        `${at}.outputSchema.input.method`,
      );
      return;
    }
    if (input['discoverable'] === false) {
      findings.add(
        'X402-027',
        'outputSchema.input.discoverable is false: the seller opted out of marketplace listing.',
        `${at}.outputSchema.input.discoverable`,
      );
      return;
    }
    const description = offer['description'];
    if (typeof description !== 'string' || description.trim() === '')
      findings.add(
        'X402-035',
        'description is empty: the marketplace lists the resource without saying what it is.',
        `${at}.description`,
      );
    if ((schema as Record<string, unknown>)['output'] === undefined)
      findings.add(
        'X402-036',
        'outputSchema.output is missing: buyers do not see an example of what the resource returns.',
        `${at}.outputSchema.output`,
      );
    if (count(findings) === errorsBefore) listable += 1;
  });
  if (listable > 0)
    findings.add(
      'X402-026',
      `${listable} of ${accepts.length} offer(s) carry a discoverable outputSchema (v1): listable.`,
      `${where} accepts`,
    );
}

/**
 * The Bazaar's sanitizer drops what is not in these forms: serviceName ≤ 32 printable ASCII, ≤ 5 tags
 * of ≤ 32, an http(s) icon on a DNS name.
 */
function checkServiceMetadata(resource: Record<string, unknown>, at: string, findings: Findings<X402Code>): void {
  const name = resource['serviceName'];
  if (
    name !== undefined &&
    (typeof name !== 'string' || name.length === 0 || name.length > 32 || !PRINTABLE.test(name))
  ) {
    findings.add(
      'X402-034',
      'resource.serviceName is dropped: it must be 1–32 printable ASCII characters.',
      `${at}.serviceName`,
    );
  }
  const tags = resource['tags'];
  if (
    tags !== undefined &&
    (!Array.isArray(tags) ||
      tags.length > 5 ||
      tags.some((t) => typeof t !== 'string' || t.length === 0 || t.length > 32 || !PRINTABLE.test(t)))
  ) {
    findings.add(
      'X402-034',
      'resource.tags are dropped in part: at most 5 tags of 1–32 printable ASCII characters.',
      `${at}.tags`,
    );
  }
  const icon = resource['iconUrl'];
  if (icon !== undefined && !validIconUrl(icon))
    findings.add(
      'X402-034',
      'resource.iconUrl is dropped: it must be an http(s) URL on a DNS name (no IP literal, no localhost, no ' +
        'credentials).',
      `${at}.iconUrl`,
    );
}

function validIconUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048 || !URL.canParse(value)) return false;
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return (
    !host.startsWith('[') &&
    !/^\d+(\.\d+){0,3}$/.test(host) &&
    !/^0x[0-9a-f]+$/.test(host) &&
    host !== 'localhost' &&
    !host.endsWith('.localhost')
  );
}

function validRouteTemplate(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048 || !ROUTE_TEMPLATE.test(value)) return false;
  let decoded = value;
  for (let pass = 0; pass < 5; pass += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return !decoded.includes('..') && !decoded.includes('://');
    decoded = next;
  }
  return false;
}

/** The first `$ref` / `$id` that does not point inside the schema (`#…`), depth- and size-bounded. */
function externalReference(
  node: unknown,
  path: string,
  budget = { nodes: MAX_NODES },
  depth = 0,
): { path: string; key: string; value: unknown } | null {
  if (depth > MAX_DEPTH || --budget.nodes < 0) return null;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const hit = externalReference(node[i], `${path}[${i}]`, budget, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (!isObject(node)) return null;
  for (const [key, value] of Object.entries(node)) {
    if ((key === '$ref' || key === '$id') && (typeof value !== 'string' || !value.startsWith('#')))
      return { path, key, value };
    const hit = externalReference(value, `${path}.${key}`, budget, depth + 1);
    if (hit) return hit;
  }
  return null;
}

const typeOf = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && Number.isInteger(v)
        ? 'integer'
        : typeof v;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Problems of `value` against `schema` for the keywords listings use; bounded like `externalReference`. */
function validateAgainst(
  value: unknown,
  schema: unknown,
  path: string,
  budget = { nodes: MAX_NODES },
  depth = 0,
): string[] {
  if (!isObject(schema) || depth > MAX_DEPTH || --budget.nodes < 0) return [];
  const problems: string[] = [];
  const type = schema['type'];
  const types =
    typeof type === 'string'
      ? [type]
      : Array.isArray(type)
        ? type.filter((t): t is string => typeof t === 'string')
        : [];
  const actual = typeOf(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return [`${path} is ${actual === 'undefined' ? 'missing' : `a ${actual}`}, the schema says ${types.join(' or ')}`];
  }
  if ('const' in schema && !sameJson(value, schema['const']))
    problems.push(`${path} must be ${JSON.stringify(schema['const'])?.slice(0, 40)}`);
  if (Array.isArray(schema['enum']) && !schema['enum'].some((e) => sameJson(e, value)))
    problems.push(`${path} must be one of ${JSON.stringify(schema['enum']).slice(0, 80)}`);
  if (isObject(value)) {
    const properties = isObject(schema['properties']) ? schema['properties'] : {};
    for (const key of Array.isArray(schema['required']) ? schema['required'] : []) {
      if (typeof key === 'string' && !(key in value)) problems.push(`${path}.${key} is required by the schema`);
    }
    for (const [key, sub] of Object.entries(properties)) {
      if (key in value) problems.push(...validateAgainst(value[key], sub, `${path}.${key}`, budget, depth + 1));
    }
    if (schema['additionalProperties'] === false) {
      for (const key of Object.keys(value))
        if (!(key in properties)) problems.push(`${path}.${key} is not allowed by the schema`);
    }
  }
  if (Array.isArray(value) && isObject(schema['items'])) {
    value
      .slice(0, 100)
      .forEach((item, i) =>
        problems.push(...validateAgainst(item, schema['items'], `${path}[${i}]`, budget, depth + 1)),
      );
  }
  return problems;
}

const count = (findings: Findings<X402Code>) => findings.messages.filter((m) => m.severity === 'error').length;
