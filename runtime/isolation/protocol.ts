/**
 * What crosses between the host and an isolation worker: strings and numbers only. The host never
 * receives a guest object, function or error, and the guest never receives a host one: hook inputs
 * and results cross as JSON text, library and handler code as source text.
 */

/** The limits every guest context runs under. */
export interface GuestLimits {
  /** Heap of one schema's QuickJS runtime, bytes. */
  readonly memoryBytes: number;
  /** QuickJS stack of one schema's runtime, bytes (the worker thread's own stack is far larger). */
  readonly stackBytes: number;
  /** Longest JSON text a hook may return, characters. */
  readonly maxResultChars: number;
}

/** One library's guest code, sent once per worker, named by its content hash. */
export interface LibraryMessage {
  readonly kind: 'library';
  readonly key: string;
  readonly code: string;
}

/** How to build one schema's context: the handler module, its shared lists, its libraries by key. */
export interface DefineMessage {
  readonly kind: 'define';
  readonly schema: number;
  readonly label: string;
  /** The factory expression, printed from the analysed AST; evaluated with the module goal. */
  readonly source: string;
  /** JSON text of the shared lists. */
  readonly lists: string;
  readonly libraries: readonly GuestLibraryUse[];
}

/**
 * One library in a context: under `libraries[name]` when declared; each name of `globals` (and
 * `globalName`, the `Buffer` of `handler-sandbox.ts`) becomes the global `value[name]` (`URL`, …).
 */
export interface GuestLibraryUse {
  readonly name: string;
  readonly key: string;
  readonly declared: boolean;
  readonly globalName?: string;
  readonly globals?: readonly string[];
}

export interface CallMessage {
  readonly kind: 'call';
  readonly id: number;
  readonly schema: number;
  readonly tool: string;
  readonly hook: string;
  /** JSON text of the hook's argument. */
  readonly input: string;
  /** `Date.now()` after which the guest is interrupted. */
  readonly deadline: number;
}

/** Asks for the worker's memory figures (for the bench and diagnostics). */
export interface StatsMessage {
  readonly kind: 'stats';
  readonly id: number;
}

export type ToWorker = LibraryMessage | DefineMessage | CallMessage | StatsMessage;

/** Which limit stopped a call. */
export type Limit = 'time' | 'memory' | 'stack';

export type CallOutcome =
  | { readonly ok: true; readonly value: string }
  | {
      readonly ok: false;
      readonly error: string;
      /** The factory failed (the context was never made). */
      readonly load?: boolean;
      readonly limit?: Limit;
    };

export interface ResultMessage {
  readonly kind: 'result';
  readonly id: number;
  readonly outcome: CallOutcome;
  /** The worker's state can no longer be trusted (a limit was hit): the host replaces it. */
  readonly retire: boolean;
  /** Size of the worker's WebAssembly memory after the call, bytes (the pool's memory budget counts it). */
  readonly wasmBytes?: number;
}

export interface StatsReply {
  readonly kind: 'stats';
  readonly id: number;
  /** Size of the engine's WebAssembly memory, bytes. */
  readonly wasmBytes: number;
  /** Schema contexts loaded. */
  readonly contexts: number;
  /** Heap in use by all loaded contexts (QuickJS's own count), bytes. */
  readonly heapBytes: number;
}

export type FromWorker = ResultMessage | StatsReply;
