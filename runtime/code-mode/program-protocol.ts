/**
 * What crosses between the host and a code-mode worker: strings and numbers only. Programs, the
 * catalog, tool inputs and results, and answers cross as text; no host object reaches the guest.
 */

/** The limits of one run, as the guest harness reads them. */
export interface GuestRunLimits {
  /** Lines `console.log` may write. */
  readonly logLines: number;
  /** Characters one line keeps. */
  readonly logLineChars: number;
  /** Characters of the program's answer as JSON. */
  readonly outputChars: number;
  /** Characters of one tool call's input as JSON. */
  readonly inputChars: number;
}

export interface RunMessage {
  readonly kind: 'run';
  readonly id: number;
  /** The JavaScript to evaluate: declares the program function (see `program-check.ts`). */
  readonly js: string;
  /** JSON of the catalog: tool names by namespace. */
  readonly catalog: string;
  /** JSON of `GuestRunLimits`. */
  readonly limits: string;
  /** Heap of the run's QuickJS runtime, bytes. */
  readonly memoryBytes: number;
  /** `Date.now()` after which the guest is interrupted. */
  readonly deadline: number;
}

export interface AnswerMessage {
  readonly kind: 'answer';
  readonly id: number;
  readonly call: number;
  readonly ok: boolean;
  /** JSON of the tool's parsed result, or the error text. */
  readonly text: string;
}

/** Ends a run at once (its deadline, a budget, a cancelled request). */
export interface AbortMessage {
  readonly kind: 'abort';
  readonly id: number;
}

export type ToProgramWorker = RunMessage | AnswerMessage | AbortMessage;

/** One tool call the program made. */
export interface GuestToolCall {
  readonly id: number;
  readonly namespace: string;
  readonly tool: string;
  /** JSON of the input. */
  readonly input: string;
}

export interface CallsMessage {
  readonly kind: 'calls';
  readonly id: number;
  /** JSON of `GuestToolCall[]`. */
  readonly calls: string;
}

/** Which budget ended a run. */
export type Budget = 'calls' | 'time' | 'memory' | 'output' | 'logLines';

export type RunOutcome =
  | { readonly ok: true /** JSON of the answer. */; readonly value: string; readonly logs: readonly string[] }
  | { readonly ok: false; readonly error: string; readonly budget?: Budget; readonly logs: readonly string[] };

export interface DoneMessage {
  readonly kind: 'done';
  readonly id: number;
  readonly outcome: RunOutcome;
  /** The worker's WebAssembly memory after the run, bytes; past its retirement size it asks to be replaced. */
  readonly retire: boolean;
}

export type FromProgramWorker = CallsMessage | DoneMessage;
