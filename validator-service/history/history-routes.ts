/**
 * The history's HTTP answers (wired in app.ts behind the service's auth): an endpoint's assessments
 * (`GET /api/history?url=`), one stored result (`GET /api/assessments/<id>`, also as Markdown), what
 * changed between two (`GET /api/diff?from=&to=`) and the badge of the last grade (`GET /badge?url=`).
 */
import { createHash } from 'node:crypto';
import { ApiError, jsonResponse } from '../api/api-error.ts';
import { parseTargetUrl, TargetUrlError } from '../net/target-url.ts';
import { markdownEntry } from '../report/markdown-report.ts';
import { reportEntry } from '../report/report-entry.ts';
import { diffAssessments } from './assessment-diff.ts';
import { badgeSvg } from './badge.ts';
import type { HistoryStore, StoredAssessment } from './history-store.ts';

const bad = (field: string, message: string) => new ApiError(400, 'invalid_field', `${field}: ${message}`, field);

export function urlParam(params: URLSearchParams): string {
  const value = params.get('url');
  if (value === null || value.trim() === '') throw bad('url', 'is required');
  try {
    return parseTargetUrl(value).href;
  } catch (error) {
    if (error instanceof TargetUrlError) throw bad('url', error.message);
    throw error;
  }
}

function stored(history: HistoryStore, params: URLSearchParams, field: string): Promise<StoredAssessment> {
  const id = params.get(field);
  if (id === null || id === '') throw bad(field, 'is required (an assessment id)');
  return found(history, id, field);
}

async function found(history: HistoryStore, id: string, field = 'id'): Promise<StoredAssessment> {
  const item = await history.get(id);
  if (item === null)
    throw new ApiError(404, 'not_found', `${field}: no stored assessment ${JSON.stringify(id.slice(0, 40))}.`, field);
  return item;
}

export interface HistoryRoutes {
  history(params: URLSearchParams): Promise<Response>;
  assessment(id: string, params: URLSearchParams): Promise<Response>;
  diff(params: URLSearchParams): Promise<Response>;
  badge(params: URLSearchParams, ifNoneMatch: string | null): Promise<Response>;
}

/** `publicBadge`: the badge may be cached by shared caches (no API_TOKEN set). */
export function historyRoutes(store: HistoryStore, publicBadge: boolean): HistoryRoutes {
  return {
    async history(params) {
      const url = urlParam(params);
      const limitText = params.get('limit') ?? '20';
      const limit = Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        throw bad('limit', 'must be an integer between 1 and 200');
      return jsonResponse({ url, items: await store.list(url, limit) });
    },
    async assessment(id, params) {
      const item = await found(store, id);
      const format = params.get('format') ?? 'json';
      const download = params.has('download');
      if (format === 'markdown') {
        const failOn = 'error';
        const text = markdownEntry(reportEntry({ ...item.assessment }, failOn, `/r/${item.id}`), failOn);
        return new Response(text, {
          headers: {
            'content-type': 'text/markdown; charset=utf-8',
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            ...(download ? { 'content-disposition': `attachment; filename="assessment-${item.id}.md"` } : {}),
          },
        });
      }
      if (format !== 'json') throw bad('format', 'must be json or markdown');
      const { assessment, ...meta } = item;
      return jsonResponse(
        { ...meta, assessment },
        200,
        download ? { 'content-disposition': `attachment; filename="assessment-${item.id}.json"` } : {},
      );
    },
    async diff(params) {
      const from = await stored(store, params, 'from');
      const to = await stored(store, params, 'to');
      return jsonResponse(diffAssessments(from, to));
    },
    async badge(params, ifNoneMatch) {
      const url = urlParam(params);
      const last = await store.latest(url);
      const tag = `"${createHash('sha256')
        .update(`${url}\u0000${last?.id ?? 'none'}`)
        .digest('base64url')
        .slice(0, 22)}"`;
      const headers = {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': `${publicBadge ? 'public' : 'private'}, max-age=300`,
        etag: tag,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      };
      if (
        ifNoneMatch !== null &&
        ifNoneMatch
          .split(',')
          .map((t) => t.trim())
          .includes(tag)
      )
        return new Response(null, { status: 304, headers });
      return new Response(badgeSvg(last?.grade ?? 'none'), { headers });
    },
  };
}
