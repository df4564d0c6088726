/**
 * Parses a URL submitted for assessment. WHATWG parsing already turns decimal, octal, hex and short
 * IPv4 forms and long IPv6 forms into canonical addresses; this adds the service's own rules.
 */

/** A submitted URL that cannot be assessed; `message` is shown to the caller as is. */
export class TargetUrlError extends Error {
  override readonly name = 'TargetUrlError';
}

/** Port the URL connects to (explicit, or the scheme default). */
export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Host without IPv6 brackets and without a trailing dot, as DNS and sockets want it. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/** Parses and checks the shape of a target URL (not its addresses: see `checkTarget`). */
export function parseTargetUrl(input: string): URL {
  if (input.length > 2048) throw new TargetUrlError('is longer than 2048 characters');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new TargetUrlError('is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetUrlError('must use http:// or https://');
  if (url.username || url.password) throw new TargetUrlError('must not contain credentials (user:password@)');
  if (!bareHost(url)) throw new TargetUrlError('has no host');
  return url;
}
