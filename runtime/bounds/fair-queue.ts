/**
 * Work of many clients shared fairly: each unit of work (one JSON-RPC request, a batch's member
 * included) runs under its client's key, at most `concurrency` units of all keys at once and at most
 * `perKey` of one key. When a unit ends, the next is taken from the key that has been served least
 * (round robin across keys with work waiting), and a key that had nothing waiting joins just ahead
 * of the others: a new client's request waits for at most the units already running, however many
 * the others have queued. The next unit starts on a later turn of the event loop, so a flood of
 * short units never keeps the thread from reading sockets and answering upstream replies between them.
 */

interface Waiting {
  readonly work: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

interface KeyState {
  readonly key: object;
  readonly queue: Waiting[];
  running: number;
  /** Units started, counted from the least served key's count when the key last became active. */
  served: number;
}

export class FairQueue {
  readonly #concurrency: number;
  readonly #perKey: number;
  readonly #keys = new Map<object, KeyState>();
  #running = 0;
  #scheduled = false;

  constructor(concurrency: number, perKey: number) {
    this.#concurrency = Math.max(1, concurrency);
    this.#perKey = Math.max(1, perKey);
  }

  /** Units running now, of all keys (for tests). */
  get running(): number {
    return this.#running;
  }

  /** Runs `work` when its turn comes; settles as it does. */
  run<T>(key: object, work: () => Promise<T>): Promise<T> {
    let state = this.#keys.get(key);
    if (!state) {
      // Just ahead of every key with work: one unit at once, then it takes its turn like the others.
      state = { key, queue: [], running: 0, served: this.#leastServed() - 1 };
      this.#keys.set(key, state);
    }
    const entry = state;
    return new Promise<T>((resolve, reject) => {
      entry.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#running < this.#concurrency && !this.#scheduled) this.#dispatch();
    });
  }

  #leastServed(): number {
    let least: number | undefined;
    for (const state of this.#keys.values()) if (least === undefined || state.served < least) least = state.served;
    return least ?? 0;
  }

  /** Starts units while there is room, each from the least served key that may run one. */
  #dispatch(): void {
    while (this.#running < this.#concurrency) {
      let chosen: KeyState | undefined;
      for (const state of this.#keys.values()) {
        if (state.queue.length === 0 || state.running >= this.#perKey) continue;
        if (!chosen || state.served < chosen.served) chosen = state;
      }
      if (!chosen) return;
      this.#start(chosen);
    }
  }

  #start(state: KeyState): void {
    const entry = state.queue.shift()!;
    state.running += 1;
    state.served += 1;
    this.#running += 1;
    let result: Promise<unknown>;
    try {
      result = entry.work();
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(entry.resolve, entry.reject).finally(() => {
      state.running -= 1;
      this.#running -= 1;
      if (state.running === 0 && state.queue.length === 0) this.#keys.delete(state.key);
      this.#later();
    });
  }

  /** Dispatches on the next turn of the event loop (after pending I/O), once however many units ended. */
  #later(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#dispatch();
    });
  }
}
