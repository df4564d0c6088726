/**
 * Serves MCP over stdin/stdout in both protocol eras: the SDK's `serveStdio` lets the first message
 * pick the era (`server/discover` or an enveloped request → 2026-07-28; `initialize` → 2025) and
 * pins one Server from `makeServer` to the connection. stdout carries only protocol messages;
 * `closed` settles when the client goes away (stdin ends) or `close()` is called, and rejects with
 * a `StdioLineTooLong` when the client sent a line over the read limit (the connection is closed).
 * A line that is not JSON is answered -32700 and one that is not a JSON-RPC message (a batch, a
 * wrong `jsonrpc`, an id that is neither a string nor an integer) -32600, as JSON-RPC 2.0 asks:
 * the SDK's reader drops both without a word, and the client waits for an answer forever.
 *
 * Backpressure: a client that writes requests and does not read the answers would make the server
 * buffer answers without bound. Lines are handled only while stdout holds less than
 * `MAX_PENDING_OUTPUT_BYTES` and fewer than `MAX_REQUESTS_IN_FLIGHT` requests await their answer;
 * lines past that wait unparsed, and once `MAX_UNHANDLED_INPUT_BYTES` of them wait stdin is paused
 * (the pipe fills and the client's writes block) until stdout drains. Memory held for one client is
 * then bounded by those figures and the reply cap. Input is still read up to that bound while the
 * output is stuck, so a client that closes stdin is noticed (the server exits) even then;
 * `flushed()` tells the entry point whether the answers already written can still reach it.
 */
import type { Readable, Writable } from 'node:stream';
import {
  INVALID_REQUEST,
  type JSONRPCMessage,
  PARSE_ERROR,
  parseJSONRPCMessage,
  type Server,
} from '@modelcontextprotocol/server';
import { serveStdio as serveSdkStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** The longest line (one JSON-RPC message) read from stdin: the HTTP body cap, 4 MiB. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** Past this many bytes waiting in stdout (a client that does not read), stdin is paused. */
export const MAX_PENDING_OUTPUT_BYTES = 1024 * 1024;
/** Past this many requests read and not yet answered, no further line is handled. */
export const MAX_REQUESTS_IN_FLIGHT = 32;
/** Bytes of lines read and not yet handled past which stdin is paused. */
export const MAX_UNHANDLED_INPUT_BYTES = 4 * 1024 * 1024;

/** The client sent a line longer than the read limit; the connection was closed. */
export class StdioLineTooLong extends Error {
  override readonly name = 'StdioLineTooLong';
  constructor(readonly limit: number) {
    super(
      `a message on stdin is longer than ${limit} bytes (the limit of one JSON-RPC line); the connection was closed`,
    );
  }
}

export interface StdioServeOptions {
  /**
   * Where out-of-band errors go (a malformed response from the client, a failed write); default: stderr. Pass a
   * redacting logger.
   */
  log?: (line: string) => void;
  maxLineBytes?: number;
  stdin?: Readable;
  stdout?: Writable;
}

export interface StdioServing {
  readonly closed: Promise<void>;
  close(): Promise<void>;
  /**
   * Resolves true once everything written to stdout has been taken by the client, false when it has
   * not within `ms` (a client that stopped reading: a write pending on a pipe would keep the
   * process alive for good, so the entry point exits without it).
   */
  flushed(ms: number): Promise<boolean>;
}

type Json = Record<string, unknown>;

/** Why a parsed JSON value is not a JSON-RPC message, in the words of JSON-RPC 2.0 and MCP. */
function invalidReason(value: unknown): string {
  if (Array.isArray(value)) return 'JSON-RPC batches are not accepted; send one message per line';
  if (value === null || typeof value !== 'object') return 'a message must be a JSON object';
  const message = value as Json;
  if (message.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in message && !isRequestId(message.id)) return 'id must be a string or an integer (MCP never uses null ids)';
  if ('method' in message && typeof message.method !== 'string') return 'method must be a string';
  if (
    'params' in message &&
    (message.params === null || typeof message.params !== 'object' || Array.isArray(message.params))
  )
    return 'params must be an object';
  return 'not a JSON-RPC request, notification or response';
}

const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isSafeInteger(id);

/**
 * The SDK's stdio transport reading lines of its own: a per-line limit (the SDK's counts its whole
 * buffer and fails without saying so to anyone), an answer to every line that is not a JSON-RPC
 * message, and a promise that settles when the transport closes. Valid lines go through the SDK's
 * own parser, as before.
 */
class LimitedStdioTransport extends StdioServerTransport {
  readonly ended: Promise<void>;
  private end!: (error?: Error) => void;
  /** The bytes of the line being read so far, when it spans chunks. */
  private partial: Buffer[] = [];
  private pending = 0;
  /** Whole lines read and not yet handled (the output is behind): handled once it drains. */
  private lines: Buffer[] = [];
  /** Index of the next line of `lines` to handle. */
  private next = 0;
  private linesBytes = 0;
  /** Requests handed to the server and not yet answered, by id. */
  private readonly inFlight = new Map<string | number, number>();
  private paused = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly limit: number,
  ) {
    super(input, output);
    this.ended = new Promise<void>((resolve, reject) => (this.end = (error) => (error ? reject(error) : resolve())));
    this._ondata = (chunk: Buffer) => this.receive(chunk);
    output.on('drain', () => this.pump());
    // The SDK waits for 'drain' once per answer it could not write: up to a listener per request in flight.
    output.setMaxListeners(Math.max(output.getMaxListeners(), MAX_REQUESTS_IN_FLIGHT + 16));
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
      if (this.pending + at - start > this.limit) return this.overflow();
      const tail = chunk.subarray(start, at);
      const line = this.pending === 0 ? tail : Buffer.concat([...this.partial, tail]);
      this.partial = [];
      this.pending = 0;
      start = at + 1;
      this.lines.push(line);
      this.linesBytes += line.length;
    }
    if (start < chunk.length) {
      this.pending += chunk.length - start;
      if (this.pending > this.limit) return this.overflow();
      this.partial.push(chunk.subarray(start));
    }
    this.pump();
  }

  /** True while the client is not reading fast enough for another request to be taken. */
  private blocked(): boolean {
    let waiting = 0;
    for (const count of this.inFlight.values()) waiting += count;
    return this.output.writableLength >= MAX_PENDING_OUTPUT_BYTES || waiting >= MAX_REQUESTS_IN_FLIGHT;
  }

  /** Handles the lines read so far while the output keeps up; pauses stdin when too many wait. */
  private pump(): void {
    while (this.next < this.lines.length && !this.blocked()) {
      const line = this.lines[this.next++]!;
      this.linesBytes -= line.length;
      this.receiveLine(line.toString('utf8'));
    }
    if (this.next > 1024 && this.next * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.next);
      this.next = 0;
    }
    // A line still arriving is always read on (its own limit bounds it): it may be the one that unblocks.
    const block = this.linesBytes >= MAX_UNHANDLED_INPUT_BYTES;
    if (block && !this.paused) {
      this.paused = true;
      this.input.pause();
    } else if (!block && this.paused) {
      this.paused = false;
      this.input.resume();
    }
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    const answer = message as { id?: string | number; method?: unknown };
    const count = answer.method === undefined && answer.id !== undefined ? this.inFlight.get(answer.id) : undefined;
    if (count !== undefined) {
      if (count > 1) this.inFlight.set(answer.id!, count - 1);
      else this.inFlight.delete(answer.id!);
    }
    const sent = super.send(message);
    if (count !== undefined) queueMicrotask(() => this.pump());
    return sent;
  }

  private receiveLine(text: string): void {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    // Blank lines between messages are not messages (the SDK skipped them too).
    if (/^\s*$/.test(line)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return this.refuse(null, PARSE_ERROR, 'Parse error: the line is not valid JSON');
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
      // A malformed response is never answered: the two peers would bounce errors at each other.
      if (object && !('method' in object) && ('result' in object || 'error' in object))
        return this.onerror?.(new Error('discarded a malformed JSON-RPC response from the client'));
      return this.refuse(
        object && isRequestId(object.id) ? object.id : null,
        INVALID_REQUEST,
        `Invalid Request: ${invalidReason(value)}`,
      );
    }
    const request = message as { id?: string | number; method?: unknown };
    if (typeof request.method === 'string' && request.id !== undefined)
      this.inFlight.set(request.id, (this.inFlight.get(request.id) ?? 0) + 1);
    // A cancelled request may never be answered: it no longer counts.
    const cancelled =
      request.method === 'notifications/cancelled'
        ? (message as { params?: { requestId?: string | number } }).params?.requestId
        : undefined;
    if (cancelled !== undefined && this.inFlight.delete(cancelled)) queueMicrotask(() => this.pump());
    this.onmessage?.(message);
  }

  /**
   * Answers a line that carries no request the server could handle; the id is null when it could not be read (JSON-RPC
   * 2.0 §5).
   */
  private refuse(id: string | number | null, code: number, message: string): void {
    this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /**
   * Closes the connection and stops reading: a paused stdin that the client keeps open would keep the process alive.
   */
  private overflow(): void {
    this.partial = [];
    this.lines = [];
    this.next = 0;
    this.linesBytes = 0;
    const error = new StdioLineTooLong(this.limit);
    void super.close().finally(() => {
      this.input.destroy();
      this.end(error);
    });
  }

  override async close(): Promise<void> {
    await super.close();
    this.end();
  }
}

/** Serves `makeServer`'s Servers over this process's stdio (or the given streams) until the client goes away. */
export function serveStdio(makeServer: () => Server | Promise<Server>, options: StdioServeOptions = {}): StdioServing {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const transport = new LimitedStdioTransport(
    options.stdin ?? process.stdin,
    options.stdout ?? process.stdout,
    options.maxLineBytes ?? MAX_LINE_BYTES,
  );
  const handle = serveSdkStdio(() => makeServer(), {
    transport,
    onerror: (error) => log(`toolkit server: ${error.message}`),
  });
  const output = options.stdout ?? process.stdout;
  const flushed = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (output.writableLength === 0) return resolve(true);
      const done = (value: boolean) => {
        clearTimeout(timer);
        output.off('drain', onDrain);
        resolve(value);
      };
      const onDrain = () => done(output.writableLength === 0);
      const timer = setTimeout(() => done(output.writableLength === 0), ms);
      output.on('drain', onDrain);
    });
  return { closed: transport.ended, close: () => handle.close(), flushed };
}
