/**
 * Reads what the query process writes back: header lines (JSON, ending in `\n`), each optionally
 * followed by a payload of exactly the byte count the header announces (the rows' JSON text).
 *
 * Length-prefixed rather than line-scanned, as raw bytes rather than decoded chunk by chunk: a
 * payload arrives in 64 KiB pieces, and appending each to a string and searching the whole string for
 * its end again made a 1.5 MB answer cost 84 ms (quadratic); here each byte is copied once and
 * decoded once, when the payload is complete.
 */
export class AnswerReader {
  readonly #chunks: Buffer[] = [];
  #size = 0;
  /** Bytes already searched for a newline without finding one. */
  #scanned = 0;
  /** Payload bytes awaited after the last header; undefined while a header is awaited. */
  #expected: number | undefined;

  /**
   * `onHeader` gets each header line and returns the payload bytes that follow it (undefined for
   * none); `onPayload` gets that payload as text.
   */
  constructor(
    private readonly onHeader: (line: string) => number | undefined,
    private readonly onPayload: (text: string) => void,
  ) {}

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
    for (;;) {
      if (this.#expected !== undefined) {
        if (this.#size < this.#expected) return;
        const bytes = this.#expected;
        this.#expected = undefined;
        this.onPayload(this.#take(bytes).toString('utf8'));
        continue;
      }
      const end = this.#newline();
      if (end < 0) return;
      const line = this.#take(end + 1).toString('utf8', 0, end);
      this.#expected = this.onHeader(line);
    }
  }

  /** Offset of the first newline in what is buffered, or -1. */
  #newline(): number {
    if (this.#chunks.length > 1) this.#join();
    const first = this.#chunks[0];
    if (!first) return -1;
    const at = first.indexOf(0x0a, this.#scanned);
    this.#scanned = at < 0 ? first.length : 0;
    return at;
  }

  /** The first `bytes` buffered bytes, removed from the buffer. */
  #take(bytes: number): Buffer {
    if (bytes === 0) return Buffer.alloc(0);
    if (this.#chunks[0]!.length < bytes) this.#join();
    const first = this.#chunks[0]!;
    const taken = first.subarray(0, bytes);
    if (first.length === bytes) this.#chunks.shift();
    else this.#chunks[0] = first.subarray(bytes);
    this.#size -= bytes;
    this.#scanned = 0;
    return taken;
  }

  /** Everything buffered as one chunk: one copy, made only when a header or a payload spans chunks. */
  #join(): void {
    const joined = Buffer.concat(this.#chunks, this.#size);
    this.#chunks.length = 0;
    this.#chunks.push(joined);
  }
}
