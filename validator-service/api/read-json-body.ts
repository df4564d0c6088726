/**
 * Reads a JSON object body with the API's rules: JSON content type (415), size cap before and while
 * reading (413), valid UTF-8 and JSON (400, never 500), top level an object (400).
 */
import { ApiError } from './api-error.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The parsed body object. */
export async function readJsonBody(request: Request, limitBytes: number): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const tooLarge = () => new ApiError(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
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
