/**
 * `toolkit start` when something goes wrong: a build that cannot run is one line and exit 1 (no stack
 * trace), and a catalog server that crashes ends `start` with exit 1 and says so.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { simpleSchema } from '../build/support/schema-files.ts';
import { createWorkspace, repoRoot } from '../build/support/workspace.ts';

const ws = createWorkspace('start-failures');
const children: ChildProcess[] = [];
test.after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  ws.remove();
});

function start(cwd: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'cli', 'bin.mjs'),
      'start',
      '--port',
      '0',
      '--mcp-port',
      '0',
      '--schemas',
      'schemas',
      '--out',
      'out',
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

test('a bad .toolkit/config.json: one line, exit 1, no stack trace', async () => {
  ws.write('bad/schemas/providers/alpha/api.mjs', simpleSchema('alpha', 1));
  ws.write('bad/.toolkit/config.json', '{ not json');
  const run = start(ws.path('bad'));
  const code = await run.exited;
  assert.is(code, 1, run.output());
  assert.not.match(run.output(), /^\s+at /m, run.output());
  assert.match(run.output(), /^toolkit start: the build failed/m);
});

test('the catalog server crashing ends start with exit 1 and a line naming it', async () => {
  ws.write('good/schemas/providers/alpha/api.mjs', simpleSchema('alpha', 1));
  const run = start(ws.path('good'));
  const started = Date.now();
  while (!/Validator UI:/.test(run.output())) {
    if (Date.now() - started > 60_000 || run.child.exitCode !== null)
      throw new Error(`start did not come up:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The catalog server is the child of start running the bundle (esbuild's service is another child).
  const listing = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(run.child.pid)], { encoding: 'utf8' }).stdout;
  const server = listing
    .split('\n')
    .filter((line) => line.includes(join(ws.path('good'), 'out', 'catalog.mjs')))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
  assert.is(server.length, 1, `one catalog server among the children of start:\n${listing}`);
  process.kill(server[0]!, 'SIGKILL');
  const code = await run.exited;
  assert.is(code, 1, run.output());
  assert.match(run.output(), /^toolkit start: the catalog server stopped \(signal SIGKILL\)$/m);
});

test.run();
