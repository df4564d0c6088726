/**
 * Collects a layer's messages and derives its verdict, so every layer reports findings the same
 * way: a stable code from the layer's own table, a severity, a sentence and where it applies.
 */
import type { LayerMessage, LayerStatus, MessageSeverity } from '../layer.ts';

/** One row of a layer's code table: the code's fixed severity and what it means. */
export interface CodeEntry {
  readonly severity: MessageSeverity;
  readonly meaning: string;
}

/** A layer's code table, e.g. `{ 'HTTP-001': { severity: 'error', meaning: 'DNS lookup failed' } }`. */
export type CodeTable = Readonly<Record<string, CodeEntry>>;

/** Accumulates messages whose severity always comes from the code table, never from the call site. */
export class Findings<Code extends string> {
  readonly #table: Readonly<Record<Code, CodeEntry>>;
  readonly #messages: LayerMessage[] = [];

  constructor(table: Readonly<Record<Code, CodeEntry>>) {
    this.#table = table;
  }

  /** Records a finding; the severity is the one the table fixes for `code`. */
  add(code: Code, message: string, location: string | null = null): void {
    this.#messages.push({ code, severity: this.#table[code].severity, message, location });
  }

  get messages(): readonly LayerMessage[] {
    return this.#messages;
  }

  hasErrors(): boolean {
    return this.#messages.some((m) => m.severity === 'error');
  }

  has(code: Code): boolean {
    return this.#messages.some((m) => m.code === code);
  }

  /** `fail` when any error was recorded, else `pass` (callers decide `not_detected` themselves). */
  verdict(): LayerStatus {
    return this.hasErrors() ? 'fail' : 'pass';
  }
}
