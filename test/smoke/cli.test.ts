import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { main } from '../../cli/main.ts';

test('the CLI answers --version and lists its commands in --help', async () => {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c) => (out += c));
  const code = await main(['--help'], { stdout, stderr: stdout });
  assert.is(code, 0);
  for (const command of ['validate', 'server', 'build', 'validator']) assert.ok(out.includes(`toolkit ${command}`), command);
});

test.run();
