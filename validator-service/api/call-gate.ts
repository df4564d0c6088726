/**
 * Admission of the assessments one `/mcp` request starts. The request itself was admitted once by
 * the rate limiter; its first tool call uses that slot, and every further call (the members of a
 * JSON-RPC batch) is admitted like a request of its own, so a 100-member batch meets the same rate
 * and concurrency limits as 100 API requests. The gate travels with the request's async context to
 * the tool handlers, which the MCP SDK calls without a way to pass it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Admission } from './rate-limiter.ts';

/** A slot for one call, or why there is none. */
export type CallTicket =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly message: string };

export interface CallGate {
  /** Takes a slot for one tool call; `release` it when the call is done. */
  enter(): CallTicket;
}

/** The gate of one request: the request's own slot first, then fresh admissions. */
export function callGate(
  admit: () => Admission,
  refusal: (admission: Extract<Admission, { ok: false }>) => string,
): CallGate {
  let slotUsed = false;
  return {
    enter() {
      // The request's slot serves its first call only (a request counts once against the rate); it
      // is released by the route when the request ends.
      if (!slotUsed) {
        slotUsed = true;
        return { ok: true, release: () => undefined };
      }
      const admission = admit();
      return admission.ok ? { ok: true, release: admission.release } : { ok: false, message: refusal(admission) };
    },
  };
}

const current = new AsyncLocalStorage<CallGate>();

/** Runs `handle` with `gate` as the gate of every tool call it makes. */
export function withCallGate<T>(gate: CallGate, handle: () => T): T {
  return current.run(gate, handle);
}

/**
 * A slot for a tool call of the current request; always granted outside a request (the tools called
 * in-process, e.g. by tests or an embedding).
 */
export function enterCall(): CallTicket {
  return current.getStore()?.enter() ?? { ok: true, release: () => undefined };
}
