/**
 * How long a client may reuse skills/list, skills/get and skill files (2026-07-28 cache hints): a
 * running server's skills never change, and they are the same for every caller. Its own module, so
 * the server can name it without loading the skills extension.
 */
export const SKILLS_CACHE_HINT = { ttlMs: 5 * 60_000, cacheScope: 'public' } as const;
