/**
 * Reads a JSON object body with the API's rules: JSON content type (415), size cap before and while
 * reading (413), a time cap for the whole body (408, so a client trickling bytes cannot hold a
 * request open), valid UTF-8 and JSON (400, never 500), top level an object (400).
 */
import { ApiError } from './api-error.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The parsed body object. */
export async function readJsonBody(request: Request, limitBytes: number, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
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
  const tooLarge = () => new ApiError(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { done, value } = await readBefore(reader, deadline, timeoutMs);
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** One read that fails with 408 (and closes the connection) when the body's deadline passes first. */
async function readBefore(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number, timeoutMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(408, 'request_timeout', `The request body did not arrive within ${timeoutMs} ms.`, 'body', { connection: 'close' })), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } catch (error) {
    if (error instanceof ApiError) await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
