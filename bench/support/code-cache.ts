/**
 * Built bundles keep a V8 code cache (runtime/code-cache.ts): the first start saves it about a second
 * in, later starts use it. A bench measures both: "first start" with the cache off, and later starts
 * with a cache directory of its own that `warmCodeCache` fills by keeping one start alive until the
 * file is there.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The environment of a start without the cache (what the very first start of a bundle pays). */
export const FIRST_START: Readonly<Record<string, string>> = { TOOLKIT_CODE_CACHE: 'off' };

/** The environment of later starts, reading and saving caches in `dir`. */
export const cachedIn = (dir: string): Readonly<Record<string, string>> => ({ TOOLKIT_CODE_CACHE: dir });

const cacheCount = (dir: string): number =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.v8')).length : 0;

/**
 * Starts `args` with the cache in `dir`, answers a `tools/list`, and waits (up to 15 s) until one more cache file is
 * saved.
 */
export async function warmCodeCache(args: readonly string[], dir: string): Promise<void> {
  const before = cacheCount(dir);
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, ...cachedIn(dir) },
  });
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
  };
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta } })}\n`);
  try {
    for (let waited = 0; cacheCount(dir) === before; waited += 50) {
      if (waited > 15_000) throw new Error(`${args.join(' ')} saved no code cache in ${dir} within 15 s`);
      await sleep(50);
    }
  } finally {
    child.kill();
  }
}
