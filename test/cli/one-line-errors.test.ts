/**
 * Mistakes and refusals that used to end in a stack trace, through the real binary and a real
 * bundle: a port already taken (`toolkit server --http`, a bundle's `--http`), a reader that stops
 * early (`toolkit validate | head -1`), a project the machine will not let it write. A bundle's own
 * command line: `--help` prints its usage, an unknown option or a stray argument is a usage error
 * (exit 2) that starts no server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { forecastSchema } from './support/catalog.ts';
import { bin, createSandbox, hasStack } from './support/sandbox.ts';

const box = createSandbox('one-line');
let squatter: Server;
let taken = 0;

test.before(async () => {
  squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  taken = (squatter.address() as AddressInfo).port;
  box.write('schemas/providers/forecast/weather.mjs', forecastSchema('https://api.forecast.example'));
  for (let i = 0; i < 40; i++)
    box.write(
      `wild/w${i}.mjs`,
      forecastSchema('https://api.forecast.example')
        .replace(
          "namespace: 'forecast'",
          `namespace: 'wild${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}'`,
        )
        .replace("location: 'query' }", "location: 'body' }"),
    );
  const build = await box.toolkit(['build']);
  assert.is(build.code, 0, build.stderr);
});
test.after(async () => {
  await new Promise<void>((resolve) => squatter.close(() => resolve()));
  box.remove();
});

/** Runs `node <args>` in the project; stdin closed, so a stdio server would stop at once. */
function node(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: box.project, env: box.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const oneLine = (text: string) => {
  assert.is(text.trim().split('\n').length, 1, text);
  assert.not.ok(hasStack(text), text);
};

test('toolkit server --http on a taken port: one line naming the port, exit 1', async () => {
  const run = await box.toolkit(['server', '--http', `127.0.0.1:${taken}`], {
    env: { FORECAST_KEY: 'forecast-key-0123456789', TOOLKIT_GRANTS: 'forecast:FORECAST_KEY' },
  });
  assert.is(run.code, 1, run.stdout + run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `^toolkit server: cannot serve HTTP: 127\\.0\\.0\\.1:${taken} is taken by another process: stop it or choose ` +
        `another port with --http \\(EADDRINUSE\\)\\n$`,
    ),
    run.stderr,
  );
  oneLine(run.stderr);
});

test('a bundle --http on a taken port: one line, exit 1', async () => {
  const run = await node([box.path('generated', 'catalog.mjs'), '--http', `127.0.0.1:${taken}`]);
  assert.is(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `catalog\\.mjs: refusing to start: cannot serve HTTP: 127\\.0\\.0\\.1:${taken} is taken by another process`,
    ),
  );
  assert.not.ok(hasStack(run.stderr), run.stderr);
});

test('a bundle --help prints its usage and exits 0 without serving', async () => {
  const run = await node([box.path('generated', 'catalog.mjs'), '--help']);
  assert.is(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    new RegExp(
      '^Usage: node catalog\\.mjs \\[--http \\[HOST:\\]PORT\\] \\[--listing MODE\\] \\[--ca-file FILE\\] ' +
        '\\[--connect-to H1:P1:H2:P2\\]…\\n',
    ),
  );
  assert.match(run.stdout, /--ca-file FILE {13}also trust the CA certificates in FILE/);
});

test('a bundle with an unknown option, a stray argument or a missing value: exit 2, one line, no server', async () => {
  for (const [args, message] of [
    [['--htpp', '8080'], /^catalog\.mjs: unknown option --htpp; --help lists the options\n$/],
    [['8080'], /^catalog\.mjs: unexpected argument "8080"; --help lists the options\n$/],
    [['--http'], /^catalog\.mjs: --http expects a value, e\.g\. --http 8080 or --http 127\.0\.0\.1:8080\n$/],
    [['--connect-to', 'nonsense'], /^catalog\.mjs: --connect-to nonsense: expected HOST1:PORT1:HOST2:PORT2/],
    [['--ca-file', 'missing.pem'], /^catalog\.mjs: --ca-file missing\.pem cannot be read \(ENOENT\)\n$/],
  ] as [string[], RegExp][]) {
    const run = await node([box.path('generated', 'catalog.mjs'), ...args]);
    assert.is(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
    assert.is(run.stdout, '', 'nothing served');
  }
});

test('a reader that stops early (validate | head -1) ends the command quietly, exit 0', async () => {
  const child = spawn(process.execPath, [bin, 'validate', 'wild'], {
    cwd: box.project,
    env: { ...box.env, TOOLKIT_MODE: 'dev' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  // Like `head -1`: read the first chunk, then close the pipe while the command still writes.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(code, 0, stderr);
  assert.is(stderr, '', 'no stack, nothing said');
});

test('a project the machine will not let it write: one line naming the path, exit 1', async () => {
  const run = await box.toolkit(['add', 'get_elevation_openmeteo', '--project', '/proc/self']);
  assert.is(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /^toolkit add: cannot create the directory \/proc\/self\/\.toolkit: no such file or directory \(ENOENT\)$/m,
  );
  assert.not.ok(hasStack(run.stderr), run.stderr);
});

test('toolkit server --ca-file with no certificate is a usage error naming it', async () => {
  const file = box.write('not-a-ca.pem', 'hello\n');
  const run = await box.toolkit(['server', '--ca-file', file]);
  assert.is(run.code, 2, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `^toolkit server: --ca-file ${join(box.project, 'not-a-ca.pem').replace(/[.]/g, '\\.')} holds no PEM certificate`,
    ),
  );
  oneLine(run.stderr);
});

test.run();
