/**
 * Content negotiation at the edge: which request bodies count as JSON. `application/json` and every
 * structured-syntax `+json` type (RFC 6839, e.g. `application/merge-patch+json`), parameters allowed;
 * the SDK's `isJsonContentType` takes `application/json` only, and the MCP transport checks its own.
 */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** True when a `Content-Type` header names a JSON body. */
export const isJsonMediaType = (contentType: string | null | undefined): boolean =>
  JSON_MEDIA_TYPE.test(contentType ?? '');
