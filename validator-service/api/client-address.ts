/** The client identity used for rate limits: the socket address, or the proxy's claim when trusted. */
import type { H3Event } from 'h3';

export function clientAddress(event: H3Event, trustProxy: boolean): string {
  if (trustProxy) {
    // The trusted proxy appends the address it saw; entries to its left are the client's own claims.
    const forwarded = event.req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const ip = (event.req as { ip?: string }).ip;
  return ip ?? event.context.clientAddress ?? 'unknown';
}
