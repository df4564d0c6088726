/**
 * One deadline and one abort signal per tool call, shared by the hooks and the upstream request.
 * Built by hand rather than with `AbortSignal.any` + `AbortSignal.timeout`, which cost more per call
 * than the rest of the runtime's own work together.
 */
export interface CallBudget {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Milliseconds left (at least 1). */
  remaining(): number;
  /** True when the deadline, not the client or shutdown, ended the call. */
  timedOut(): boolean;
  dispose(): void;
}

export function startBudget(timeoutMs: number, ...signals: (AbortSignal | undefined)[]): CallBudget {
  const controller = new AbortController();
  const deadline = Date.now() + timeoutMs;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  const sources = signals.filter((s): s is AbortSignal => s !== undefined);
  for (const source of sources) {
    if (source.aborted) controller.abort();
    else source.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timeoutMs,
    remaining: () => Math.max(1, deadline - Date.now()),
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      for (const source of sources) source.removeEventListener('abort', onAbort);
    },
  };
}
