/**
 * The watch and drift answers (wired in app.ts behind the service's auth): the watched URLs
 * (`GET /api/watch`), registering one (`POST /api/watch {url}`), removing one
 * (`DELETE /api/watch?url=`), and the drift events (`GET /api/drift?url=&limit=`), newest first.
 * Registered URLs live in the history store, so every instance sharing a PostgreSQL history sees
 * them; the instance started with a schedule (`--every`, `VALIDATOR_WATCH_EVERY`) assesses them.
 */
import { ApiError, jsonResponse } from '../api/api-error.ts';
import { readUrl } from '../api/inputs.ts';
import { urlParam } from '../history/history-routes.ts';
import type { HistoryStore } from '../history/history-store.ts';
import { formatEvery } from './schedule.ts';
import type { Watcher } from './watcher.ts';

/** Registered URLs one service keeps at most. */
export const MAX_WATCHED = 1000;

const bad = (field: string, message: string) => new ApiError(400, 'invalid_field', `${field}: ${message}`, field);

export interface WatchRoutes {
  list(): Promise<Response>;
  register(body: Record<string, unknown>): Promise<Response>;
  remove(params: URLSearchParams): Promise<Response>;
  drift(params: URLSearchParams): Promise<Response>;
}

/** `watcher`: this instance's schedule, or null when it runs none. */
export function watchRoutes(store: HistoryStore, watcher: Watcher | null): WatchRoutes {
  const every = watcher ? formatEvery(watcher.everyMs) : null;
  return {
    async list() {
      const registered = await store.watched();
      const file = watcher?.fileUrls ?? [];
      const urls = [
        ...file.map((url) => ({ url, source: 'file' as const })),
        ...registered.filter((url) => !file.includes(url)).map((url) => ({ url, source: 'api' as const })),
      ];
      return jsonResponse({ every, urls });
    },
    async register(body) {
      const unknown = Object.keys(body).find((key) => key !== 'url');
      if (unknown !== undefined) throw bad(unknown, 'unknown field (allowed: url)');
      const url = readUrl(body).href;
      const watched = await store.watched();
      if (watched.length >= MAX_WATCHED && !watched.includes(url)) {
        const message = `This service watches at most ${MAX_WATCHED} registered URLs; remove one first.`;
        throw new ApiError(409, 'watch_full', message);
      }
      const added = await store.watch(url);
      return jsonResponse({ url, added, every }, added ? 201 : 200);
    },
    async remove(params) {
      const url = urlParam(params);
      if (!(await store.unwatch(url))) {
        throw new ApiError(404, 'not_found', `url: ${url} is not a registered watched URL.`, 'url');
      }
      return jsonResponse({ url, removed: true });
    },
    async drift(params) {
      const url = params.has('url') ? urlParam(params) : null;
      const limitText = params.get('limit') ?? '20';
      const limit = Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        throw bad('limit', 'must be an integer between 1 and 200');
      }
      return jsonResponse({ url, items: await store.drift(url, limit) });
    },
  };
}
