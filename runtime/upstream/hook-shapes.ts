/**
 * The documented return shapes of handler hooks, checked on the way out of the sandbox (defect #22:
 * the returned `payload` is honoured; a wrong shape is an error that names the hook, not a silent
 * fallback), and what a returned request may not do: take server params to another origin.
 */
import type { HttpMethod } from '../model.ts';
import type { RequestStruct } from './request-assembly.ts';
import { TOKEN_PREFIX } from '../secrets/secret-token.ts';
import { ToolError } from '../tool-error.ts';

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'DELETE']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function shapeError(hook: string, tool: string, expected: string): ToolError {
  return new ToolError(`${hook} handler of ${tool} returned the wrong shape: expected ${expected}`);
}

/** The struct a `preRequest` returned; a left-out method keeps the one it was given. */
function checkStruct(value: unknown, tool: string, previousMethod: HttpMethod): RequestStruct {
  const hook = 'preRequest';
  const expected = '{ struct: { url, method, headers, body? }, payload }';
  if (!isPlainObject(value) || typeof value.url !== 'string' || !isPlainObject(value.headers)) throw shapeError(hook, tool, expected);
  if (!Object.values(value.headers).every((v) => typeof v === 'string')) throw shapeError(hook, tool, 'struct.headers to hold only string values');
  const method = value.method === undefined ? previousMethod : String(value.method).toUpperCase();
  if (!METHODS.has(method as HttpMethod)) throw shapeError(hook, tool, 'struct.method to be GET, POST, PUT or DELETE');
  if (value.body !== undefined && value.body !== null && !isPlainObject(value.body)) throw shapeError(hook, tool, 'struct.body to be an object');
  const struct: RequestStruct = { url: value.url, method: method as HttpMethod, headers: value.headers as Record<string, string> };
  if (isPlainObject(value.body)) struct.body = value.body;
  return struct;
}

/** The origin of a URL (scheme, host, port), or the text itself when it is no URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** True when a server param's token is anywhere in the request (it would be resolved to the value when sent). */
const carriesServerParam = (struct: RequestStruct): boolean =>
  struct.url.includes(TOKEN_PREFIX) || Object.values(struct.headers).some((v) => v.includes(TOKEN_PREFIX)) || (struct.body !== undefined && JSON.stringify(struct.body).includes(TOKEN_PREFIX));

/**
 * A request that carries server params goes only to the origin it was assembled for (the schema's
 * root): a `preRequest` that sends it to another host, port or scheme (https→http included) would
 * hand the API key to whoever is there, as a redirect off the origin would, which drops them too.
 * Moving a request that carries none is the hook's business.
 */
function checkOrigin(before: RequestStruct, after: RequestStruct, tool: string): void {
  const from = originOf(before.url);
  const to = originOf(after.url);
  if (from === to || !carriesServerParam(after)) return;
  throw new ToolError(`preRequest handler of ${tool} moved a request carrying server params from ${from} to ${to}: server params go only to the origin the schema declares, so nothing was sent`);
}

/** `preRequest` → `{ struct, payload }`. */
export function checkPreRequest(value: unknown, tool: string, previous: RequestStruct): { struct: RequestStruct; payload: Record<string, unknown> } {
  const expected = '{ struct, payload }';
  if (!isPlainObject(value) || !('struct' in value) || !('payload' in value)) throw shapeError('preRequest', tool, expected);
  if (!isPlainObject(value.payload)) throw shapeError('preRequest', tool, 'payload to be an object');
  const struct = checkStruct(value.struct, tool, previous.method);
  checkOrigin(previous, struct, tool);
  return { struct, payload: value.payload };
}

/** `executeRequest` / `postRequest` → `{ response }`. */
export function checkResponse(value: unknown, hook: 'executeRequest' | 'postRequest', tool: string): unknown {
  if (!isPlainObject(value) || !('response' in value)) throw shapeError(hook, tool, '{ response }');
  return value.response;
}
