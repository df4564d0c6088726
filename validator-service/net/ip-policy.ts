/**
 * Which IP addresses the validator may connect to. Everything that is not ordinary public unicast
 * space is refused: loopback, private, link-local (incl. cloud metadata), CGNAT, multicast,
 * documentation and reserved ranges, and IPv6 forms that embed such an IPv4 address (mapped,
 * translated, compatible, NAT64, 6to4).
 */
import { isIPv4, isIPv6 } from 'node:net';

interface Range4 {
  readonly base: number;
  readonly bits: number;
  readonly label: string;
}
interface Range6 {
  readonly base: bigint;
  readonly bits: number;
  readonly label: string;
}

const v4 = (cidr: string, label: string): Range4 => {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { base: ipv4ToInt(ip), bits: Number(bits), label };
};
const v6 = (cidr: string, label: string): Range6 => {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { base: ipv6ToBigInt(ip), bits: Number(bits), label };
};

const blocked4: readonly Range4[] = [
  v4('0.0.0.0/8', 'unspecified / "this network"'),
  v4('10.0.0.0/8', 'private (10/8)'),
  v4('100.64.0.0/10', 'carrier-grade NAT (100.64/10)'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local (incl. cloud metadata 169.254.169.254)'),
  v4('172.16.0.0/12', 'private (172.16/12)'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  v4('192.88.99.0/24', '6to4 relay anycast'),
  v4('192.168.0.0/16', 'private (192.168/16)'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  v4('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved (incl. broadcast)'),
];

const blocked6: readonly Range6[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('100::/64', 'discard-only'),
  v6('2001:db8::/32', 'documentation'),
  v6('2001::/23', 'IETF protocol assignments (incl. Teredo)'),
  v6('fc00::/7', 'unique-local'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local (deprecated)'),
  v6('ff00::/8', 'multicast'),
];

/** IPv6 prefixes whose low bits carry an IPv4 address that must be judged itself. */
const embedding6: readonly { range: Range6; extract: (n: bigint) => number }[] = [
  { range: v6('::ffff:0:0/96', 'IPv4-mapped'), extract: (n) => Number(n & 0xffffffffn) },
  { range: v6('::ffff:0:0:0/96', 'IPv4-translated (SIIT)'), extract: (n) => Number(n & 0xffffffffn) },
  { range: v6('::/96', 'IPv4-compatible'), extract: (n) => Number(n & 0xffffffffn) },
  { range: v6('64:ff9b::/96', 'NAT64'), extract: (n) => Number(n & 0xffffffffn) },
  { range: v6('64:ff9b:1::/48', 'local NAT64'), extract: (n) => Number(n & 0xffffffffn) },
  { range: v6('2002::/16', '6to4'), extract: (n) => Number((n >> 80n) & 0xffffffffn) },
];

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function intToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

function ipv6ToBigInt(ip: string): bigint {
  let text = ip.replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = text.match(/(?<![^:])(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = ipv4ToInt(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === null ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return parts.reduce((acc, part) => (acc << 16n) | BigInt(parseInt(part || '0', 16)), 0n);
}

const in4 = (n: number, r: Range4) => r.bits === 0 || n >>> (32 - r.bits) === r.base >>> (32 - r.bits);
const in6 = (n: bigint, r: Range6) => n >> BigInt(128 - r.bits) === r.base >> BigInt(128 - r.bits);

/**
 * Why `address` must not be contacted, or null when it is public unicast. Unparsable input is
 * refused too, so a parser disagreement can never open a hole.
 */
export function blockedReason(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '');
  if (isIPv4(plain)) {
    const n = ipv4ToInt(plain);
    return blocked4.find((r) => in4(n, r))?.label ?? null;
  }
  if (isIPv6(plain.split('%')[0]!)) {
    const n = ipv6ToBigInt(plain);
    for (const { range, extract } of embedding6) {
      if (!in6(n, range) || n === 0n || n === 1n) continue;
      const inner = intToIpv4(extract(n));
      const reason = blockedReason(inner);
      if (reason) return `${range.label} form of ${inner}: ${reason}`;
      if (range.label === 'IPv4-compatible') return 'IPv4-compatible (deprecated)';
      return null;
    }
    return blocked6.find((r) => in6(n, r))?.label ?? null;
  }
  return 'not an IP address';
}
