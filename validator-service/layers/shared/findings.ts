/**
 * Collects a layer's messages and derives its verdict, so every layer reports findings the same
 * way: a stable code from the layer's own table, a severity, a sentence and where it applies.
 */
import type { SpecRef } from '../../checks/spec-refs.ts';
import type { LayerMessage, LayerStatus, MessageSeverity } from '../layer.ts';

/**
 * One row of a layer's code table: the code's fixed severity, a short title, the requirement it
 * checks (document and section) and the validator version that first emitted it. The tables are
 * the check registry's rows (`checks/registry.ts`).
 */
export interface CodeEntry {
  readonly severity: MessageSeverity;
  readonly title: string;
  readonly spec: SpecRef;
  readonly since: string;
}

/** A layer's code table, e.g. `{ 'HTTP-001': { severity: 'error', title: 'DNS lookup failed', spec, since } }`. */
export type CodeTable = Readonly<Record<string, CodeEntry>>;

/**
 * Bounds on what one layer reports. Messages quote the endpoint's own data (tool names, URIs, card
 * fields) and some are made per listed item, so without them an endpoint could make one assessment
 * answer hundreds of megabytes (400,000 tools → one message each).
 */
export const MAX_MESSAGES_PER_CODE = 20;
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_LOCATION_CHARS = 500;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Accumulates messages whose severity always comes from the code table, never from the call site. */
export class Findings<Code extends string> {
  readonly #table: Readonly<Record<Code, CodeEntry>>;
  readonly #messages: LayerMessage[] = [];
  /** Findings left out per code, beyond MAX_MESSAGES_PER_CODE. */
  readonly #omitted = new Map<Code, number>();
  readonly #kept = new Map<Code, number>();

  constructor(table: Readonly<Record<Code, CodeEntry>>) {
    this.#table = table;
  }

  /** Records a finding; the severity is the one the table fixes for `code`. */
  add(code: Code, message: string, location: string | null = null): void {
    const severity = this.#table[code].severity;
    const kept = this.#kept.get(code) ?? 0;
    if (kept >= MAX_MESSAGES_PER_CODE) {
      this.#omitted.set(code, (this.#omitted.get(code) ?? 0) + 1);
      return;
    }
    this.#kept.set(code, kept + 1);
    this.#messages.push({
      code,
      severity,
      message: clip(message, MAX_MESSAGE_CHARS),
      location: location === null ? null : clip(location, MAX_LOCATION_CHARS),
    });
  }

  /** The messages, then one line per code that had more findings than are shown. */
  get messages(): readonly LayerMessage[] {
    if (this.#omitted.size === 0) return this.#messages;
    const more = [...this.#omitted].map(
      ([code, count]): LayerMessage => ({
        code,
        severity: this.#table[code].severity,
        location: null,
        message:
          `${count} more ${code} finding${count === 1 ? '' : 's'} like the ${MAX_MESSAGES_PER_CODE} above ` +
          `${count === 1 ? 'is' : 'are'} not listed.`,
      }),
    );
    return [...this.#messages, ...more];
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

/** A code-table row; `since` defaults to the first version of the service. */
export const check = (severity: MessageSeverity, title: string, spec: SpecRef, since = '0.1.0'): CodeEntry => ({
  severity,
  title,
  spec,
  since,
});
