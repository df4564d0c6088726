/**
 * Bounds a promise that has no cancellation of its own (DNS lookups): it settles with `onTimeout()`
 * after `ms`, or with the abort reason when `signal` aborts, whichever comes first.
 */
export function bounded<T>(promise: Promise<T>, ms: number, onTimeout: () => Error, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const finish = () => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); };
    const onAbort = () => { finish(); reject(signal?.reason); };
    const timer = setTimeout(() => { finish(); reject(onTimeout()); }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then((value) => { finish(); resolve(value); }, (error) => { finish(); reject(error); });
  });
}
