/** What `toolkit build` prints: a progress line per stage on a terminal only, and one summary line. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { runBuildCommand } from '../../compiler/build/run-build-command.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('output');
test.after(() => ws.remove());

async function run(tty: boolean, outName: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runBuildCommand(
    { schemasDir: ws.path('schemas'), outDir: ws.path(outName), projectDir: ws.dir },
    { stdout, stderr, tty },
  );
  return { code, out, err };
}

test('on a terminal each stage prints a progress line; the summary gives counts and bundle sizes', async () => {
  ws.write('schemas/providers/alpha/first.mjs', simpleSchema('alpha', 2));
  ws.write('schemas/providers/beta/second.mjs', simpleSchema('beta', 1));
  const { code, out, err } = await run(true, 'out');
  assert.is(code, 0, err);
  const stages = err.trim().split('\n');
  assert.equal(
    stages.map((line) => line.replace(/^toolkit build: (\w+).*$/, '$1')),
    ['found', 'analysed', 'bundled', 'wrote'],
  );
  assert.match(
    out,
    new RegExp(
      '^2 schemas, 3 tools, 2 rebuilt, 0 cached, bundle sizes: catalog\\.mjs \\d+\\.\\d KB \\(\\d+\\.\\d KB ' +
        'gzip\\)\\ncatalog\\.mjs first listing: tools [\\d,]+ B = [\\d,]+ tokens · .* · tools\\+code [\\d,]+ B = ' +
        '[\\d,]+ tokens\\ntokens: o200k_base .*\\n$',
    ),
  );
  const again = await run(true, 'out');
  assert.match(again.out, /^2 schemas, 3 tools, 0 rebuilt, 2 cached,/);
});

test('off a terminal only the summary is printed', async () => {
  const { code, out, err } = await run(false, 'out-pipe');
  assert.is(code, 0);
  assert.is(err, '');
  assert.match(out, /^2 schemas, 3 tools, 2 rebuilt, 0 cached/);
});

test('--timings prints every step with the milliseconds since the process started, even off a terminal', async () => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (c) => (err += c));
  stdout.resume();
  const code = await runBuildCommand(
    { schemasDir: ws.path('schemas'), outDir: ws.path('out-timed'), projectDir: ws.dir, timings: true },
    { stdout, stderr, tty: false },
  );
  assert.is(code, 0, err);
  const lines = err.trim().split('\n');
  for (const line of lines) assert.match(line, /^toolkit build: +\d+ ms  \S/);
  const steps = lines.map((line) => /^toolkit build: +\d+ ms  (\S+ \S)/.exec(line)?.[1]);
  assert.equal(steps, ['found 2', 'loaded t', 'analysed a', 'esbuild r', 'esbuild f', 'bundled c', 'wrote /']);
  const times = lines.map((line) => Number(/(\d+) ms/.exec(line)![1]));
  assert.equal(
    times,
    [...times].sort((a, b) => a - b),
    'times only grow',
  );
});

test.run();
