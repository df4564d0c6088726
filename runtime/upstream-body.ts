/**
 * What an upstream answer means for the model: failures become short named errors (status, trimmed
 * body, auth rejected, throttled with Retry-After, HTML instead of JSON), successes become JSON
 * data, text or an image, whatever the declared output says.
 */
import { looksLikeHtml, titleOf } from './html-sniff.ts';
import type { OutputModel } from './model.ts';
import { ToolError } from './tool-error.ts';
import type { UpstreamResponse } from './upstream-fetch.ts';

export type UpstreamData =
  | { readonly kind: 'json'; readonly data: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly base64: string; readonly mimeType: string }
  | { readonly kind: 'empty'; readonly status: number }
  | { readonly kind: 'binary'; readonly size: number; readonly mimeType: string };

const BODY_EXCERPT = 300;

/** One decoder for every call: `decode` without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder();

const mediaType = (response: UpstreamResponse): string => (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json') || type === 'text/json';

/** A body cut to a readable excerpt; HTML pages reduced to their title or text. */
export function excerpt(text: string): string {
  let out = text;
  if (looksLikeHtml(out)) {
    const title = titleOf(out);
    out = title ? `HTML page "${title}"` : out.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' ');
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > BODY_EXCERPT ? `${out.slice(0, BODY_EXCERPT)}…` : out;
}

function failure(response: UpstreamResponse, text: string): ToolError {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const body = excerpt(text);
  const tail = body ? `: ${body}` : '';
  if (response.status === 401 || response.status === 403) {
    return new ToolError(`authentication rejected by upstream (${status}); check the API key in the server params${tail}`);
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get('retry-after');
    return new ToolError(`throttled by upstream (${status})${retryAfter ? `; retry after ${/^\d+$/.test(retryAfter.trim()) ? `${retryAfter.trim()} s` : retryAfter.trim()}` : ''}${tail}`);
  }
  return new ToolError(`upstream returned ${status}${tail}`);
}

/** Interprets a response; non-2xx and unusable bodies throw a `ToolError`. */
export function interpretBody(response: UpstreamResponse, output?: OutputModel): UpstreamData {
  const type = mediaType(response);
  const text = (): string => UTF8.decode(response.bytes);
  if (response.status < 200 || response.status > 299) throw failure(response, text());
  if (response.bytes.length === 0) return { kind: 'empty', status: response.status };
  if (type.startsWith('image/')) return { kind: 'image', base64: Buffer.from(response.bytes).toString('base64'), mimeType: type };
  const body = text();
  const wantsText = output?.mimeType === 'text/plain';
  if (type === 'text/html' || type === 'application/xhtml+xml' || (!isJsonType(type) && looksLikeHtml(body))) {
    if (wantsText) return { kind: 'text', text: body };
    throw new ToolError(`upstream returned HTML instead of JSON (HTTP ${response.status}, ${type || 'no content type'}): ${excerpt(body)}`);
  }
  if (isJsonType(type)) {
    try {
      return { kind: 'json', data: JSON.parse(body) };
    } catch (error) {
      throw new ToolError(`upstream returned invalid JSON (HTTP ${response.status}): ${(error as Error).message}`);
    }
  }
  if (type === '' || type.startsWith('text/') || type === 'application/xml' || type === 'application/javascript') {
    if (!wantsText && (type === '' || output?.mimeType === 'application/json')) {
      try {
        return { kind: 'json', data: JSON.parse(body) };
      } catch {
        // Not JSON after all: plain text.
      }
    }
    return { kind: 'text', text: body };
  }
  return { kind: 'binary', size: response.bytes.length, mimeType: type };
}
