/**
 * What an upstream answer means for the model: failures become short named errors (status, trimmed
 * body, auth rejected, throttled with Retry-After, HTML instead of JSON), successes become JSON
 * data, text or an image, whatever the declared output says. Secrets an upstream echoes are removed
 * here, from the whole body, before anything is cut, parsed or handed to a hook; an image (or other
 * binary body) that holds a secret is withheld rather than passed on encoded.
 */
import { htmlText, looksLikeHtml, titleOf } from '../html-sniff.ts';
import type { OutputModel } from '../model.ts';
import { bytesHoldSecret, type Redact } from '../secrets/redact.ts';
import { ToolError } from '../tool-error.ts';
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

const mediaType = (response: UpstreamResponse): string =>
  (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

const isJsonType = (type: string): boolean =>
  type === 'application/json' || type.endsWith('+json') || type === 'text/json';

/**
 * `application/*` types that are text although their name does not say so (the `+json`, `+xml` and `+yaml` suffixes
 * do).
 */
const TEXT_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/xml',
  'application/xml-dtd',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/json-seq',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/csv',
  'application/sql',
  'application/graphql',
  'application/x-sh',
  'application/x-tex',
  'application/rtf',
]);

/**
 * True for a body that is text: any `text/*`, JSON and XML with their structured suffixes
 * (`application/atom+xml`, `application/problem+json`, …), scripts, form data and the other
 * text formats above. Everything else (`application/octet-stream`, `application/pdf`, `audio/*`, …)
 * is binary, and `image/*` is an image.
 */
export function isTextType(type: string): boolean {
  if (type.startsWith('text/') || isJsonType(type) || TEXT_APPLICATION_TYPES.has(type)) return true;
  return type.startsWith('application/') && (type.endsWith('+xml') || type.endsWith('+yaml'));
}

/** One decoder per charset a text body declares; unknown labels fall back to UTF-8. */
const decoders = new Map<string, TextDecoder>([['utf-8', UTF8]]);
function decoderFor(response: UpstreamResponse): TextDecoder {
  const charset =
    /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(response.headers.get('content-type') ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  let decoder = decoders.get(charset);
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      decoder = UTF8;
    }
    if (decoders.size < 32) decoders.set(charset, decoder);
  }
  return decoder;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML character references decoded (named basics, decimal and hex), so what a reader sees is what gets redacted. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * A body cut to a readable excerpt; HTML pages reduced to their title or text. `redact` runs on the
 * whole text before the cut (a cut first would let a padded request show all but the end of a secret).
 */
export function excerpt(text: string, redact: Redact = (t) => t): string {
  let out = redact(text);
  if (looksLikeHtml(out)) {
    const title = titleOf(out);
    out = title ? `HTML page "${title}"` : htmlText(out);
    out = redact(decodeEntities(out));
  }
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > BODY_EXCERPT ? `${out.slice(0, BODY_EXCERPT)}…` : out;
}

function failure(response: UpstreamResponse, text: string, redact: Redact): ToolError {
  const status = `HTTP ${response.status}${response.statusText ? ` ${redact(response.statusText)}` : ''}`;
  const body = excerpt(text, redact);
  const tail = body ? `: ${body}` : '';
  if (response.status === 401 || response.status === 403) {
    return new ToolError(
      `authentication rejected by upstream (${status}); check the API key in the server params${tail}`,
    );
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get('retry-after');
    return new ToolError(
      `throttled by upstream ` +
        `(${status})${
          retryAfter
            ? `; retry after ` + `${/^\d+$/.test(retryAfter.trim()) ? `${retryAfter.trim()} s` : retryAfter.trim()}`
            : ''
        }${tail}`,
    );
  }
  return new ToolError(`upstream returned ${status}${tail}`);
}

/** Interprets a response (`redact` removes secrets first); non-2xx and unusable bodies throw a `ToolError`. */
export function interpretBody(
  response: UpstreamResponse,
  output?: OutputModel,
  redact: Redact = (t) => t,
): UpstreamData {
  const type = mediaType(response);
  const text = (): string => redact(decoderFor(response).decode(response.bytes));
  if (response.status < 200 || response.status > 299) throw failure(response, text(), redact);
  if (response.bytes.length === 0) return { kind: 'empty', status: response.status };
  if (type.startsWith('image/')) {
    if (bytesHoldSecret(response.bytes, redact))
      throw new ToolError(`upstream returned an image (${type}) that contains a server secret; it was withheld`);
    return { kind: 'image', base64: Buffer.from(response.bytes).toString('base64'), mimeType: type };
  }
  if (type !== '' && !isTextType(type)) {
    if (!looksLikeHtml(UTF8.decode(response.bytes.subarray(0, 2048))))
      return { kind: 'binary', size: response.bytes.length, mimeType: type };
  }
  const body = text();
  const wantsText = output?.mimeType === 'text/plain';
  if (type === 'text/html' || type === 'application/xhtml+xml' || (!isJsonType(type) && looksLikeHtml(body))) {
    if (wantsText) return { kind: 'text', text: body };
    throw new ToolError(
      `upstream returned HTML instead of JSON (HTTP ${response.status}, ${type || 'no content type'}): ` +
        `${excerpt(body, redact)}`,
    );
  }
  if (isJsonType(type)) {
    try {
      return { kind: 'json', data: JSON.parse(body) };
    } catch (error) {
      throw new ToolError(
        `upstream returned invalid JSON (HTTP ${response.status}): ${redact((error as Error).message)}`,
      );
    }
  }
  if (!wantsText && (type === '' || output?.mimeType === 'application/json')) {
    try {
      return { kind: 'json', data: JSON.parse(body) };
    } catch {
      // Not JSON after all: text.
    }
  }
  return { kind: 'text', text: body };
}
