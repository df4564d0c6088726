/**
 * Finds the agent card: the URL itself when it names a `.json` file, then `/.well-known/agent-card.json`
 * (0.3, 1.0) and `/.well-known/agent.json` (0.2) at the origin, then the same two under the URL's path
 * (all asked at once; the first in that order wins).
 * A 200 that is not a JSON object (a website's catch-all page) does not count as a card.
 */
import type { LayerContext } from '../layer.ts';
import { requestSignal } from '../shared/deadline.ts';
import { fetchFollowingRedirects } from '../shared/follow-redirects.ts';
import { classifyNetworkError, type NetworkFailure } from '../shared/network-error.ts';
import { readBodyText } from '../shared/read-body.ts';

export interface CardAttempt {
  readonly url: string;
  readonly status: number | null;
  readonly reason: string | null;
}

export type CardSearch =
  | {
      readonly found: true;
      readonly url: string;
      readonly card: Record<string, unknown>;
      readonly attempts: readonly CardAttempt[];
    }
  | { readonly found: false; readonly attempts: readonly CardAttempt[]; readonly unreachable: NetworkFailure | null };

/** GETs `url` and returns a JSON object, or why not. Never throws. */
export async function getJsonObject(
  ctx: LayerContext,
  url: URL,
  headers: Record<string, string> = {},
): Promise<{ json: Record<string, unknown> | null; attempt: CardAttempt; failure: NetworkFailure | null }> {
  try {
    const { response } = await fetchFollowingRedirects(
      ctx.fetch,
      url,
      { method: 'GET', signal: requestSignal(ctx), headers: { accept: 'application/json', ...headers } },
      3,
    );
    const { text } = await readBodyText(response, 512 * 1024);
    if (response.status !== 200)
      return {
        json: null,
        attempt: { url: url.href, status: response.status, reason: `answered ${response.status}` },
        failure: null,
      };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { json: null, attempt: { url: url.href, status: 200, reason: 'not JSON' }, failure: null };
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      return { json: null, attempt: { url: url.href, status: 200, reason: 'not a JSON object' }, failure: null };
    return {
      json: json as Record<string, unknown>,
      attempt: { url: url.href, status: 200, reason: null },
      failure: null,
    };
  } catch (error) {
    const failure = classifyNetworkError(error);
    return {
      json: null,
      attempt: { url: url.href, status: null, reason: `request failed (${failure.kind})` },
      failure,
    };
  }
}

/** The locations tried, in order. */
export function cardLocations(url: URL): URL[] {
  const out: URL[] = [];
  if (/\.json$/i.test(url.pathname)) out.push(new URL(url.href));
  out.push(new URL('/.well-known/agent-card.json', url), new URL('/.well-known/agent.json', url));
  const path = url.pathname.replace(/(?<!\/)\/+$/, '');
  if (path !== '' && !/\.json$/i.test(path)) {
    out.push(
      new URL(`${path}/.well-known/agent-card.json`, url.origin),
      new URL(`${path}/.well-known/agent.json`, url.origin),
    );
  }
  return out.filter((u, i) => out.findIndex((v) => v.href === u.href) === i);
}

/** Asks every location at once and takes the first, in order, that serves a JSON object. */
export async function findCard(ctx: LayerContext): Promise<CardSearch> {
  const outcomes = await Promise.all(
    cardLocations(ctx.url).map((location) => getJsonObject(ctx, location).then((o) => ({ location, ...o }))),
  );
  const attempts = outcomes.map((o) => o.attempt);
  const hit = outcomes.find((o) => o.json !== null);
  if (hit?.json) return { found: true, url: hit.location.href, card: hit.json, attempts };
  return { found: false, attempts, unreachable: outcomes.find((o) => o.failure !== null)?.failure ?? null };
}
