/**
 * Serves MCP over stdin/stdout in both protocol eras: the SDK's `serveStdio` lets the first message
 * pick the era (`server/discover` or an enveloped request → 2026-07-28; `initialize` → 2025) and
 * pins one Server from `makeServer` to the connection. stdout carries only protocol messages;
 * `closed` settles when the client goes away (stdin ends) or `close()` is called, and rejects with
 * a `StdioLineTooLong` when the client sent a line over the read limit (the connection is closed).
 */
import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/server';
import { serveStdio as serveSdkStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

/** The longest line (one JSON-RPC message) read from stdin: the HTTP body cap, 4 MiB. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** The client sent a line longer than the read limit; the connection was closed. */
export class StdioLineTooLong extends Error {
  override readonly name = 'StdioLineTooLong';
  constructor(readonly limit: number) {
    super(`a message on stdin is longer than ${limit} bytes (the limit of one JSON-RPC line); the connection was closed`);
  }
}

export interface StdioServeOptions {
  /** Where out-of-band errors go (a line that is not JSON-RPC, a failed write); default: stderr. Pass a redacting logger. */
  log?: (line: string) => void;
  maxLineBytes?: number;
  stdin?: Readable;
  stdout?: Writable;
}

export interface StdioServing {
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * The SDK's stdio transport with a per-line limit of our own (the SDK's counts its whole buffer and
 * fails without saying so to anyone), and a promise that settles when the transport closes.
 */
class LimitedStdioTransport extends StdioServerTransport {
  readonly ended: Promise<void>;
  private end!: (error?: Error) => void;
  private pending = 0;

  constructor(private readonly input: Readable, stdout: Writable, private readonly limit: number) {
    // The SDK's own buffer bound is only a backstop: ours trips first for any long line.
    super(input, stdout, { maxBufferSize: limit * 2 });
    this.ended = new Promise<void>((resolve, reject) => (this.end = (error) => (error ? reject(error) : resolve())));
    const deliver = this._ondata;
    this._ondata = (chunk: Buffer) => {
      let start = 0;
      for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
        if (this.pending + at - start > this.limit) return this.overflow();
        this.pending = 0;
        start = at + 1;
      }
      this.pending += chunk.length - start;
      if (this.pending > this.limit) return this.overflow();
      deliver(chunk);
    };
  }

  /** Closes the connection and stops reading: a paused stdin that the client keeps open would keep the process alive. */
  private overflow(): void {
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
  const transport = new LimitedStdioTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout, options.maxLineBytes ?? MAX_LINE_BYTES);
  const handle = serveSdkStdio(() => makeServer(), {
    transport,
    onerror: (error) => log(`toolkit server: ${error.message}`),
  });
  return { closed: transport.ended, close: () => handle.close() };
}
