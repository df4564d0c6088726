/**
 * A server serving Streamable HTTP on a free loopback port (a bundle: `[bundle, '--http',
 * '127.0.0.1:0']`; `toolkit server`: `[bin, 'server', '--http', '127.0.0.1:0']`): resolves with the
 * URL it prints once it listens, or fails with its stderr if it exits first.
 */
import { spawn } from 'node:child_process';

export interface HttpServer {
  readonly url: string;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

export interface HttpServerOptions {
  readonly env: Record<string, string>;
  readonly cwd?: string;
  /** See each chunk of the server's stderr and stdout. */
  readonly onStderr?: (text: string) => void;
  readonly onStdout?: (text: string) => void;
}

export async function startHttpServer(args: readonly string[], options: HttpServerOptions): Promise<HttpServer> {
  const child = spawn(process.execPath, args, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    options.onStderr?.(c.toString('utf8'));
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      options.onStdout?.(c.toString('utf8'));
      const match = /listening on (\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`server exited ${code}: ${err}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** A built bundle on HTTP. */
export const startHttpBundle = (bundle: string, env: Record<string, string>): Promise<HttpServer> =>
  startHttpServer([bundle, '--http', '127.0.0.1:0'], { env });
