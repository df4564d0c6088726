/**
 * `npm start` as a process manager sees it: SIGTERM to npm (not to its children) stops the whole
 * tree, the catalog server and the validator included. Nothing is left listening.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { forecastSchema } from './support/catalog.ts';
import { createSandbox, repoRoot } from './support/sandbox.ts';

const box = createSandbox('npm-start');
test.after(() => box.remove());

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ')[1],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number): boolean => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

test('SIGTERM to npm stops npm start and every process it started', async () => {
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema('https://api.forecast.example'));
  const npm = spawn(
    'npm',
    ['start', '--', '--port', '0', '--mcp-port', '0', '--project', box.project, '--out', box.path('generated')],
    { cwd: repoRoot, env: box.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  npm.stdout.on('data', (c) => (output += c));
  npm.stderr.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  let tree: number[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 120_000);
      npm.stdout.on('data', () => {
        if (/Validator UI:\s+\S+/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      npm.once('exit', () => reject(new Error(`npm start exited early:\n${output}`)));
    });
    const mcpUrl = /MCP server \(the catalog\):\s+(\S+)/.exec(output)![1]!;
    const validatorUrl = /Validator UI:\s+(\S+)/.exec(output)![1]!;
    tree = descendants(npm.pid!);
    assert.ok(tree.length >= 2, `npm start runs the CLI and the catalog server: ${tree.join(', ')}`);
    assert.is((await fetch(`${validatorUrl}api/health`)).status, 200);

    npm.kill('SIGTERM');
    await exited;
    const deadline = Date.now() + 15_000;
    while (tree.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(tree.filter(alive), [], 'no process of npm start survives SIGTERM to npm');
    for (const url of [mcpUrl, `${validatorUrl}api/health`]) {
      assert.is(
        await fetch(url).then(
          () => 'answered',
          () => 'refused',
        ),
        'refused',
        url,
      );
    }
    assert.ok(existsSync(box.path('generated', 'catalog.mjs')));
  } finally {
    // What survived (orphans hold this file's output pipes open) is stopped by id.
    for (const pid of [...tree, ...descendants(npm.pid!)]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
});

test.run();
