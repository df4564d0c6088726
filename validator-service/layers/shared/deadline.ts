/**
 * Per-request time limits bounded by the overall deadline: a slow probe must fail on its own with a
 * timeout finding instead of consuming the whole assessment, and nothing may outlive `ctx.signal`.
 */
import type { LayerContext } from '../layer.ts';

/**
 * A signal that aborts at the overall deadline or after `ms`, whichever comes first. The default
 * leaves a fifth of the budget so the layer can still report the timeout before the deadline.
 */
export function requestSignal(ctx: Pick<LayerContext, 'signal' | 'timeoutMs'>, ms = ctx.timeoutMs * 0.8): AbortSignal {
  const limit = Math.max(1, Math.round(Math.min(ms, ctx.timeoutMs)));
  return AbortSignal.any([ctx.signal, AbortSignal.timeout(limit)]);
}

/**
 * Bounds a promise that has no cancellation of its own (SDK calls, DNS lookups): it rejects with
 * the signal's reason when `signal` aborts first, or with `timeout.error()` after `timeout.ms`.
 */
export function raceSignal<T>(
  promise: Promise<T>,
  signal?: AbortSignal,
  timeout?: { readonly ms: number; readonly error: () => Error },
): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    const timer = timeout
      ? setTimeout(() => {
          finish();
          reject(timeout.error());
        }, timeout.ms)
      : undefined;
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
  });
}
