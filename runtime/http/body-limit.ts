/**
 * The one capped body reader of every HTTP surface (bundles' `--http`, `toolkit server --http`, the
 * validator's API and `/mcp`): a declared `Content-Length` over the cap is refused before anything is
 * read, the bytes are counted as they arrive and reading stops the moment they pass the cap, and an
 * optional deadline bounds the whole body (a client trickling bytes cannot hold a request open).
 * It answers with data, never with an error of its own: each surface words its 413 and 408 its way.
 *
 * A web `Request` is read through its stream's reader (cancelled when reading stops early); a
 * `node:http` request through its iterator without destroying it, so the caller can still answer
 * on the same connection and discard the rest (`serve-http.ts` does, then closes it).
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

/** A body as chunks pulled one at a time, and how to stop pulling early. */
interface ChunkReader {
  next(): Promise<IteratorResult<Uint8Array, unknown>>;
  stop(): Promise<unknown>;
}

const TOO_LARGE = { ok: false, reason: 'too-large' } as const;
const TOO_SLOW = { ok: false, reason: 'too-slow' } as const;

/** True when a declared `Content-Length` is already over `maxBytes` (absent or unreadable: false). */
export const declaredOver = (contentLength: string | null | undefined, maxBytes: number): boolean =>
  Number(contentLength) > maxBytes;

const isNodeRequest = (source: Request | IncomingMessage): source is IncomingMessage =>
  typeof (source as IncomingMessage).on === 'function';

/** The body of `source`, at most `limits.maxBytes` and within `limits.timeoutMs`. */
export async function readCappedBody(source: Request | IncomingMessage, limits: BodyLimits): Promise<CappedBody> {
  if (isNodeRequest(source)) {
    if (declaredOver(source.headers['content-length'], limits.maxBytes)) return TOO_LARGE;
    const chunks = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
    return readChunks({ next: () => chunks.next(), stop: async () => chunks.return?.() }, limits);
  }
  if (declaredOver(source.headers.get('content-length'), limits.maxBytes)) return TOO_LARGE;
  if (!source.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = source.body.getReader();
  return readChunks({ next: () => reader.read(), stop: () => reader.cancel().catch(() => undefined) }, limits);
}

/** The body as UTF-8 text (malformed sequences replaced), under the same caps. */
export async function readCappedText(source: Request | IncomingMessage, limits: BodyLimits): Promise<
  { readonly ok: true; readonly text: string } | Exclude<CappedBody, { ok: true }>
> {
  const body = await readCappedBody(source, limits);
  return body.ok ? { ok: true, text: body.bytes.toString('utf8') } : body;
}

async function readChunks(reader: ChunkReader, limits: BodyLimits): Promise<CappedBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = limits.timeoutMs === undefined ? undefined : Date.now() + limits.timeoutMs;
  for (;;) {
    const read = deadline === undefined ? await reader.next() : await beforeDeadline(reader, deadline);
    if ('reason' in read) {
      await reader.stop();
      return TOO_SLOW;
    }
    if (read.done === true) break;
    size += read.value.byteLength;
    if (size > limits.maxBytes) {
      await reader.stop();
      return TOO_LARGE;
    }
    chunks.push(read.value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}

/** The next chunk, or `TOO_SLOW` when the deadline passes first. */
async function beforeDeadline(reader: ChunkReader, deadline: number): Promise<
  Awaited<ReturnType<ChunkReader['next']>> | typeof TOO_SLOW
> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(() => resolve(TOO_SLOW), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.next(), late]);
  } finally {
    clearTimeout(timer);
  }
}
