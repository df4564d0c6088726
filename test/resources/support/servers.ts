/**
 * Real MCP servers for the resource and prompt tests, and the SDK's real `Client` connected to them:
 * `toolkit server --schemas <dir>` (schemas read by the front end, no build) or a built bundle
 * (`node <bundle>.mjs`), each over stdio or Streamable HTTP (`--http 127.0.0.1:0`, the printed URL
 * dialled). Every child gets an explicit environment (a scratch HOME, the test CA when asked for).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const BIN = resolve(repoRoot, 'cli', 'bin.mjs');

export type Target = { readonly kind: 'server'; readonly schemasDir: string; readonly projectDir: string } | { readonly kind: 'bundle'; readonly bundle: string; readonly cwd: string };
export type Transport = 'stdio' | 'http';

export interface Connected {
  readonly client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

function command(target: Target): { args: string[]; cwd: string } {
  return target.kind === 'server'
    ? { args: [BIN, 'server', '--schemas', target.schemasDir, '--project', target.projectDir], cwd: target.projectDir }
    : { args: [target.bundle], cwd: target.cwd };
}

/** Connects a client to the target over the transport; `env` is the child's whole environment (PATH added). */
export async function connect(target: Target, transport: Transport, env: Record<string, string>): Promise<Connected> {
  const { args, cwd } = command(target);
  const childEnv = { PATH: process.env.PATH ?? '', ...env };
  const client = new Client({ name: 'resources-test', version: '1.0.0' });
  if (transport === 'stdio') {
    const stdio = new StdioClientTransport({ command: process.execPath, args, env: childEnv, cwd, stderr: 'pipe' });
    let stderr = '';
    stdio.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await client.connect(stdio);
    return { client, stderr: () => stderr, close: () => client.close() };
  }
  const child: ChildProcess = spawn(process.execPath, [...args, '--http', '127.0.0.1:0'], { env: childEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no URL printed within 30 s; stderr: ${stderr}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    stderr: () => stderr,
    async close() {
      await client.close();
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The JSON-RPC error code and data of a rejected client call (undefined when it did not fail). */
export async function failure(call: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown } | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    const e = error as { code?: number; message?: string; data?: unknown };
    return { code: e.code ?? 0, message: e.message ?? String(error), data: e.data };
  }
}
