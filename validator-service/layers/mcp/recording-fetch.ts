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
  readonly sessionId: string | null;
  readonly error: string | null;
}

export interface RecordingFetch {
  readonly fetch: Fetch;
  readonly exchanges: Exchange[];
  /** The last fetch error (network level), for classifying unreachable endpoints. */
  lastError: unknown;
}

/** Records every request made through the returned fetch; `signal` is combined with each request's own. */
export function recordingFetch(base: Fetch, signal: AbortSignal): RecordingFetch {
  const record: RecordingFetch = {
    exchanges: [],
    lastError: null,
    fetch: async (input, init = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = String(input instanceof URL ? input.href : input);
      const combined = init.signal ? AbortSignal.any([init.signal, signal]) : signal;
      try {
        const response = await base(input, { ...init, signal: combined });
        record.exchanges.push({
          method, url, status: response.status,
          contentType: response.headers.get('content-type'),
          wwwAuthenticate: response.headers.get('www-authenticate'),
          sessionId: response.headers.get('mcp-session-id'),
          error: null,
        });
        return response;
      } catch (error) {
        record.lastError = error;
        record.exchanges.push({ method, url, status: null, contentType: null, wwwAuthenticate: null, sessionId: null, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  };
  return record;
}
