/**
 * CPU time a process and its descendants have used so far, all threads, from Linux's /proc (NaN
 * where there is none). On a machine shared with other work, wall-clock latency mostly measures the
 * neighbours; the CPU a server spends per call much less so, which makes it the steadier figure for
 * "what does this path cost" (it leaves out waiting, which is what a quiet machine does not do).
 */
import { readdirSync, readFileSync } from 'node:fs';

function threadsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** CPU ms of `pid` and every process below it (e.g. a server and its query process). */
export function cpuMsOfTree(pid: number | null | undefined): number {
  if (pid === null || pid === undefined) return Number.NaN;
  const tasks = threadsOf(pid);
  if (tasks.length === 0) return Number.NaN;
  let ns = 0;
  const children: number[] = [];
  for (const task of tasks) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      children.push(
        ...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      // a thread that ended meanwhile
    }
  }
  let total = ns / 1e6;
  for (const child of children) {
    const own = cpuMsOfTree(child);
    if (!Number.isNaN(own)) total += own;
  }
  return total;
}

/** CPU ms this process has used so far (all threads). */
export const ownCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
