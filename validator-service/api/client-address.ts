/**
 * The client identity used for rate limits: the socket address, or the proxy's claim when trusted.
 * IPv6 clients are counted per /64, the block one subscriber (or one cloud VM) gets: counted per
 * address, anyone with a /64 would have 2^64 fresh identities and no limit at all.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { H3Event } from 'h3';

export function clientAddress(event: H3Event, trustProxy: boolean): string {
  if (trustProxy) {
    // The trusted proxy appends the address it saw; entries to its left are the client's own claims.
    const forwarded = event.req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return rateLimitKey(forwarded);
  }
  const ip = (event.req as { ip?: string }).ip;
  return rateLimitKey(ip ?? event.context.clientAddress ?? 'unknown');
}

/** `1.2.3.4` as is (also when IPv4-mapped), IPv6 as its /64 prefix (`2001:db8:0:1::/64`). */
export function rateLimitKey(address: string): string {
  const plain = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  return `${ipv6Groups(plain)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad expanded). */
function ipv6Groups(address: string): number[] {
  const quad = /(?<![^:])(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = quad
    ? `${address.slice(0, -quad[0].length)}${((+quad[1]! << 8) | +quad[2]!).toString(16)}:` +
      `${((+quad[3]! << 8) | +quad[4]!).toString(16)}`
    : address;
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const parts = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return parts.map((p) => parseInt(p || '0', 16));
}
