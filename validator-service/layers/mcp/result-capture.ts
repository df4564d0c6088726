/**
 * Wraps a fetch so the MCP layer can check what a 2026-07-28 server put on the wire, which the SDK
 * client does not tell: it accepts results without `ttlMs` and with any `cacheScope`, and drops
 * `resultType`. Each POST that carries an `Mcp-Method` header has its JSON-RPC answer read from a
 * clone (JSON or the event stream's messages), up to a size cap, and kept by method.
 */
import type { Fetch } from '../layer.ts';

/** What one modern request got back. */
export interface CapturedAnswer {
  readonly method: string;
  readonly status: number;
  /** The JSON-RPC `result` object, when the answer had one. */
  readonly result: Record<string, unknown> | null;
  /** The JSON-RPC `error`, when the answer had one. */
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } | null;
  /** True when the body was over the cap and was not checked. */
  readonly tooLarge: boolean;
}

const MAX_CAPTURE_BYTES = 4 * 1024 * 1024;

/** The JSON-RPC response in a JSON body or an event stream (the last `data:` message with a result or error). */
export function responseMessage(text: string, eventStream: boolean): { result?: unknown; error?: unknown } | null {
  const candidates = eventStream ? [...text.matchAll(/^data:\s?(.*)$/gm)].map((m) => m[1]!).reverse() : [text];
  for (const candidate of candidates) {
    try {
      const message = JSON.parse(candidate) as { result?: unknown; error?: unknown };
      if (message && typeof message === 'object' && ('result' in message || 'error' in message)) return message;
    } catch {
      // Not JSON: keep looking (an event stream may carry comments or notifications first).
    }
  }
  return null;
}

async function readCapped(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_CAPTURE_BYTES) return undefined;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface ResultCapture {
  readonly fetch: Fetch;
  /** Every captured answer so far, in the order the reads finished; wait for `settled()` before reading. */
  readonly answers: CapturedAnswer[];
  /** Resolves when every capture started so far has finished (never rejects). */
  settled(): Promise<void>;
}

/** A fetch that keeps the answers of modern requests (those sent with an `Mcp-Method` header). */
export function captureResults(base: Fetch): ResultCapture {
  const answers: CapturedAnswer[] = [];
  const pending: Promise<void>[] = [];
  const fetch: Fetch = async (input, init = {}) => {
    const response = await base(input, init);
    const method = new Headers(init.headers).get('mcp-method');
    if ((init.method ?? 'GET').toUpperCase() !== 'POST' || method === null) return response;
    const eventStream = /event-stream/i.test(response.headers.get('content-type') ?? '');
    const clone = response.clone();
    pending.push(
      (async () => {
        const text = await readCapped(clone).catch(() => '');
        const message = text === undefined ? null : responseMessage(text, eventStream);
        const result =
          message?.result !== null && typeof message?.result === 'object'
            ? (message.result as Record<string, unknown>)
            : null;
        const error =
          message?.error !== null && typeof message?.error === 'object'
            ? (message.error as CapturedAnswer['error'])
            : null;
        answers.push({ method, status: response.status, result, error, tooLarge: text === undefined });
      })(),
    );
    return response;
  };
  return { fetch, answers, settled: async () => void (await Promise.all(pending)) };
}
