/**
 * Turns validated input into the one upstream request (defect #19 fixed): insert values
 * URL-encoded into every `{ insert }` part (a value that would make a `.` or `..` path segment, or
 * empty a segment, is refused: the URL parser would remove a segment and send the key elsewhere on
 * the host), query values in declared order with repeated keys kept, body values as JSON with their
 * real types, every placeholder of a value replaced. Server values appear only as secret tokens
 * here; `resolveSecrets` puts the real values in just before the request is sent, and only where
 * the schema declared them, on its root origin, over https.
 */
import type { HttpMethod, ParameterModel, SchemaModel, Template, ToolModel } from '../model.ts';
import { mapStringsDeep } from '../secrets/redact.ts';
import type { SchemaSecrets } from '../secrets/schema-secrets.ts';
import type { SchemaTokens, SecretTokens } from '../secrets/secret-token.ts';
import { ToolError } from '../tool-error.ts';
import {
  carriesSecret,
  checkSecretDestination,
  forbiddenHeaderIn,
  forbiddenHeaderText,
  originOf,
} from './request-rules.ts';
import { describeSlot, misplacedToken, slotsOf, type SlotMap } from './secret-slots.ts';
import { addHeaderParameters } from './header-parameters.ts';

/** The request as handlers see it (`struct` in the hook signatures). */
export interface RequestStruct {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

const isUserOnly = (template: Template): boolean =>
  template.length === 1 && typeof template[0] === 'object' && 'user' in template[0];

/** Text form of a value for a URL or a template: arrays comma-joined (as catalog APIs expect), objects as JSON. */
function asText(value: unknown): string {
  if (Array.isArray(value))
    return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Server keys a template uses. */
const serverKeysOf = (template: Template): string[] =>
  template.flatMap((part) => (typeof part === 'object' && 'server' in part ? [part.server] : []));

/** The one walk over where server params are used: the schema's headers and these tools' URLs and parameter values. */
export function collectServerKeys(into: Set<string>, schema: SchemaModel, tools: readonly ToolModel[]): Set<string> {
  for (const template of Object.values(schema.headers)) for (const key of serverKeysOf(template)) into.add(key);
  for (const tool of tools) {
    for (const key of serverKeysOf(tool.url)) into.add(key);
    for (const parameter of tool.parameters) for (const key of serverKeysOf(parameter.value)) into.add(key);
  }
  return into;
}

/** Every server param a call of this tool needs (URL, parameter values, schema headers). */
export function requiredServerKeys(schema: SchemaModel, tool: ToolModel): string[] {
  return [...collectServerKeys(new Set(), schema, [tool])].sort();
}

/** The value a parameter sends, or `undefined` when an optional user value was left out. */
function parameterValue(
  parameter: ParameterModel,
  input: Readonly<Record<string, unknown>>,
  tokens: SchemaTokens,
): unknown {
  const user = input[parameter.key];
  if (parameter.visible && user === undefined) return undefined;
  if (isUserOnly(parameter.value)) return user;
  let text = '';
  for (const part of parameter.value) {
    if (typeof part === 'string') text += part;
    else if ('user' in part) text += asText(user);
    else if ('server' in part) text += tokens.token(part.server);
    else text += asText(input[part.insert] ?? '');
  }
  if (parameter.location === 'body' && !parameter.visible) {
    if (parameter.type.kind === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
    if (parameter.type.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  }
  return text;
}

/** Builds the request struct for one call. `input` is the validated (defaulted) user input. */
export function assembleRequest(
  schema: SchemaModel,
  tool: ToolModel,
  input: Readonly<Record<string, unknown>>,
  allTokens: SecretTokens,
): RequestStruct {
  const tokens = allTokens.of(schema);
  const values = tool.parameters.map((parameter) => parameterValue(parameter, input, tokens));
  const inserts = new Map<string, { parameter: ParameterModel; value: unknown }>();
  tool.parameters.forEach((parameter, index) => {
    if (parameter.location === 'insert' && !inserts.has(parameter.key))
      inserts.set(parameter.key, { parameter, value: values[index] });
  });

  let url = '';
  const placed: { key: string; start: number; end: number }[] = [];
  for (const part of tool.url) {
    if (typeof part === 'string') url += part;
    else if ('server' in part) url += tokens.token(part.server);
    else if ('insert' in part) {
      const entry = inserts.get(part.insert);
      if (entry === undefined) throw new ToolError(`the path placeholder "${part.insert}" has no insert parameter`);
      if (entry.value === undefined) {
        if (!entry.parameter.options.optional) throw new ToolError(`missing value for path parameter "${part.insert}"`);
      } else {
        const start = url.length;
        url += encodeURIComponent(asText(entry.value));
        placed.push({ key: part.insert, start, end: url.length });
      }
    }
  }
  if (placed.length > 0) checkPathSegments(url, placed);

  const query: string[] = [];
  let body: Record<string, unknown> | undefined;
  for (const [index, parameter] of tool.parameters.entries()) {
    const value = values[index];
    if (value === undefined) continue;
    if (parameter.location === 'query')
      query.push(`${encodeURIComponent(parameter.key)}=${encodeURIComponent(asText(value))}`);
    else if (parameter.location === 'body') (body ??= {})[parameter.key] = value;
  }
  if (query.length > 0) url += (url.includes('?') ? '&' : '?') + query.join('&');

  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(schema.headers)) {
    headers[name] = template
      .map((part) => (typeof part === 'string' ? part : 'server' in part ? tokens.token(part.server) : ''))
      .join('');
  }
  addHeaderParameters(headers, tool.parameters, values);
  const struct: RequestStruct = { url, method: tool.method, headers };
  if (body !== undefined) struct.body = body;
  return struct;
}

/** Path segments the URL parser removes (with the one before, for `..`), in every spelling it accepts. */
const DOT_SEGMENTS = new Set(['.', '..', '%2e', '.%2e', '%2e.', '%2e%2e']);

/**
 * Refuses a URL where an insert value makes a path segment `.` or `..` (`/users/{{id}}/keys` with
 * `id = '..'` would become `/keys`) or is a whole segment left empty. Only segments an insert
 * touches are judged: the schema's own text is the author's.
 */
function checkPathSegments(url: string, placed: readonly { key: string; start: number; end: number }[]): void {
  const scheme = url.indexOf('://');
  const pathStart = scheme === -1 ? 0 : url.indexOf('/', scheme + 3);
  if (pathStart === -1) return;
  const queryStart = url.indexOf('?', pathStart);
  const pathEnd = queryStart === -1 ? url.length : queryStart;
  for (let start = pathStart + 1; start <= pathEnd; ) {
    let end = url.indexOf('/', start);
    if (end === -1 || end > pathEnd) end = pathEnd;
    const segment = url.slice(start, end).toLowerCase();
    for (const insert of placed) {
      const touches = insert.start < end && insert.end > start;
      if (touches && DOT_SEGMENTS.has(segment))
        throw new ToolError(
          `the value of path parameter "${insert.key}" would make the path segment "${segment}", which removes part ` +
            `of the path; nothing was sent`,
        );
      if (segment === '' && insert.start === start && insert.end === start)
        throw new ToolError(
          `the value of path parameter "${insert.key}" is empty, which would leave an empty path segment; ` +
            `nothing was sent`,
        );
    }
    start = end + 1;
  }
}

/**
 * A request ready to send: secrets in place, the headers that carry one (never sent past a redirect to another origin),
 * and whether the body carries one.
 */
export interface ResolvedRequest extends RequestStruct {
  readonly secretHeaders: readonly string[];
  /** True when the body holds a server param: then a redirect to another origin is not followed. */
  readonly bodyHoldsSecret: boolean;
}

/** What `resolveSecrets` checks a request against. */
export interface ResolveRules {
  /** The tool's name for messages (its wire name or schema name). */
  readonly tool: string;
  /**
   * The origin the runtime assembled the request for (the schema's root): the only one server params
   * go to. Absent when nothing reshaped the request (then it is that origin by construction).
   */
  readonly rootOrigin?: string;
  /** Where each token was when the runtime assembled the request; given after a hook reshaped it. */
  readonly declared?: SlotMap;
  /** Who shaped the request, for messages (`preRequest handler of getForecast`). */
  readonly shapedBy?: string;
}

/** The origin a struct was assembled for, and where its tokens were: what a hook's result is judged against. */
export function assembledFacts(struct: RequestStruct): { rootOrigin: string; declared: SlotMap } {
  // An assembled URL that is no URL has no origin a request could be sent to: '' matches none.
  return { rootOrigin: originOf(struct.url) ?? '', declared: slotsOf(struct) };
}

/**
 * Puts the real server values in place of the schema's own tokens, after the checks that keep a
 * key where it belongs: no header only the HTTP layer sets; tokens only on the root origin, over
 * https; after a hook, each token only in a slot the schema declared for it. A token of another
 * schema, or one made up, fails the call; so does a key the schema has no value for (reserved, not
 * granted, refused as too weak, or unset: `secrets.value` names which).
 */
export function resolveSecrets(
  struct: RequestStruct,
  tokens: SchemaTokens,
  secrets: Pick<SchemaSecrets, 'value'>,
  rules: ResolveRules,
): ResolvedRequest {
  const forbidden = forbiddenHeaderIn(struct.headers);
  if (forbidden !== undefined)
    throw new ToolError(forbiddenHeaderText(rules.shapedBy ?? `the request of ${rules.tool}`, forbidden));
  if (carriesSecret(struct)) {
    checkSecretDestination(struct.url, rules.rootOrigin, rules.shapedBy ?? rules.tool);
    if (rules.declared !== undefined) {
      const misplaced = misplacedToken(rules.declared, slotsOf(struct));
      if (misplaced !== undefined) {
        const key = tokens.keyOf(misplaced.token);
        if (key === undefined)
          throw new ToolError(
            "the request holds a secret placeholder that does not belong to this tool's schema; it was not sent",
          );
        throw new ToolError(
          `${rules.shapedBy ?? rules.tool} put the server param ${key} in ${describeSlot(misplaced.slot)}, where its ` +
            `schema does not send it; nothing was sent`,
        );
      }
    }
  }
  const lookup = (key: string): string => secrets.value(key);
  const secretHeaders: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(struct.headers)) {
    const resolved = tokens.resolve(value, lookup);
    if (resolved !== value) secretHeaders.push(name);
    headers[name] = resolved;
  }
  const url = tokens.resolve(struct.url, (key) => encodeURIComponent(lookup(key)));
  if (struct.body === undefined) return { url, method: struct.method, headers, secretHeaders, bodyHoldsSecret: false };
  let bodyHoldsSecret = false;
  const body = mapStringsDeep(struct.body, (text) => {
    const resolved = tokens.resolve(text, lookup);
    if (resolved !== text) bodyHoldsSecret = true;
    return resolved;
  });
  return { url, method: struct.method, headers, body, secretHeaders, bodyHoldsSecret };
}
