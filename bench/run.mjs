#!/usr/bin/env node
// Runs every `bench/*.bench.ts` (or the ones named) one after another, each in its own process so
// one benchmark's warm caches and heap do not flatter the next. Each prints its own short table.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = readdirSync(join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  // The soak runs for minutes: only when named (`npm run bench soak`).
  .filter((name) => (only.length === 0 ? name !== 'soak.bench.ts' : only.some((o) => name.includes(o))))
  .sort();

let failures = 0;
for (const name of files) {
  process.stdout.write(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(root, 'bench', name)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failures += 1;
}
process.exitCode = failures > 0 ? 1 : 0;
