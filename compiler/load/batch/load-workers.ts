/**
 * Loads jobs on worker threads, each taking the next few jobs as soon as it has answered the last,
 * so a slow file (or a busy core) holds up nothing else. Each worker starts the TypeScript
 * compiler itself (a few hundred milliseconds), which is why the caller uses workers only for
 * enough files. A worker's stack is the size of the main thread's: how deep a file may nest before
 * it is reported (PAR006) must not depend on which thread loaded it. Jobs a worker leaves unanswered
 * (it crashed, or could not start) are handed back for the caller to load itself.
 */
import { Worker } from 'node:worker_threads';
import type { LoadAnswer, LoadJob } from './load-job.ts';
import type { WorkerRequest } from './load-worker.ts';

/** V8's default stack of the main thread (984 KB) plus what Node keeps back in a worker (192 KB). */
const MAIN_THREAD_STACK_MB = (984 + 192) / 1024;
/** Jobs handed to a worker at a time: few enough to balance, enough to keep it busy while its answer travels. */
const BATCH = 8;

export interface WorkerRun {
  /** Jobs no worker answered, to load in the calling thread. */
  readonly unanswered: LoadJob[];
}

/** Loads `jobs` on `count` worker threads; `onAnswer` gets each answer as it comes. */
export async function loadOnWorkers(jobs: readonly LoadJob[], count: number, onAnswer: (answer: LoadAnswer) => void): Promise<WorkerRun> {
  const queue = [...jobs];
  const unanswered: LoadJob[] = [];
  const entry = new URL('./load-worker-entry.mjs', import.meta.url);

  const serve = (): Promise<void> =>
    new Promise((resolveRun) => {
      let pending: LoadJob[] = [];
      let finished = false;
      const worker = new Worker(entry, { resourceLimits: { stackSizeMb: MAIN_THREAD_STACK_MB }, stdout: false, stderr: false });
      const send = (request: WorkerRequest) => worker.postMessage(request);
      const next = () => {
        pending = queue.splice(0, BATCH);
        if (pending.length > 0) send({ type: 'load', jobs: pending });
        else {
          finished = true;
          send({ type: 'done' });
        }
      };
      worker.on('message', (message: 'ready' | LoadAnswer[]) => {
        if (message !== 'ready') for (const answer of message) onAnswer(answer);
        next();
      });
      const end = () => {
        if (!finished) unanswered.push(...pending);
        finished = true;
        pending = [];
        resolveRun();
      };
      worker.on('error', end);
      worker.on('exit', end);
    });

  await Promise.all(Array.from({ length: count }, serve));
  // A worker that ended early left its batch behind, and perhaps the queue with it.
  unanswered.push(...queue.splice(0));
  return { unanswered };
}
