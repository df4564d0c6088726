// Preloaded into a timed child process (`node --import <this> …`): at exit, writes the CPU time the
// whole process used (user and system, all threads, worker threads included) as JSON to the file
// named by TOOLKIT_BENCH_CPU_FILE, so a bench can report CPU beside wall time.
import { writeFileSync } from 'node:fs';

const file = process.env.TOOLKIT_BENCH_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ userMs: user / 1000, systemMs: system / 1000 }));
  });
}
