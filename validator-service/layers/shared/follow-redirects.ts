/**
 * Follows redirects one hop at a time through `ctx.fetch` with `redirect: 'manual'`, so every hop
 * passes the service's address checks and the chain can be reported to the user.
 */
import type { Fetch } from '../layer.ts';

export interface RedirectHop {
  readonly from: string;
  readonly to: string;
  readonly statusCode: number;
}

export interface FollowedResponse {
  readonly response: Response;
  readonly finalUrl: URL;
  readonly chain: readonly RedirectHop[];
  /** True when the hop limit was reached while the server still redirected. */
  readonly tooManyRedirects: boolean;
}

/** The statuses whose `Location` a client follows. */
export const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** GET (or `init.method`) `url`, following at most `maxHops` redirects manually. */
export async function fetchFollowingRedirects(
  fetch: Fetch,
  url: URL,
  init: RequestInit,
  maxHops = 10,
): Promise<FollowedResponse> {
  const chain: RedirectHop[] = [];
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) {
      return { response, finalUrl: current, chain, tooManyRedirects: false };
    }
    const next = new URL(location, current);
    chain.push({ from: current.href, to: next.href, statusCode: response.status });
    if (hop + 1 > maxHops) return { response, finalUrl: current, chain, tooManyRedirects: true };
    await response.body?.cancel().catch(() => undefined);
    current = next;
  }
}
