/**
 * The upstream body reader: collects a response body, decoding its `content-encoding` (gzip,
 * deflate, br, in the order applied) as the bytes arrive, and stops the moment the decoded size
 * passes the cap. A 20 KB gzip body that would inflate to 20 MiB costs at most the cap in memory
 * and is cut off within one chunk of it; nothing waits for the whole compressed body first. Bodies
 * in a coding it does not know are passed on as sent (as `fetch` does), under the same cap.
 */
import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import type * as Zlib from 'node:zlib';

/** The body is larger than the cap; the caller names the host. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

const networkError = (message: string, code: string): Error => Object.assign(new Error(message), { code });

/** The codings of a response in the order they were applied; `identity` and blanks left out. */
export function codingsOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

const KNOWN = new Set(['gzip', 'x-gzip', 'br', 'deflate']);

/** The decoder stream of one coding; `first` is the first byte it will read (deflate is zlib-wrapped or raw). */
function decoderOf(zlib: typeof Zlib, coding: string, first: number): Transform {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      // `deflate` is meant to be zlib-wrapped, but servers send raw deflate too; the first byte tells.
      return (first & 0x0f) === 0x08 ? zlib.createInflate() : zlib.createInflateRaw();
  }
}

export interface BodyCallbacks {
  done(bytes: Buffer): void;
  fail(error: unknown): void;
}

/**
 * Reads `response`'s body into `callbacks.done` (decoded), or fails with a `BodyTooLargeError` once
 * more than `maxBytes` arrived or were decoded, or with a `Z_DATA_ERROR` for a body its coding
 * cannot decode. `zlib` is passed in so it loads only for compressed answers.
 */
export function readBoundedBody(
  response: IncomingMessage,
  maxBytes: number,
  zlib: () => typeof Zlib,
  callbacks: BodyCallbacks,
): void {
  const codings = codingsOf(response.headers['content-encoding'] as string | undefined);
  const decode = codings.length > 0 && codings.every((coding) => KNOWN.has(coding));
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  const tooLarge = () => {
    over = true;
    callbacks.fail(new BodyTooLargeError());
  };
  const collect = (chunk: Buffer) => {
    if (over) return;
    size += chunk.length;
    if (size > maxBytes) tooLarge();
    else chunks.push(chunk);
  };
  const finish = () => {
    if (!over) callbacks.done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  };
  if (!decode) {
    response.on('data', collect);
    response.on('end', finish);
    return;
  }

  // Decoded in reverse order of application, each stream feeding the next; built on the first byte.
  let head: Transform | undefined;
  const streams: Transform[] = [];
  let received = 0;
  const stop = () => {
    for (const stream of streams) stream.destroy();
  };
  const build = (first: number): Transform => {
    const order = [...codings].reverse();
    order.forEach((coding, index) => {
      // Only the outermost coding's first byte is known now; an inner deflate is taken as zlib-wrapped.
      const stream = decoderOf(zlib(), coding, index === 0 ? first : 0x78);
      stream.on('error', (error: Error) => {
        if (over) return;
        over = true;
        stop();
        const message = `the upstream sent a body that is not valid ${coding} (${error.message})`;
        callbacks.fail(networkError(message, 'Z_DATA_ERROR'));
      });
      streams[index - 1]?.pipe(stream);
      streams.push(stream);
    });
    const last = streams.at(-1)!;
    last.on('data', (chunk: Buffer) => {
      collect(chunk);
      if (over) {
        stop();
        response.destroy();
      }
    });
    last.on('end', finish);
    return streams[0]!;
  };
  response.on('data', (chunk: Buffer) => {
    if (over) return;
    received += chunk.length;
    if (received > maxBytes) {
      stop();
      tooLarge();
      return;
    }
    head ??= build(chunk[0]!);
    if (!head.write(chunk)) {
      response.pause();
      head.once('drain', () => response.resume());
    }
  });
  response.on('end', () => {
    if (over) return;
    if (head === undefined) finish();
    else head.end();
  });
}
