import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { main } from '../../cli/main.ts';

async function run(argv: string[]): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c) => (out += c));
  const code = await main(argv, { stdout, stderr: stdout }, { ...process.env, TOOLKIT_MODE: 'dev' });
  return { code, out };
}

test('the CLI answers --version and lists its commands in --help', async () => {
  const help = await run(['--help']);
  assert.is(help.code, 0);
  for (const command of [
    'search',
    'add',
    'call',
    'remove',
    'list',
    'status',
    'mode',
    'validate',
    'validate-agent',
    'server',
    'build',
    'start',
    'validator',
  ]) {
    assert.match(help.out, new RegExp(`^  ${command}\\b`, 'm'), command);
  }
  const version = await run(['--version']);
  assert.is(version.code, 0);
  assert.match(version.out, /^toolkit \d+\.\d+\.\d+\n$/);
});

test.run();
