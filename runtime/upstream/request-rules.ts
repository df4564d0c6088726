/**
 * What a request may do, whoever shaped it (the schema's templates or a `preRequest` hook):
 * - no header the HTTP layer owns: `Host` (Node names the TLS server after it, so a changed `Host`
 *   sends the key to another tenant of a shared edge), the framing headers (`Content-Length`,
 *   `Transfer-Encoding`) and the hop-by-hop ones (`Connection`, `Keep-Alive`, `Upgrade`, …);
 * - a hook moves a request only to its schema's own origin, or to an origin the schema declares in
 *   `hookOrigins`, and only over https;
 * - server params go only to the schema's root origin (the origin the runtime assembled the request
 *   for), over https.
 */
import { TOKEN_PREFIX } from '../secrets/secret-token.ts';
import { ToolError } from '../tool-error.ts';
import type { RequestStruct } from './request-assembly.ts';

/** Header names (lower case) only the HTTP layer sets. */
export const FORBIDDEN_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'http2-settings',
]);

/** The first header of `headers` only the HTTP layer may set, as written; undefined when there is none. */
export function forbiddenHeaderIn(headers: Readonly<Record<string, string>>): string | undefined {
  return Object.keys(headers).find((name) => FORBIDDEN_REQUEST_HEADERS.has(name.trim().toLowerCase()));
}

export const forbiddenHeaderText = (who: string, name: string): string =>
  `${who} sets the header ${name}, which only the HTTP layer sets ` +
  '(Host, Content-Length, Transfer-Encoding, Connection and the other hop-by-hop headers); nothing was sent';

/** The origin of a URL (`https://host:port`), or undefined when it is no URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

/** True when a secret token is anywhere in the request (it would be resolved to the value when sent). */
export const carriesSecret = (struct: RequestStruct): boolean =>
  struct.url.includes(TOKEN_PREFIX) ||
  Object.entries(struct.headers).some(([name, value]) => value.includes(TOKEN_PREFIX) || name.includes(TOKEN_PREFIX)) ||
  (struct.body !== undefined && JSON.stringify(struct.body).includes(TOKEN_PREFIX));

/**
 * Where a hook moved a request: allowed to the same origin, or over https to an origin of
 * `hookOrigins`, and then only without server params. Throws the one-line reason otherwise.
 */
export function checkHookDestination(
  before: RequestStruct,
  after: RequestStruct,
  hookOrigins: readonly string[],
  who: string,
): void {
  const from = originOf(before.url) ?? before.url;
  const to = originOf(after.url);
  if (to === undefined) {
    throw new ToolError(`${who} returned a struct.url that is not an absolute URL; nothing was sent`);
  }
  if (to === from) return;
  if (!after.url.startsWith('https:')) {
    const rule = "hooks send requests over https only, to the schema's own origin or one it declares in hookOrigins";
    throw new ToolError(`${who} moved the request to ${to}: ${rule}; nothing was sent`);
  }
  if (carriesSecret(after)) {
    const why = "server params go only to the schema's root origin, so nothing was sent";
    throw new ToolError(`${who} moved a request carrying server params from ${from} to ${to}: ${why}`);
  }
  if (!hookOrigins.includes(to)) {
    const why = 'which the schema does not declare in hookOrigins; nothing was sent';
    throw new ToolError(`${who} moved the request from ${from} to ${to}, ${why}`);
  }
}

/**
 * Before tokens are resolved: the request goes over https, to the schema's root origin (`rootOrigin`;
 * undefined when nothing reshaped the request). Throws the one-line reason otherwise (nothing is
 * resolved or sent).
 */
export function checkSecretDestination(url: string, rootOrigin: string | undefined, who: string): void {
  if (!url.startsWith('https://')) {
    const to = originOf(url) ?? 'a URL that is not https';
    throw new ToolError(`${who} would send server params to ${to}: they are sent only over https; nothing was sent`);
  }
  if (rootOrigin === undefined) return;
  const to = originOf(url);
  if (to !== rootOrigin) {
    const why = "not to its schema's root origin; nothing was sent";
    throw new ToolError(`${who} would send server params to ${to ?? 'an invalid URL'}, ${why}`);
  }
}
