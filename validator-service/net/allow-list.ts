/**
 * `VALIDATOR_ALLOW_HOSTS`: hosts (optionally with a port) exempt from the address checks, so local
 * development and tests can assess peers on loopback without opening loopback to everyone.
 */

export interface AllowList {
  /** True when `hostname` (URL form, IPv6 in brackets) on `port` is explicitly allowed. */
  allows(hostname: string, port: number): boolean;
  /** The entries, for logs and docs. */
  readonly entries: readonly string[];
}

interface Entry {
  readonly host: string;
  readonly port: number | null;
}

/** Normalises a host the way `URL` does (lower case, IPv4 numerals canonical, no trailing dot). */
export function normaliseHost(host: string): string {
  const parsed = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
  return parsed.replace(/\.$/, '');
}

function parseEntry(text: string): Entry | null {
  const match = text.match(/^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/);
  if (!match) return null;
  try {
    return { host: normaliseHost(match[1]!), port: match[2] ? Number(match[2]) : null };
  } catch {
    return null;
  }
}

/** Parses a comma-separated `host` / `host:port` list; malformed entries are ignored (and reported). */
export function parseAllowList(value: string | undefined): AllowList & { readonly invalid: readonly string[] } {
  const raw = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const entries: Entry[] = [];
  const invalid: string[] = [];
  for (const text of raw) {
    const entry = parseEntry(text);
    if (entry) entries.push(entry);
    else invalid.push(text);
  }
  return {
    entries: entries.map((e) => (e.port === null ? e.host : `${e.host}:${e.port}`)),
    invalid,
    allows(hostname, port) {
      const host = hostname.toLowerCase().replace(/\.$/, '');
      return entries.some((e) => e.host === host && (e.port === null || e.port === port));
    },
  };
}
