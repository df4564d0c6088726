/**
 * Real MCP servers for the resource and prompt tests, and the SDK's real `Client` connected to them:
 * `toolkit server --schemas <dir>` (schemas read by the front end, no build) or a built bundle
 * (`node <bundle>.mjs`), each over stdio or Streamable HTTP (`--http 127.0.0.1:0`, the printed URL
 * dialled), in either protocol era (`test/support/mcp-eras.ts`: a 2026-07-28 client of the v2 SDK, a
 * 2025-11-25 one, or the v1 SDK's). Every child gets an explicit environment (a scratch HOME, the test
 * CA when asked for).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { connectHttpEra, connectStdioEra, type Era, type EraClient } from '../../support/mcp-eras.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const BIN = resolve(repoRoot, 'cli', 'bin.mjs');

export type Target =
  | { readonly kind: 'server'; readonly schemasDir: string; readonly projectDir: string }
  | { readonly kind: 'bundle'; readonly bundle: string; readonly cwd: string };
export type Transport = 'stdio' | 'http';

/** The calls these tests make, typed as the v2 SDK's `Client` types them, whichever era's client is behind. */
export type ResourceClient = Pick<
  Client,
  | 'listTools'
  | 'callTool'
  | 'listResources'
  | 'listResourceTemplates'
  | 'readResource'
  | 'listPrompts'
  | 'getPrompt'
  | 'getServerCapabilities'
  | 'close'
>;

function typed(client: EraClient): ResourceClient {
  const calls = {
    listTools: (params?: object) => client.listTools(params as never),
    callTool: (params: { name: string; arguments?: object }) => client.callTool(params as never),
    listResources: (params?: object) => client.listResources(params as never),
    listResourceTemplates: (params?: object) => client.listResourceTemplates(params as never),
    readResource: (params: { uri: string }) => client.readResource(params),
    listPrompts: (params?: object) => client.listPrompts(params as never),
    getPrompt: (params: { name: string; arguments?: Record<string, string> }) => client.getPrompt(params),
    getServerCapabilities: () => client.capabilities(),
    close: () => client.close(),
  };
  return calls as unknown as ResourceClient;
}

export interface Connected {
  readonly client: ResourceClient;
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
export async function connect(
  target: Target,
  transport: Transport,
  env: Record<string, string>,
  era: Era = 'v1',
): Promise<Connected> {
  const { args, cwd } = command(target);
  const childEnv = { PATH: process.env.PATH ?? '', ...env };
  if (transport === 'stdio') {
    let stderr = '';
    const client = typed(
      await connectStdioEra(era, {
        command: process.execPath,
        args,
        env: childEnv,
        cwd,
        onStderr: (text) => (stderr += text),
      }),
    );
    return { client, stderr: () => stderr, close: () => client.close() };
  }
  const child: ChildProcess = spawn(process.execPath, [...args, '--http', '127.0.0.1:0'], {
    env: childEnv,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const client = typed(await connectHttpEra(era, { url }));
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
export async function failure(
  call: Promise<unknown>,
): Promise<{ code: number; message: string; data?: unknown } | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    const e = error as { code?: number; message?: string; data?: unknown };
    return { code: e.code ?? 0, message: e.message ?? String(error), data: e.data };
  }
}
