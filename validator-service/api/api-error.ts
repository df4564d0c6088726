/**
 * Errors the API returns to its caller: `{ error: { code, message, field? } }` with an HTTP status.
 * Only these reach the wire with their message; anything else becomes a bare 500.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** JSON response with the service's fixed headers. */
export function jsonResponse(body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}

/** The wire form of an error. */
export function errorResponse(error: ApiError): Response {
  const body = { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
  return jsonResponse(body, error.status, error.headers);
}
