/**
 * Worker threads that load jobs from a queue the calling thread shares (it loads from the same queue
 * meanwhile): each worker holds two batches, so it starts the next while its answer travels, and
 * takes another as each is answered, so a slow file (or a busy core) holds up nothing else. Each
 * worker starts a TypeScript compiler of its own (a few hundred milliseconds), which is why the
 * caller starts workers only for enough files. A worker's stack is the size of the main thread's:
 * how deep a file may nest before it is reported (PAR006) must not depend on the thread that loaded
 * it. Jobs a worker leaves unanswered (it crashed, or could not start) are handed back. Workers may
 * be started before their queue is filled (`filling`): they wait for `close()` instead of ending.
 */
import { Worker } from 'node:worker_threads';
import type { LoadAnswer, LoadJob } from './load-job.ts';
import type { WorkerRequest } from './load-worker.ts';

/** V8's default stack of the main thread (984 KB) plus what Node keeps back in a worker (192 KB). */
const MAIN_THREAD_STACK_MB = (984 + 192) / 1024;
/** Jobs in one batch: few enough to balance the threads, enough that messages cost little. */
export const BATCH = 8;

export interface WorkerRun {
  /** Resolves, once every worker has ended, with the jobs no worker answered. */
  readonly unanswered: Promise<LoadJob[]>;
  /** Ends the workers that hold no job (the queue is empty: one still starting would only be waited for). */
  stopIdle(): void;
  /** The queue is filled: workers waiting for jobs take them (or end when there are none). */
  close(): void;
}

export interface WorkerOptions {
  /** True: the queue is still being filled; workers wait for `close()` rather than end on an empty queue. */
  readonly filling?: boolean;
}

/** Loads jobs taken from `queue` on `count` worker threads until it is empty. */
export function loadOnWorkers(
  queue: LoadJob[],
  count: number,
  onAnswer: (answer: LoadAnswer) => void,
  { filling = false }: WorkerOptions = {},
): WorkerRun {
  const unanswered: LoadJob[] = [];
  const entry = new URL('./load-worker-entry.mjs', import.meta.url);
  const idle = new Set<() => void>();
  let open = filling;
  /** Workers ready for jobs while the queue was being filled. */
  const waiting = new Set<() => void>();

  const serve = (): Promise<void> =>
    new Promise((resolveRun) => {
      const inFlight: LoadJob[][] = [];
      let ended = false;
      const worker = new Worker(entry, { resourceLimits: { stackSizeMb: MAIN_THREAD_STACK_MB } });
      const stop = () => {
        if (inFlight.length === 0) void worker.terminate();
      };
      idle.add(stop);
      const send = (request: WorkerRequest) => worker.postMessage(request);
      const refill = () => {
        while (inFlight.length < 2 && queue.length > 0) {
          const jobs = queue.splice(0, BATCH);
          inFlight.push(jobs);
          send({ type: 'load', jobs });
        }
        if (inFlight.length > 0) return;
        if (open) waiting.add(refill);
        else send({ type: 'done' });
      };
      worker.on('message', (message: 'ready' | LoadAnswer[]) => {
        if (message !== 'ready') {
          inFlight.shift();
          for (const answer of message) onAnswer(answer);
        }
        refill();
      });
      const end = () => {
        if (ended) return;
        ended = true;
        idle.delete(stop);
        waiting.delete(refill);
        for (const jobs of inFlight.splice(0)) unanswered.push(...jobs);
        resolveRun();
      };
      worker.on('error', end);
      worker.on('exit', end);
    });

  const all = Promise.all(Array.from({ length: count }, serve));
  const close = (): void => {
    open = false;
    for (const refill of [...waiting]) {
      waiting.delete(refill);
      refill();
    }
  };
  return { unanswered: all.then(() => unanswered), stopIdle: () => idle.forEach((stop) => stop()), close };
}
