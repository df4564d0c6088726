/**
 * Spawn → the first `tools/list` answer over stdio, as a client opens a server: the 2026-07-28
 * opening (one enveloped `tools/list`) or the 2025 one (`initialize`, `initialized`, `tools/list`),
 * then a second `tools/list` on the same process (warm). Raw JSON-RPC lines, so the client costs
 * nothing measurable; the child's CPU is read from /proc when it answers.
 */
import { spawn } from 'node:child_process';
import { cpuMsOfTree } from './process-cpu.ts';
import { startEnv } from './node-start.ts';

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
};
export type Opening = 'modern' | 'legacy';

export interface Run {
  readonly ms: number;
  readonly cpuMs: number;
  readonly tools: number;
  /** The second `tools/list` on the same process, ms. */
  readonly warmMs: number;
}

/**
 * Spawn → first `tools/list` answer (raw JSON-RPC), then a second one on the same process; `env` is added to the
 * child's (`startEnv`).
 */
export function spawnToList(
  args: readonly string[],
  opening: Opening,
  env: Readonly<Record<string, string>> = {},
): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env: startEnv(env) });
    const meta = opening === 'modern' ? { _meta: modernMeta } : {};
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    let text = '';
    let first: { ms: number; cpuMs: number; tools: number } | undefined;
    let warm: { at: number } | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      let newline: number;
      while ((newline = text.indexOf('\n')) >= 0) {
        const line = text.slice(0, newline);
        text = text.slice(newline + 1);
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } };
        const now = performance.now();
        if (message.id === 2) {
          first = { ms: now - started, cpuMs: cpuMsOfTree(child.pid), tools: message.result?.tools?.length ?? -1 };
          send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: meta });
          warm = { at: now };
        } else if (message.id === 3 && first && warm) {
          return finish({ ...first, warmMs: now - warm.at });
        }
      }
    });
    let settled = false;
    const finish = (run: Run) => {
      settled = true;
      child.kill();
      done(run);
    };
    child.once('error', fail);
    child.once('exit', (code) => {
      if (!settled) fail(new Error(`${args.join(' ')} exited with ${code} before answering`));
    });
    if (opening === 'legacy') {
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
      });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    }
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: meta });
  });
}
