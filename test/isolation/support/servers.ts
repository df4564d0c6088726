/**
 * The two ways a user serves schemas, both real processes over stdio with the SDK's Client:
 * `toolkit server --schemas DIR` (no build) and `node out/catalog.mjs` after `toolkit build`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join, resolve } from 'node:path';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

const BIN = resolve(import.meta.dirname, '../../../cli/bin.mjs');

export interface Served {
  readonly kind: 'toolkit server' | 'built bundle';
  readonly client: Client;
  readonly pid: number;
  /** Everything the server wrote to stderr. */
  stderr(): string;
  call(name: string, args?: Record<string, unknown>): Promise<{ isError: boolean; text: string }>;
  close(): Promise<void>;
}

async function connect(
  kind: Served['kind'],
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Served> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: mkdtempSync(join(tmpdir(), 'toolkit-iso-home-')),
      XDG_CACHE_HOME: join(tmpdir(), 'toolkit-iso-cache'),
      ...env,
    },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const client = new Client({ name: 'isolation-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    kind,
    client,
    pid: transport.pid!,
    stderr: () => err,
    async call(name, callArgs = {}) {
      const result = await client.callTool({ name, arguments: callArgs }, undefined, { timeout: 60_000 });
      const content = (result.content as { type: string; text?: string; data?: string }[]) ?? [];
      return { isError: result.isError === true, text: content.map((c) => c.text ?? c.data ?? '').join('\n') };
    },
    close: () => client.close(),
  };
}

/** `toolkit server --schemas <dir>/schemas --project <dir>`. */
export const startToolkitServer = (dir: string, env: Record<string, string>): Promise<Served> =>
  connect('toolkit server', [BIN, 'server', '--schemas', join(dir, 'schemas'), '--project', dir], env, dir);

/** `node <dir>/out/catalog.mjs` (built first with `toolkit build`). */
export const startBuiltBundle = (dir: string, env: Record<string, string>): Promise<Served> =>
  connect('built bundle', [join(dir, 'out', 'catalog.mjs')], env, dir);

/**
 * Child processes of `pid` right now (from /proc), leaving out esbuild's service process: the
 * toolkit's own tooling (tsx compiles the CLI's TypeScript with it, and `toolkit server` bundles
 * libraries with it), never something a handler could start.
 */
export function childrenOf(pid: number): number[] {
  return allChildrenOf(pid).filter((child) => {
    try {
      return !/esbuild\0--service/.test(readFileSync(`/proc/${child}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

function allChildrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // the process is gone
  }
  return out;
}
