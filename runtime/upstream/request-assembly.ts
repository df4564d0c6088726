/**
 * Turns validated input into the one upstream request (defect #19 fixed): insert values
 * URL-encoded into every `{ insert }` part, query values in declared order with repeated keys kept,
 * body values as JSON with their real types, every placeholder of a value replaced. Server values
 * appear only as secret tokens here; `resolveSecrets` puts the real values in just before `fetch`.
 */
import type { HttpMethod, ParameterModel, SchemaModel, Template, ToolModel } from '../model.ts';
import { mapStringsDeep } from '../secrets/redact.ts';
import type { SchemaTokens, SecretTokens } from '../secrets/secret-token.ts';
import { ReservedServerParamError, reservedServerParam } from '../secrets/reserved-server-params.ts';
import { MissingServerParamError, ToolError } from '../tool-error.ts';

/** The request as handlers see it (`struct` in the hook signatures). */
export interface RequestStruct {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}

const isUserOnly = (template: Template): boolean => template.length === 1 && typeof template[0] === 'object' && 'user' in template[0];

/** Text form of a value for a URL or a template: arrays comma-joined (as catalog APIs expect), objects as JSON. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
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
function parameterValue(parameter: ParameterModel, input: Readonly<Record<string, unknown>>, tokens: SchemaTokens): unknown {
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
export function assembleRequest(schema: SchemaModel, tool: ToolModel, input: Readonly<Record<string, unknown>>, allTokens: SecretTokens): RequestStruct {
  const tokens = allTokens.of(schema);
  const values = tool.parameters.map((parameter) => parameterValue(parameter, input, tokens));
  const inserts = new Map<string, { parameter: ParameterModel; value: unknown }>();
  tool.parameters.forEach((parameter, index) => {
    if (parameter.location === 'insert' && !inserts.has(parameter.key)) inserts.set(parameter.key, { parameter, value: values[index] });
  });

  let url = '';
  for (const part of tool.url) {
    if (typeof part === 'string') url += part;
    else if ('server' in part) url += tokens.token(part.server);
    else if ('insert' in part) {
      const entry = inserts.get(part.insert);
      if (entry === undefined) throw new ToolError(`the path placeholder "${part.insert}" has no insert parameter`);
      if (entry.value === undefined) {
        if (!entry.parameter.options.optional) throw new ToolError(`missing value for path parameter "${part.insert}"`);
      } else url += encodeURIComponent(asText(entry.value));
    }
  }

  const query: string[] = [];
  let body: Record<string, unknown> | undefined;
  for (const [index, parameter] of tool.parameters.entries()) {
    const value = values[index];
    if (value === undefined) continue;
    if (parameter.location === 'query') query.push(`${encodeURIComponent(parameter.key)}=${encodeURIComponent(asText(value))}`);
    else if (parameter.location === 'body') (body ??= {})[parameter.key] = value;
  }
  if (query.length > 0) url += (url.includes('?') ? '&' : '?') + query.join('&');

  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(schema.headers)) {
    headers[name] = template.map((part) => (typeof part === 'string' ? part : 'server' in part ? tokens.token(part.server) : '')).join('');
  }
  const struct: RequestStruct = { url, method: tool.method, headers };
  if (body !== undefined) struct.body = body;
  return struct;
}

/** A request ready to send: secrets in place, and the headers that carry one (never sent past a redirect to another origin). */
export interface ResolvedRequest extends RequestStruct {
  readonly secretHeaders: readonly string[];
}

/**
 * Puts the real server values in place of the schema's own tokens (a token of another schema, or
 * one made up, fails the call); a token for an unset key names the variable, and one for a reserved
 * key (`PATH`, `AWS_…`: reserved-server-params.ts) fails the call whatever `params` holds.
 */
export function resolveSecrets(struct: RequestStruct, tokens: SchemaTokens, params: Readonly<Record<string, string>>): ResolvedRequest {
  const lookup = (key: string): string => {
    if (reservedServerParam(key) !== undefined) throw new ReservedServerParamError(key);
    const value = params[key];
    if (value === undefined || value === '') throw new MissingServerParamError(key);
    return value;
  };
  const secretHeaders: string[] = [];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(struct.headers)) {
    const resolved = tokens.resolve(value, lookup);
    if (resolved !== value) secretHeaders.push(name);
    headers[name] = resolved;
  }
  const resolved: ResolvedRequest = {
    url: tokens.resolve(struct.url, (key) => encodeURIComponent(lookup(key))),
    method: struct.method,
    headers,
    secretHeaders,
  };
  if (struct.body !== undefined) resolved.body = mapStringsDeep(struct.body, (text) => tokens.resolve(text, lookup));
  return resolved;
}
