/** Runs the `toolkit` CLI in-process with captured streams, as a user at a terminal would see it. */
import { PassThrough } from 'node:stream';
import { main } from '../../../cli/main.ts';

export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await main(argv, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}
