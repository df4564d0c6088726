/**
 * What a timed child process starts with, and node's own start beside it.
 *
 * `NODE_EXTRA_CA_CERTS` makes node build its whole root certificate store before running any
 * JavaScript: measured on the 2-CPU VM this project is developed on, `node -e ''` takes about 20 ms
 * without it and 55–90 ms with it (the variable pointing at the system bundle or at one certificate
 * costs the same). Some machines set it for every process (this VM does), most users' do not, and
 * nothing a server does can avoid it. So the processes a start-up bench times are spawned without
 * it, and the floor line prints node's start both ways where the variable is set, so the figure a
 * machine with the variable would see can be read off too.
 */
import { spawn } from 'node:child_process';

/** This process's environment without `NODE_EXTRA_CA_CERTS`, plus `extra`. */
export function startEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (key !== 'NODE_EXTRA_CA_CERTS' && value !== undefined) env[key] = value;
  return { ...env, ...extra };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function spawnEmpty(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  await new Promise<void>((done) =>
    spawn(process.execPath, ['-e', ''], { stdio: 'ignore', env }).once('exit', () => done()),
  );
  return performance.now() - started;
}

export interface NodeStart {
  /** Median ms of `node -e ''` spawned as the benches spawn their servers (no `NODE_EXTRA_CA_CERTS`). */
  readonly ms: number;
  /** The same with this machine's `NODE_EXTRA_CA_CERTS`, when it sets one. */
  readonly withExtraCaMs: number | undefined;
}

/** Node's own start, median of `spawns` (interleaved with the variable set, when it is). */
export async function nodeStart(spawns: number): Promise<NodeStart> {
  const plain: number[] = [];
  const withCa: number[] = [];
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  for (let i = 0; i < spawns; i++) {
    plain.push(await spawnEmpty(startEnv()));
    if (extraCa) withCa.push(await spawnEmpty(startEnv({ NODE_EXTRA_CA_CERTS: extraCa })));
  }
  return { ms: median(plain), withExtraCaMs: extraCa ? median(withCa) : undefined };
}

/** The floor line every start-up table prints. */
export function nodeStartLine(start: NodeStart): string {
  const withCa =
    start.withExtraCaMs === undefined
      ? ''
      : `; ${start.withExtraCaMs.toFixed(0)} ms with this machine's NODE_EXTRA_CA_CERTS, which makes node load its ` +
        `root certificates before any code runs: servers here are spawned without it, add the difference for a ` +
        `machine that sets it`;
  return `node -e '' (process start alone): ${start.ms.toFixed(0)} ms${withCa}\n`;
}
