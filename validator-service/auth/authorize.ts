/**
 * Decides whether a request may use `/api/*` and `/mcp`: always when no `API_TOKEN` is configured,
 * otherwise with `Authorization: Bearer <API_TOKEN>` or a valid session cookie. Comparisons are
 * constant-time and nothing here ever echoes the token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readCookie, SESSION_COOKIE, verifySession } from './session-cookie.ts';

export interface AuthSettings {
  readonly apiToken: string | null;
  readonly sessionKey: Buffer | null;
  readonly now: () => number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time string equality (hashing first makes lengths equal and hides them). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * True when the request is allowed through. The session cookie counts only when `cookieHost` (the
 * request names one of the service's own hosts): a page on a rebound name must not ride on it.
 */
export function isAuthorized(headers: Headers, settings: AuthSettings, cookieHost = true): boolean {
  if (settings.apiToken === null) return true;
  const authorization = headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer !== undefined && safeEqual(bearer, settings.apiToken)) return true;
  if (!cookieHost) return false;
  const cookie = readCookie(headers.get('cookie'), SESSION_COOKIE);
  return cookie !== null && settings.sessionKey !== null && verifySession(settings.sessionKey, cookie, settings.now());
}
