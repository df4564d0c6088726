/**
 * The one capped body reader of every HTTP surface (bundles' `--http`, `toolkit server --http`, the
 * validator's API and `/mcp`): a declared `Content-Length` over the cap is refused before anything is
 * read, the bytes are counted as they arrive and reading stops the moment they pass the cap, and an
 * optional deadline bounds the whole body (a client trickling bytes cannot hold a request open).
 * It answers with data, never with an error of its own: each surface words its 413 and 408 its way.
 *
 * A web `Request` is read through its stream's reader (cancelled when reading stops early); a
 * `node:http` request through its `data` events, paused when reading stops early but not destroyed,
 * so the caller can still answer on the same connection and discard the rest (`serve-http.ts` does).
 */
import type { IncomingMessage } from 'node:http';

/** The largest request body the MCP endpoints read (4 MiB); a larger one is answered 413. */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

export interface BodyLimits {
  /** Bytes the body may hold; one more and reading stops. */
  readonly maxBytes: number;
  /** Milliseconds the whole body may take to arrive, counted from the first read; none: no deadline. */
  readonly timeoutMs?: number;
}

export type CappedBody =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'too-large' | 'too-slow' };

/** The rule every reader applies: counted as the bytes arrive, refused the moment they pass the cap. */
class BodyCap {
  readonly #chunks: Uint8Array[] = [];
  #size = 0;
  constructor(readonly maxBytes: number) {}

  /** Takes a chunk; false when the body is now over the cap (the chunk is not kept). */
  add(chunk: Uint8Array): boolean {
    this.#size += chunk.byteLength;
    if (this.#size > this.maxBytes) return false;
    this.#chunks.push(chunk);
    return true;
  }

  body(): CappedBody {
    return { ok: true, bytes: Buffer.concat(this.#chunks, this.#size) };
  }
}

const TOO_LARGE = { ok: false, reason: 'too-large' } as const;
const TOO_SLOW = { ok: false, reason: 'too-slow' } as const;

/** True when a declared `Content-Length` is already over `maxBytes` (absent or unreadable: false). */
export const declaredOver = (contentLength: string | null | undefined, maxBytes: number): boolean =>
  Number(contentLength) > maxBytes;

const isNodeRequest = (source: Request | IncomingMessage): source is IncomingMessage =>
  typeof (source as IncomingMessage).on === 'function';

/** The body of `source`, at most `limits.maxBytes` and within `limits.timeoutMs`. */
export function readCappedBody(source: Request | IncomingMessage, limits: BodyLimits): Promise<CappedBody> {
  if (isNodeRequest(source)) {
    if (declaredOver(source.headers['content-length'], limits.maxBytes)) return Promise.resolve(TOO_LARGE);
    return readNode(source, limits);
  }
  if (declaredOver(source.headers.get('content-length'), limits.maxBytes)) return Promise.resolve(TOO_LARGE);
  if (!source.body) return Promise.resolve({ ok: true, bytes: Buffer.alloc(0) });
  return readWeb(source.body.getReader(), limits);
}

/** The body as UTF-8 text (malformed sequences replaced), under the same caps. */
export async function readCappedText(
  source: Request | IncomingMessage,
  limits: BodyLimits,
): Promise<{ readonly ok: true; readonly text: string } | Exclude<CappedBody, { ok: true }>> {
  const body = await readCappedBody(source, limits);
  return body.ok ? { ok: true, text: body.bytes.toString('utf8') } : body;
}

/**
 * A `node:http` request's body, taken as its `data` events come. Stopped early it is paused with its
 * listeners removed, so the caller may answer and then `resume()` it to discard the rest.
 */
function readNode(req: IncomingMessage, limits: BodyLimits): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const cap = new BodyCap(limits.maxBytes);
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: CappedBody | Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      clearTimeout(timer);
      if (outcome instanceof Error) return reject(outcome);
      if (!outcome.ok) req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      if (!cap.add(chunk)) finish(TOO_LARGE);
    };
    const onEnd = () => finish(cap.body());
    const onError = (error: Error) => finish(error);
    if (limits.timeoutMs !== undefined) timer = setTimeout(() => finish(TOO_SLOW), limits.timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

/** A web stream's body, read chunk by chunk; stopped early, the stream is cancelled. */
async function readWeb(reader: ReadableStreamDefaultReader<Uint8Array>, limits: BodyLimits): Promise<CappedBody> {
  const cap = new BodyCap(limits.maxBytes);
  const deadline = limits.timeoutMs === undefined ? undefined : Date.now() + limits.timeoutMs;
  for (;;) {
    const read = deadline === undefined ? await reader.read() : await beforeDeadline(reader, deadline);
    if ('reason' in read) {
      await reader.cancel().catch(() => undefined);
      return TOO_SLOW;
    }
    if (read.done) return cap.body();
    if (!cap.add(read.value)) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
  }
}

/** The next chunk, or `TOO_SLOW` when the deadline passes first. */
async function beforeDeadline(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
): Promise<ReadableStreamReadResult<Uint8Array> | typeof TOO_SLOW> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(() => resolve(TOO_SLOW), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}
