/**
 * The UI's session cookie: `<expiry>.<HMAC>` signed with a key derived from `API_TOKEN`, so it
 * proves a visit to `/` without carrying the token, expires on its own, and dies when the token
 * changes. Verification is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'toolkit_session';

/** Derives the signing key from the API token (one-way: the cookie never reveals the token). */
export function sessionKeyFor(apiToken: string): Buffer {
  return createHmac('sha256', apiToken).update('toolkit-validator-session-v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A cookie value valid until `expiresAt` (ms since epoch). */
export function signSession(key: Buffer, expiresAt: number): string {
  const payload = `v1.${expiresAt.toString(36)}`;
  return `${payload}.${mac(key, payload)}`;
}

/** True when `value` carries our signature and has not expired at `now`. */
export function verifySession(key: Buffer, value: string, now: number): boolean {
  const match = value.match(/^(v1\.([0-9a-z]{1,12}))\.([A-Za-z0-9_-]{43})$/);
  if (!match) return false;
  const expected = Buffer.from(mac(key, match[1]!));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return parseInt(match[2]!, 36) > now;
}

/** The `Set-Cookie` header for a new session. */
export function sessionCookieHeader(value: string, maxAgeMs: number, secure: boolean): string {
  return (
    `${SESSION_COOKIE}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; HttpOnly; ` +
    `SameSite=Strict${secure ? '; Secure' : ''}`
  );
}

/** Reads one cookie from a `Cookie` header (tolerant of spacing). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
