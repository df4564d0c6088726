/**
 * Wraps `ctx.fetch` so the MCP layers can see what the SDK transport saw on the wire (status,
 * `WWW-Authenticate`, session header) without reaching into SDK internals.
 */
import type { Fetch } from '../layer.ts';

export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly contentType: string | null;
  readonly wwwAuthenticate: string | null;
  /** Whether the server issued an `Mcp-Session-Id` (the value is a credential and is not kept). */
  readonly sessionIssued: boolean;
  /**
   * The first 64 KiB of the first POST's successful JSON or event-stream body (the `initialize`
   * answer, which tells a failed MCP handshake from another JSON-RPC service), read from a clone;
   * complete once `prefixDone` settles. Null for later requests: their answers are the client's.
   */
  bodyStart: string | null;
  /**
   * Settles (never rejects) when the capture of `bodyStart` has finished; resolved at once when nothing
   * is captured. Not enumerable, so exchanges serialise as plain data in `raw`.
   */
  readonly prefixDone: Promise<void>;
  readonly error: string | null;
}

/** Enough for any real `initialize` result (instructions included); longer bodies are judged on their start. */
const prefixBytes = 64 * 1024;

/** Reads the start of a cloned body without holding up the caller; the returned promise never rejects. */
function capturePrefix(response: Response, exchange: { bodyStart: string | null }): Promise<void> {
  const reader = response.clone().body?.getReader();
  if (!reader) return Promise.resolve();
  return (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      while (text.length < prefixBytes) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        exchange.bodyStart = text.slice(0, prefixBytes);
      }
    } catch {
      // The original body's consumer decides about errors; the prefix is best effort.
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  })();
}

/** Attaches `prefixDone` as a non-enumerable property. */
function withPrefixDone(fields: Omit<Exchange, 'prefixDone'>, done: Promise<void> = Promise.resolve()): Exchange {
  return Object.defineProperty(fields, 'prefixDone', { value: done, enumerable: false }) as Exchange;
}

export interface RecordingFetch {
  readonly fetch: Fetch;
  readonly exchanges: Exchange[];
  /** The last fetch error (network level), for classifying unreachable endpoints. */
  lastError: unknown;
}

/** How the first POST of a recording was answered (headers only), or why it failed. */
export interface FirstPost {
  readonly exchange: Exchange;
  /** True when the answer came from another URL (redirects were followed). */
  readonly redirected: boolean;
  /** The network error when there was no answer. */
  readonly error: unknown;
}

/**
 * Records every request made through the returned fetch; `signal` is combined with each request's
 * own. `onFirstPost` hears about the first POST as soon as its headers (or its failure) are known.
 */
export function recordingFetch(
  base: Fetch,
  signal: AbortSignal,
  onFirstPost?: (post: FirstPost) => void,
): RecordingFetch {
  let posted = false;
  const first = (method: string, post: FirstPost) => {
    if (method !== 'POST' || posted) return;
    posted = true;
    onFirstPost?.(post);
  };
  const record: RecordingFetch = {
    exchanges: [],
    lastError: null,
    fetch: async (input, init = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = String(input instanceof URL ? input.href : input);
      const combined = init.signal ? AbortSignal.any([init.signal, signal]) : signal;
      try {
        const response = await base(input, { ...init, signal: combined });
        const contentType = response.headers.get('content-type');
        const fields: Omit<Exchange, 'prefixDone'> = {
          method,
          url,
          status: response.status,
          contentType,
          wwwAuthenticate: response.headers.get('www-authenticate'),
          sessionIssued: response.headers.has('mcp-session-id'),
          bodyStart: null,
          error: null,
        };
        const capture = method === 'POST' && !posted && response.ok && /json|event-stream/i.test(contentType ?? '');
        const exchange = withPrefixDone(fields, capture ? capturePrefix(response, fields) : undefined);
        record.exchanges.push(exchange);
        first(method, { exchange, redirected: response.url !== '' && response.url !== url, error: null });
        return response;
      } catch (error) {
        record.lastError = error;
        const exchange = withPrefixDone({
          method,
          url,
          status: null,
          contentType: null,
          wwwAuthenticate: null,
          sessionIssued: false,
          bodyStart: null,
          error: error instanceof Error ? error.message : String(error),
        });
        record.exchanges.push(exchange);
        first(method, { exchange, redirected: false, error });
        throw error;
      }
    },
  };
  return record;
}
