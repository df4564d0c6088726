/**
 * Reads a JSON object body with the API's rules: JSON content type (415), size cap before and while
 * reading (413), a time cap for the whole body (408, so a client trickling bytes cannot hold a
 * request open), valid UTF-8 and JSON (400, never 500), top level an object (400). The reading
 * itself is the HTTP edge's (`runtime/http/body-limit.ts`); this file words its refusals.
 */
import { readCappedBody } from '../../runtime/http/body-limit.ts';
import { isJsonMediaType } from '../../runtime/http/media-type.ts';
import { ApiError } from './api-error.ts';

/** The parsed body object. */
export async function readJsonBody(
  request: Request,
  limitBytes: number,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const bytes = await readBodyBytes(request, limitBytes, timeoutMs);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'invalid_body', 'The request body is not valid UTF-8.', 'body');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.', 'body');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, 'invalid_body', 'The request body must be a JSON object.', 'body');
  }
  return value as Record<string, unknown>;
}

/** The raw body, at most `limitBytes` (413) and complete within `timeoutMs` (408); shared by `/mcp`. */
export async function readBodyBytes(request: Request, limitBytes: number, timeoutMs = 10_000): Promise<Buffer> {
  const body = await readCappedBody(request, { maxBytes: limitBytes, timeoutMs });
  if (body.ok) return body.bytes;
  if (body.reason === 'too-large') {
    throw new ApiError(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`);
  }
  const late = `The request body did not arrive within ${timeoutMs} ms.`;
  throw new ApiError(408, 'request_timeout', late, 'body', { connection: 'close' });
}
