/**
 * A built bundle serving Streamable HTTP on a free loopback port (`node <bundle> --http 127.0.0.1:0`):
 * resolves with the URL it prints once it listens, or fails with its stderr if it exits first.
 */
import { spawn } from 'node:child_process';

export interface HttpBundle {
  readonly url: string;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

export async function startHttpBundle(bundle: string, env: Record<string, string>): Promise<HttpBundle> {
  const child = spawn(process.execPath, [bundle, '--http', '127.0.0.1:0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const match = /listening on (\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`bundle exited ${code}: ${err}`)));
  });
  return { url, stop: () => new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); }) };
}
