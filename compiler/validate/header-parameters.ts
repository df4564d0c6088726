/**
 * Header parameters (`location: 'header'`, VAL142): the key is the header's name on the wire, so it
 * must be an HTTP token, and not a header the runtime or the connection owns (framing, hop-by-hop,
 * the host, cookies, the body's type): those would let an input break the request itself.
 */

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers a parameter may not set (lower case). `Authorization` goes through server params in `main.headers`. */
export const OWNED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'cookie',
  'authorization',
]);

/** Why `key` cannot name a header parameter, or undefined when it can. */
export function headerKeyProblem(key: string): string | undefined {
  if (!TOKEN.test(key)) return "is not an HTTP header name (letters, digits and !#$%&'*+.^_`|~- only)";
  if (OWNED_HEADERS.has(key.toLowerCase())) return 'is a header the runtime sets itself';
  return undefined;
}
