/**
 * How many threads a batch of schema loads may use when the user did not say: one per idle core,
 * judged by the one-minute load average (as `make -l` does). A thread on a core that other work
 * keeps busy costs its compiler's start and gains nothing.
 */
import { availableParallelism, loadavg } from 'node:os';

/** Cores not kept busy by other work, at least one (this thread). */
export function idleThreads(): number {
  return Math.max(1, availableParallelism() - Math.floor(loadavg()[0] ?? 0));
}
