/**
 * The browser-style GET of a URL (browser `Accept`, redirects followed hop by hop), done once per
 * assessment and shared by the layers that need it (http, html), kept in the assessment's state
 * (`ctx.assessment.pages`, `assessment-state.ts`).
 */
import type { LayerContext } from '../layer.ts';
import { requestSignal } from './deadline.ts';
import { fetchFollowingRedirects, type FollowedResponse } from './follow-redirects.ts';
import { readBodyText } from './read-body.ts';

/** Accept header of a browser navigation, so servers answer as they would to a person. */
export const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export interface BrowserPage {
  readonly followed: FollowedResponse;
  /** Milliseconds until the final response's headers arrived. */
  readonly ms: number;
  /** The first bytes of the final body, read at once so the connection is released; rejects as `readBodyText` does. */
  readonly body: Promise<{ readonly text: string; readonly truncated: boolean }>;
}

export interface BrowserGetFailure {
  readonly error: unknown;
  readonly ms: number;
}

export type BrowserGetOutcome = ({ readonly ok: true } & BrowserPage) | ({ readonly ok: false } & BrowserGetFailure);

async function load(ctx: LayerContext, url: URL): Promise<BrowserGetOutcome> {
  const started = performance.now();
  try {
    const followed = await fetchFollowingRedirects(ctx.fetch, url, {
      method: 'GET',
      signal: requestSignal(ctx),
      headers: { accept: browserAccept },
    });
    const ms = Math.round(performance.now() - started);
    const body = readBodyText(followed.response);
    body.catch(() => undefined); // a layer that needs the body sees the error; the others must not crash the process

    return { ok: true, followed, ms, body };
  } catch (error) {
    return { ok: false, error, ms: Math.round(performance.now() - started) };
  }
}

/** GETs `url` (default `ctx.url`) like a browser, once per assessment; never rejects. */
export function browserGet(ctx: LayerContext, url: URL = ctx.url): Promise<BrowserGetOutcome> {
  const pages = ctx.assessment.pages;
  let outcome = pages.get(url.href);
  if (!outcome) {
    outcome = load(ctx, url);
    pages.set(url.href, outcome);
  }
  return outcome;
}
