/**
 * Real MCP SDK clients for a generated bundle: over stdio (the SDK spawns `node <bundle>`) and over
 * Streamable HTTP (the bundle spawned with `--http 127.0.0.1:0`, its printed URL dialled).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface Connected {
  readonly client: Client;
  close(): Promise<void>;
}

/** A stdio client of `node <bundle> [args]`; `env` is added to the child's environment. */
export async function connectStdio(
  bundle: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundle, ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'build-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** Starts `node <bundle> --http 127.0.0.1:0`, waits for the URL it prints, and connects a client. */
export async function connectHttp(
  bundle: string,
  env: Record<string, string> = {},
): Promise<Connected & { readonly url: string }> {
  const child: ChildProcess = spawn(process.execPath, [bundle, '--http', '127.0.0.1:0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s; stderr: ${err}`)), 20_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\S*)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  const client = new Client({ name: 'build-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    url,
    async close() {
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs `node <bundle>` to completion (for bundles expected to refuse to start or to stop) with a time limit; `input` is
 * written to its stdin.
 */
export function runBundle(
  bundle: string,
  args: string[] = [],
  timeoutMs = 20_000,
  input = '',
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    if (input) child.stdin.write(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/** Runs `node <args>` asynchronously (so in-process upstreams keep answering) and collects its output. */
export function runNode(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
