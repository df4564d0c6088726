/**
 * Per-client limits: a fixed window of requests and a cap on simultaneous requests, so one caller
 * cannot turn the service into a scanner or starve others.
 */

export type Admission =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly retryAfterS: number; readonly reason: 'rate' | 'concurrency' };

export interface RateLimiterOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxConcurrent: number;
  readonly now?: () => number;
}

interface ClientState {
  windowStart: number;
  count: number;
  active: number;
}

/** Creates the limiter; `admit(client)` counts a request and, if allowed, holds a concurrency slot. */
export function createRateLimiter(options: RateLimiterOptions): { admit(client: string): Admission } {
  const now = options.now ?? Date.now;
  const clients = new Map<string, ClientState>();
  const prune = (t: number) => {
    if (clients.size < 10_000) return;
    for (const [key, state] of clients)
      if (state.active === 0 && t - state.windowStart >= options.windowMs) clients.delete(key);
  };
  return {
    admit(client) {
      const t = now();
      prune(t);
      let state = clients.get(client);
      if (!state) clients.set(client, (state = { windowStart: t, count: 0, active: 0 }));
      if (t - state.windowStart >= options.windowMs) {
        state.windowStart = t;
        state.count = 0;
      }
      if (state.count >= options.limit) {
        return {
          ok: false,
          reason: 'rate',
          retryAfterS: Math.max(1, Math.ceil((state.windowStart + options.windowMs - t) / 1000)),
        };
      }
      if (state.active >= options.maxConcurrent) return { ok: false, reason: 'concurrency', retryAfterS: 1 };
      state.count += 1;
      state.active += 1;
      let released = false;
      const held = state;
      return {
        ok: true,
        release: () => {
          if (!released) {
            released = true;
            held.active -= 1;
          }
        },
      };
    },
  };
}
