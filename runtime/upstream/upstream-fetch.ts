/**
 * The one HTTP call of a tool, with a deadline, and network failures named the way the spec's
 * runtime-error table names them (ECONNREFUSED, ETIMEDOUT, ENOTFOUND) so the model can act on them.
 * It goes through the runtime's HTTP client (`upstream-http.ts`; tests of odd upstreams inject their own).
 */
import type { CallBudget } from '../call-budget.ts';
import type { BodyFormat } from '../model.ts';
import type { RequestStruct } from './request-assembly.ts';
import { encodeRequestBody, type EncodedBody } from './request-body.ts';
import { ToolError } from '../tool-error.ts';
import { BodyTooLargeError, RedirectRefusedError, type HttpAnswer, type UpstreamHttpClient } from './upstream-http.ts';

export type UpstreamResponse = HttpAnswer;

export interface SendOptions {
  /** The runtime's HTTP client. */
  readonly client: UpstreamHttpClient;
  /** The call's deadline and abort signal (client cancellation, shutdown, timeout). */
  readonly budget: CallBudget;
  /** How the tool sends its body (`bodyFormat`); JSON when absent. */
  readonly bodyFormat?: BodyFormat | undefined;
  /** Largest body accepted, after decoding (default `MAX_BODY_BYTES`). */
  readonly maxBytes?: number;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
};

function errorCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e !== null && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'ABORT_ERR') return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors))
      for (const inner of errors) {
        const innerCode = errorCode(inner);
        if (innerCode) return innerCode;
      }
  }
  return undefined;
}

function describeNetworkError(
  error: unknown,
  url: string,
  timedOut: boolean,
  cancelled: boolean,
  timeoutMs: number,
): ToolError {
  const host = hostOf(url);
  if (timedOut) return new ToolError(`upstream ${host} did not answer within ${timeoutMs} ms (ETIMEDOUT)`);
  if (cancelled) return new ToolError('the call was cancelled before the upstream answered');
  const code = errorCode(error);
  switch (code) {
    case 'ECONNREFUSED':
      return new ToolError(`upstream ${host} refused the connection (ECONNREFUSED): is the service running?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new ToolError(
        `upstream host ${host.replace(/:\d+$/, '')} could not be resolved ` +
          `(ENOTFOUND${code === 'ENOTFOUND' ? '' : `, ${code}`})`,
      );
    case 'ETIMEDOUT':
      return new ToolError(`upstream ${host} did not answer in time (ETIMEDOUT)`);
    case 'ECONNRESET':
      return new ToolError(`upstream ${host} closed the connection (ECONNRESET)`);
    default: {
      const message =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return new ToolError(`request to upstream ${host} failed${code ? ` (${code})` : ''}: ${message}`);
    }
  }
}

/**
 * Largest upstream body passed on, counted after decoding and while decoding (a small gzip body
 * stops inflating here): more is no use to a model, whose reply is capped far lower, and parsing a
 * body costs many times its size in memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

const sizeText = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
const tooLarge = (host: string, maxBytes: number): ToolError =>
  new ToolError(`upstream ${host} answered with more than ${sizeText(maxBytes)}; narrow the request`);

/**
 * The headers sent: the request's own, plus a JSON content type for a body and an `accept`, when the request set none
 * (one pass over the names).
 */
function headersOf(struct: RequestStruct, body: EncodedBody | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...struct.headers };
  let hasAccept = false;
  let hasType = false;
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'accept') hasAccept = true;
    else if (lower === 'content-type') hasType = true;
  }
  if (body !== undefined && !hasType) headers['content-type'] = body.contentType;
  if (!hasAccept) headers.accept = 'application/json, text/plain;q=0.9, */*;q=0.8';
  return headers;
}

/**
 * Sends the request; resolves with the full response, or rejects with a readable `ToolError`. Not `async`: one promise
 * per call, not two.
 */
export function sendUpstream(
  struct: RequestStruct & { readonly secretHeaders?: readonly string[]; readonly bodyHoldsSecret?: boolean },
  options: SendOptions,
): Promise<UpstreamResponse> {
  const { budget } = options;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  try {
    const body = encodeRequestBody(struct.method, struct.body, options.bodyFormat);
    const call = {
      method: struct.method,
      headers: headersOf(struct, body),
      body: body?.text,
      signal: budget.signal,
      maxBytes,
      secretHeaders: struct.secretHeaders ?? [],
      bodyHoldsSecret: struct.bodyHoldsSecret === true,
    };
    return options.client.request(struct.url, call).catch((error: unknown) => {
      throw failureOf(error, struct.url, budget, maxBytes);
    });
  } catch (error) {
    return Promise.reject(failureOf(error, struct.url, budget, maxBytes));
  }
}

/** A failed request as the `ToolError` the model sees. */
function failureOf(error: unknown, url: string, budget: CallBudget, maxBytes: number): ToolError {
  if (error instanceof ToolError) return error;
  if (error instanceof BodyTooLargeError) return tooLarge(hostOf(url), maxBytes);
  if (error instanceof RedirectRefusedError)
    return new ToolError(
      `upstream ${hostOf(url)} redirected the request to ${error.to}, another origin, but its body holds a server ` +
        `param: it was not sent there`,
    );
  return describeNetworkError(error, url, budget.timedOut(), budget.signal.aborted, budget.timeoutMs);
}
