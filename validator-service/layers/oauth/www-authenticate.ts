/**
 * Parses the Bearer challenge of a `WWW-Authenticate` header (RFC 6750 §3, RFC 9728 §5.1) without
 * a general-purpose parser: only the auth-params of the `Bearer` scheme matter here.
 */

export interface BearerChallenge {
  /** Lower-cased parameter names to values (quotes and escapes removed). */
  readonly params: Readonly<Record<string, string>>;
  readonly resourceMetadata: string | null;
  readonly scope: string | null;
}

/** Challenges longer than this are cut before parsing: real ones are a few hundred characters. */
export const MAX_CHALLENGE_CHARS = 4096;

/** The Bearer challenge in `header`, or null when there is none. */
export function parseBearerChallenge(header: string | null): BearerChallenge | null {
  if (!header) return null;
  const text = header.slice(0, MAX_CHALLENGE_CHARS);
  const start = text.search(/(^|[\s,])bearer(\s|$)/i);
  if (start < 0) return null;
  const rest = text.slice(start).replace(/^[\s,]*bearer/i, '');
  const params: Record<string, string> = {};
  // Sticky matching stops at the first thing that is not `name=value`, i.e. the next scheme. The
  // separator is written so that white space can be matched one way only (`\s*,?\s*` could split
  // a run of spaces anywhere and backtrack over every split).
  const pair = /\s*(?:,\s*)?([A-Za-z0-9_.-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^\s,]+)/y;
  for (let match = pair.exec(rest); match; match = pair.exec(rest)) {
    const [, name, token, quoted] = match;
    if (!name) break;
    params[name.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (token ?? '');
  }
  return { params, resourceMetadata: params.resource_metadata ?? null, scope: params.scope ?? null };
}
