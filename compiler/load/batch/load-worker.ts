/**
 * A worker thread's side of loading many schemas: it takes jobs in batches from the thread that
 * started it, loads each with the whole front end (the same `loadSchemaFile` as one file in the
 * main thread) and answers with the results. A `done` message ends it.
 */
import { parentPort } from 'node:worker_threads';
import { loadSchemaFile } from '../load-schema.ts';
import { runJob, type LoadJob } from './load-job.ts';

export type WorkerRequest = { readonly type: 'load'; readonly jobs: readonly LoadJob[] } | { readonly type: 'done' };

/** Serves load requests until `done`; `onDone` runs before the thread lets go of its port. */
export function runLoadWorker(onDone: () => void = () => {}): void {
  const port = parentPort;
  if (!port) throw new Error('runLoadWorker runs in a worker thread');
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'done') {
      onDone();
      port.close();
      return;
    }
    port.postMessage(request.jobs.map((job) => runJob(job, loadSchemaFile)));
  });
  port.postMessage('ready');
}
