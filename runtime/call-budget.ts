/**
 * One deadline and one abort signal per tool call, shared by the hooks and the upstream request.
 * Built by hand rather than with `AbortSignal.any` + `AbortSignal.timeout`, which cost more per call
 * than the rest of the runtime's own work together; and its signal is not an `AbortSignal` either:
 * making one costs about 16 µs on Node 20 and each `addEventListener` on it 3–4 µs (measured), a
 * tenth of what a whole call may add. `CallSignal` is the part of `AbortSignal` the call path uses,
 * so code that takes one also takes a real `AbortSignal` (tests pass their own).
 *
 * Long-lived sources (the runtime's `closing` signal) get one listener for all calls, not one per
 * call: each budget only joins a set.
 */

/** What the per-call code reads of an abort signal; `AbortSignal` has all of it. */
export interface CallSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface CallBudget {
  readonly signal: CallSignal;
  readonly timeoutMs: number;
  /** Milliseconds left (at least 1). */
  remaining(): number;
  /** True when the deadline, not the client or shutdown, ended the call. */
  timedOut(): boolean;
  dispose(): void;
}

/** A signal aborted once, by its budget; listeners are called in the order they were added. */
class BudgetSignal implements CallSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.#listeners.indexOf(listener);
    if (index >= 0) this.#listeners.splice(index, 1);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
    for (const listener of this.#listeners.splice(0)) listener();
  }
}

/** The budgets running under each long-lived signal (one `abort` listener per signal, not per call). */
const running = new WeakMap<AbortSignal, Set<BudgetSignal>>();

function join(source: AbortSignal, signal: BudgetSignal): () => void {
  let members = running.get(source);
  if (!members) {
    const set = new Set<BudgetSignal>();
    running.set(source, (members = set));
    source.addEventListener(
      'abort',
      () => {
        for (const member of [...set]) member.abort();
      },
      { once: true },
    );
  }
  members.add(signal);
  return () => void members.delete(signal);
}

/**
 * A budget of `timeoutMs` that also ends when one of `signals` aborts. `longLived` signals (the
 * runtime's shutdown signal) are shared by many calls; the others are the call's own.
 */
export function startBudget(
  timeoutMs: number,
  longLived?: AbortSignal,
  ...signals: (AbortSignal | undefined)[]
): CallBudget {
  const signal = new BudgetSignal();
  const deadline = Date.now() + timeoutMs;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    signal.abort();
  }, timeoutMs);
  const onAbort = () => signal.abort();
  let leave: (() => void) | undefined;
  if (longLived?.aborted) signal.abort();
  else if (longLived) leave = join(longLived, signal);
  const sources = signals.filter((s): s is AbortSignal => s !== undefined);
  for (const source of sources) {
    if (source.aborted) signal.abort();
    else source.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal,
    timeoutMs,
    remaining: () => Math.max(1, deadline - Date.now()),
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      leave?.();
      for (const source of sources) source.removeEventListener('abort', onAbort);
    },
  };
}
