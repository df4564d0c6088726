/**
 * The Origin and Host checks of every HTTP surface, which refuse what a page of another site could
 * send from a browser:
 *  - `Host`: a page whose own name was rebound to this server's address (DNS rebinding) is
 *    same-origin with itself, so only the Host it names tells; it must be one this server answers as
 *    (compared case-insensitively, RFC 9110 §4.2.3). A server may apply this to every request (a
 *    loopback MCP endpoint) or only to requests a browser marks with `Origin` or `Sec-Fetch-*` (the
 *    validator, whose other clients cannot be rebound and may send any Host);
 *  - `Origin`: when present it must be one of the allowed origins, or name the host the request was
 *    sent to (the MCP transport spec requires this check). `null` (sandboxed frames, file: pages) and
 *    values that are not URLs are foreign.
 * The Host is checked first. Each surface words the refusal its own way (JSON-RPC or the API's errors).
 */

/** Reads one request header (lower-case name); absent: null or undefined. */
export type HeaderOf = (name: string) => string | null | undefined;

export interface SitePolicy {
  /** The `Host` values (lower-case, port included) this server answers as; null: any. */
  readonly hosts: ReadonlySet<string> | null;
  /** Whether the Host check applies to every request or only to those a browser sent. */
  readonly hostCheck: 'every-request' | 'browser-requests';
  /** The allowed `Origin` values, or `same-host`: an origin naming the host the request was sent to. */
  readonly origins: ReadonlySet<string> | 'same-host';
}

export interface SiteRequest {
  readonly header: HeaderOf;
  /** The host the request names (its `Host`, or what a trusted proxy forwarded). */
  readonly host: string;
  /** The host a `same-host` Origin must name, as the request's URL spells it (default: `host`). */
  readonly originHost?: string;
}

export type SiteRefusal = 'forbidden-host' | 'forbidden-origin';

/** True when a browser sent the request (it marks every POST with `Origin`, and most with `Sec-Fetch-*`). */
export const fromBrowser = (header: HeaderOf): boolean =>
  header('origin') != null || header('sec-fetch-site') != null || header('sec-fetch-mode') != null;

/** True when `origin` (an `Origin` header) names `host` (`name:port` as the request sent it). */
export function originNamesHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Whether the request passes the Host check of `policy`. */
export function hostAllowed(request: SiteRequest, policy: SitePolicy): boolean {
  if (policy.hosts === null) return true;
  if (policy.hostCheck === 'browser-requests' && !fromBrowser(request.header)) return true;
  return policy.hosts.has(request.host.toLowerCase());
}

/** Whether the request's `Origin` (if any) passes `policy`. */
export function originAllowed(request: SiteRequest, policy: SitePolicy): boolean {
  const origin = request.header('origin');
  if (origin == null) return true;
  if (policy.origins !== 'same-host') return policy.origins.has(origin);
  return originNamesHost(origin, request.originHost ?? request.host.toLowerCase());
}

/** Why the request is refused, Host first; null when it passes (`checkOrigin: false` skips the Origin check). */
export function siteRefusal(request: SiteRequest, policy: SitePolicy, checkOrigin = true): SiteRefusal | null {
  if (!hostAllowed(request, policy)) return 'forbidden-host';
  if (checkOrigin && !originAllowed(request, policy)) return 'forbidden-origin';
  return null;
}
