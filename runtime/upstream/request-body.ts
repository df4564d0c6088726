/**
 * The request body on the wire: the assembled `body` object as JSON (the default), or as an
 * `application/x-www-form-urlencoded` form for a tool that declares `bodyFormat: 'form'`. A form
 * field holds text: arrays repeat the field (`tag=a&tag=b`), objects go as JSON text.
 */
import type { BodyFormat, HttpMethod } from '../model.ts';

export interface EncodedBody {
  readonly text: string;
  readonly contentType: string;
}

function formText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The body to send, or undefined when the request has none (a GET never has one). */
export function encodeRequestBody(
  method: HttpMethod,
  body: Record<string, unknown> | undefined,
  format: BodyFormat | undefined,
): EncodedBody | undefined {
  if (body === undefined || method === 'GET') return undefined;
  if (format !== 'form') return { text: JSON.stringify(body), contentType: 'application/json' };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, formText(item));
    else form.append(key, formText(value));
  }
  return { text: form.toString(), contentType: 'application/x-www-form-urlencoded' };
}
