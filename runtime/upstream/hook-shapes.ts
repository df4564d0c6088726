/**
 * The documented return shapes of handler hooks, checked on the way out of the sandbox (defect #22:
 * the returned `payload` is honoured; a wrong shape is an error that names the hook, not a silent
 * fallback), and what a returned request may not do (request-rules.ts): set a header only the HTTP
 * layer sets, go anywhere but its schema's own origin or one it declares in `hookOrigins`, go over
 * plain http, or take server params off the root origin.
 */
import type { HttpMethod } from '../model.ts';
import type { RequestStruct } from './request-assembly.ts';
import { checkHookDestination, forbiddenHeaderIn, forbiddenHeaderText } from './request-rules.ts';
import { ToolError } from '../tool-error.ts';
import { isObject } from '../is-object.ts';

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function shapeError(hook: string, tool: string, expected: string): ToolError {
  return new ToolError(`${hook} handler of ${tool} returned the wrong shape: expected ${expected}`);
}

/** The struct a `preRequest` returned; a left-out method keeps the one it was given. */
function checkStruct(value: unknown, tool: string, previousMethod: HttpMethod): RequestStruct {
  const hook = 'preRequest';
  const expected = '{ struct: { url, method, headers, body? }, payload }';
  if (!isObject(value) || typeof value.url !== 'string' || !isObject(value.headers))
    throw shapeError(hook, tool, expected);
  if (!Object.values(value.headers).every((v) => typeof v === 'string'))
    throw shapeError(hook, tool, 'struct.headers to hold only string values');
  const method = value.method === undefined ? previousMethod : String(value.method).toUpperCase();
  if (!METHODS.has(method as HttpMethod))
    throw shapeError(hook, tool, 'struct.method to be GET, POST, PUT, PATCH or DELETE');
  if (value.body !== undefined && value.body !== null && !isObject(value.body))
    throw shapeError(hook, tool, 'struct.body to be an object');
  const struct: RequestStruct = {
    url: value.url,
    method: method as HttpMethod,
    headers: value.headers as Record<string, string>,
  };
  if (isObject(value.body)) struct.body = value.body;
  return struct;
}

/** `preRequest` → `{ struct, payload }`; `hookOrigins` are the other origins the schema lets its hooks send to. */
export function checkPreRequest(
  value: unknown,
  tool: string,
  previous: RequestStruct,
  hookOrigins: readonly string[] = [],
): { struct: RequestStruct; payload: Record<string, unknown> } {
  const expected = '{ struct, payload }';
  if (!isObject(value) || !('struct' in value) || !('payload' in value)) throw shapeError('preRequest', tool, expected);
  if (!isObject(value.payload)) throw shapeError('preRequest', tool, 'payload to be an object');
  const struct = checkStruct(value.struct, tool, previous.method);
  const who = `preRequest handler of ${tool}`;
  const forbidden = forbiddenHeaderIn(struct.headers);
  if (forbidden !== undefined) throw new ToolError(forbiddenHeaderText(who, forbidden));
  checkHookDestination(previous, struct, hookOrigins, who);
  return { struct, payload: value.payload };
}

/** `executeRequest` / `postRequest` → `{ response }`. */
export function checkResponse(value: unknown, hook: 'executeRequest' | 'postRequest', tool: string): unknown {
  if (!isObject(value) || !('response' in value)) throw shapeError(hook, tool, '{ response }');
  return value.response;
}
