/**
 * Starts the runtime as a separate process and connects the SDK's real Client to it, over stdio or
 * Streamable HTTP. Every byte the child writes is kept, so tests can assert that a canary secret
 * never appears in any output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { SchemaModel } from '../../../runtime/model.ts';
import { ownGrantsText } from '../../support/grants.ts';

const ENTRY = resolve(import.meta.dirname, 'serve-models.ts');

/** The secret every process test uses; it must never appear in any captured output. */
/** The run's secret (test/run.mjs sets it and fails any file that prints it); a fixed one when run alone. */
export const CANARY = process.env.TOOLKIT_TEST_CANARY ?? 'CANARY-sk-7f3a9c2e-do-not-leak';

/** Everything any child process or client call produced in this test file. */
export const captured: string[] = [];

export interface Spawned {
  client: Client;
  /** Captured stderr (and stdout for HTTP mode) of the child so far. */
  output(): string;
  url?: string;
  close(): Promise<void>;
}

export interface SpawnOptions {
  schemas: SchemaModel[];
  env?: Record<string, string>;
  caFile: string;
  timeoutMs?: number;
  /** Home directory for `~/.toolkit/.env`; default: a fresh empty one. */
  home?: string;
}

function writeSpec(options: SpawnOptions): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-rt-'));
  const file = join(dir, 'models.json');
  writeFileSync(file, JSON.stringify({ schemas: options.schemas, timeoutMs: options.timeoutMs }));
  return file;
}

function childEnv(options: SpawnOptions): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: options.home ?? mkdtempSync(join(tmpdir(), 'toolkit-home-')),
    NODE_EXTRA_CA_CERTS: options.caFile,
    // Each schema is granted its own server params, as `toolkit add` would (options.env may say otherwise).
    TOOLKIT_GRANTS: ownGrantsText(options.schemas),
    ...options.env,
  };
}

export async function spawnStdio(options: SpawnOptions): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY, writeSpec(options)],
    env: childEnv(options),
    stderr: 'pipe',
    cwd: resolve(import.meta.dirname, '../../..'),
  });
  let output = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    captured.push(chunk.toString('utf8'));
  });
  const client = new Client({ name: 'runtime-test', version: '0.0.0' });
  await client.connect(transport);
  recordMessages(transport);
  return { client, output: () => output, close: () => client.close() };
}

export async function spawnHttp(
  options: SpawnOptions,
  listen = '127.0.0.1:0',
): Promise<Spawned & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, writeSpec(options), '--http', listen], {
    env: childEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: resolve(import.meta.dirname, '../../..'),
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    captured.push(chunk.toString('utf8'));
  };
  child.stderr.on('data', record);
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      record(chunk);
      const match = /listening on (\S+)/.exec(output);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  const client = new Client({ name: 'runtime-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  recordMessages(transport);
  return {
    client,
    child,
    url,
    output: () => output,
    close: async () => {
      await client.close();
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Keeps every protocol message the server sends (results, errors), for the canary check. */
export function recordMessages(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    captured.push(JSON.stringify(message));
    deliver?.(message, extra);
  };
}

/** Text of a result's first content item, recorded for the canary check. */
export function textOf(result: unknown): string {
  captured.push(JSON.stringify(result));
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}

/** Asserts nothing captured so far contains the canary (call in an after hook or a last test). */
export function assertNoCanary(): void {
  for (const text of captured) {
    if (text.includes(CANARY) || text.includes(encodeURIComponent(CANARY)))
      throw new Error(`canary secret leaked in output: ${text.slice(0, 300)}`);
  }
}
