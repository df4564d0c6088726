/**
 * `toolkit validator` as a user runs it: a child process that prints its URL, serves the API on
 * 127.0.0.1, stops cleanly on SIGTERM; configuration mistakes are one line without a stack trace.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { main } from '../../../cli/main.ts';

const bin = new URL('../../../cli/bin.mjs', import.meta.url).pathname;

test(
  'honours PORT (0: a free port), prints its URL on 127.0.0.1, answers /api/health, exits ' + '0 on SIGTERM',
  async () => {
    const child = spawn(process.execPath, [bin, 'validator'], {
      env: { ...process.env, API_TOKEN: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 60_000);
        child.stdout.on('data', () => {
          const match = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const health = await fetch(`${url}/api/health`);
      assert.is(health.status, 200);
      assert.match(out, /auth: open/);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.is(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  },
);

test('a bad configuration value is one line naming the variable, exit 1', async () => {
  const previous = process.env['VALIDATOR_RATE_LIMIT'];
  process.env['VALIDATOR_RATE_LIMIT'] = 'lots';
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (c) => (err += c));
  try {
    const code = await main(['validator', '--port', '0'], { stdout: new PassThrough(), stderr });
    assert.is(code, 1);
    assert.is(err.trim().split('\n').length, 1);
    assert.match(err, /VALIDATOR_RATE_LIMIT must be an integer/);
    assert.not.match(err, /at .*\.ts:\d+/);
  } finally {
    if (previous === undefined) delete process.env['VALIDATOR_RATE_LIMIT'];
    else process.env['VALIDATOR_RATE_LIMIT'] = previous;
  }
});

test('an allowlist entry that is not host or host:port is refused at start', async () => {
  const previous = process.env['VALIDATOR_ALLOW_HOSTS'];
  process.env['VALIDATOR_ALLOW_HOSTS'] = '127.0.0.1:3000,http://x/y';
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (c) => (err += c));
  try {
    assert.is(await main(['validator', '--port', '0'], { stdout: new PassThrough(), stderr }), 1);
    assert.match(err, /VALIDATOR_ALLOW_HOSTS .*http:\/\/x\/y/);
  } finally {
    if (previous === undefined) delete process.env['VALIDATOR_ALLOW_HOSTS'];
    else process.env['VALIDATOR_ALLOW_HOSTS'] = previous;
  }
});

test.run();
