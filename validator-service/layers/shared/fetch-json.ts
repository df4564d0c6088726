/**
 * GETs a small JSON document (metadata, cards) through `ctx.fetch` with bounded size and time, and
 * says precisely why it could not be used, so discovery code can report each attempt.
 */
import type { LayerContext } from '../layer.ts';
import { requestSignal } from './deadline.ts';
import { fetchFollowingRedirects } from './follow-redirects.ts';
import { classifyNetworkError } from './network-error.ts';
import { readBodyText } from './read-body.ts';

export type JsonAttempt =
  | { readonly ok: true; readonly url: string; readonly status: number; readonly json: Record<string, unknown> }
  | { readonly ok: false; readonly url: string; readonly status: number | null; readonly reason: string };

/** GETs `url` and parses a JSON object; never throws. */
export async function fetchJsonObject(ctx: LayerContext, url: string): Promise<JsonAttempt> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, url, status: null, reason: 'not a valid URL' };
  }
  try {
    const { response } = await fetchFollowingRedirects(
      ctx.fetch,
      target,
      { method: 'GET', signal: requestSignal(ctx), headers: { accept: 'application/json' } },
      3,
    );
    const { text } = await readBodyText(response, 512 * 1024);
    if (response.status !== 200)
      return { ok: false, url, status: response.status, reason: `answered ${response.status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, url, status: response.status, reason: 'the body is not JSON' };
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      return { ok: false, url, status: response.status, reason: 'the body is not a JSON object' };
    return { ok: true, url, status: response.status, json: json as Record<string, unknown> };
  } catch (error) {
    return { ok: false, url, status: null, reason: `request failed (${classifyNetworkError(error).kind})` };
  }
}

/**
 * GETs every URL at once and returns the first usable answer in the given order, with the attempts
 * up to and including it: the same report as trying them one after another, in one round trip.
 */
export async function firstUsable(
  ctx: LayerContext,
  urls: readonly string[],
): Promise<{ hit: Extract<JsonAttempt, { ok: true }> | null; attempts: JsonAttempt[] }> {
  const all = await Promise.all(urls.map((url) => fetchJsonObject(ctx, url)));
  const index = all.findIndex((a) => a.ok);
  if (index === -1) return { hit: null, attempts: all };
  return { hit: all[index] as Extract<JsonAttempt, { ok: true }>, attempts: all.slice(0, index + 1) };
}
