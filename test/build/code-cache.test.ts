/**
 * A built bundle's launcher compiles its code with V8's code cache (runtime/code-cache.ts): the first
 * start saves the cache, private to the user; later starts use it; a cache that is corrupt, made for
 * other code, or writable by others is never used (the server starts and serves either way); a
 * missing code file stops the bundle with one line naming it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  chmodSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectStdio, runBundle } from './support/mcp-clients.ts';
import { buildWorkspace } from './support/run-cli.ts';
import { simpleSchema } from './support/schema-files.ts';
import { createWorkspace } from './support/workspace.ts';

const ws = createWorkspace('code-cache');
/** Longer than the launcher waits before it saves (SAVE_AFTER_MS), with room for a busy machine. */
const SAVE_WAIT_MS = 2500;

test.before(async () => {
  ws.write('schemas/providers/weather/forecast.mjs', simpleSchema('weather', 2));
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
});
test.after(() => ws.remove());

/** A copy of the build output with its own cache directory. */
function copy(name: string): { bundle: string; code: string; cache: string } {
  cpSync(ws.path('out'), ws.path(name), { recursive: true });
  return {
    bundle: ws.path(name, 'catalog.mjs'),
    code: ws.path(name, 'catalog.code.cjs'),
    cache: ws.path(`${name}-cache`),
  };
}

const cacheFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.v8')) : [];

/**
 * Starts the bundle, lists its tools, stays up long enough for the cache to be saved; returns the server's name and the
 * tools.
 */
async function serve(bundle: string, env: Record<string, string>): Promise<{ server: string; tools: string[] }> {
  const { client, close } = await connectStdio(bundle, env);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    await sleep(SAVE_WAIT_MS);
    return { server: client.getServerVersion()?.name ?? '', tools };
  } finally {
    await close();
  }
}

test('the first start saves the cache, private to the user; the next start uses it and leaves it', async () => {
  const { bundle, cache } = copy('first');
  const first = await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  assert.equal(first.tools, ['tool0_weather', 'tool1_weather']);
  const [name] = cacheFiles(cache);
  assert.ok(name, 'a cache file was saved');
  const file = join(cache, name);
  assert.is(statSync(cache).mode & 0o777, 0o700);
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.ok(readFileSync(file, 'latin1').startsWith(`toolkit code cache 2 ${process.version} ${process.arch} file `));
  const saved = readFileSync(file);
  const second = await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  assert.equal(second, first);
  // Had V8 refused it (or the launcher not read it), the launcher would have saved a new one.
  assert.ok(readFileSync(file).equals(saved), 'the cache was used, not saved again');
  assert.equal(cacheFiles(cache), [name]);
});

test('a corrupt cache costs only the saving: the server serves, and a good cache replaces it', async () => {
  const { bundle, cache } = copy('corrupt');
  await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  const file = join(cache, cacheFiles(cache)[0]!);
  const text = readFileSync(file);
  const header = text.subarray(0, text.indexOf(10) + 1);
  writeFileSync(file, Buffer.concat([header, Buffer.alloc(4096, 0xa5)]));
  const served = await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  assert.equal(served.tools, ['tool0_weather', 'tool1_weather']);
  assert.ok(statSync(file).size > 4096 + header.length, 'the corrupt cache was replaced');
});

test('edited code never runs on the cache of the code it replaced, even at the same size and time', async () => {
  const { bundle, code, cache } = copy('edited');
  assert.is((await serve(bundle, { TOOLKIT_CODE_CACHE: cache })).server, 'toolkit-catalog');
  const before = statSync(code);
  const text = readFileSync(code, 'utf8');
  assert.ok(text.includes('BUNDLE="catalog"'));
  writeFileSync(code, text.replace('BUNDLE="catalog"', 'BUNDLE="katalog"'));
  utimesSync(code, before.atime, before.mtime);
  assert.is(statSync(code).size, before.size);
  assert.is((await serve(bundle, { TOOLKIT_CODE_CACHE: cache })).server, 'toolkit-katalog');
});

test('a cache file others may write is not used, and is replaced by a private one', async () => {
  const { bundle, code, cache } = copy('shared');
  await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  const file = join(cache, cacheFiles(cache)[0]!);
  // A cache of the original code, under the key of edited code: used, it would run the original.
  const original = readFileSync(file);
  const text = readFileSync(code, 'utf8');
  writeFileSync(code, text.replace('BUNDLE="catalog"', 'BUNDLE="katalog"'));
  rmSync(cache, { recursive: true });
  await serve(bundle, { TOOLKIT_CODE_CACHE: cache });
  const editedKey = readFileSync(file).subarray(0, readFileSync(file).indexOf(10) + 1);
  writeFileSync(file, Buffer.concat([editedKey, original.subarray(original.indexOf(10) + 1)]));
  chmodSync(file, 0o666);
  assert.is((await serve(bundle, { TOOLKIT_CODE_CACHE: cache })).server, 'toolkit-katalog');
  assert.is(statSync(file).mode & 0o777, 0o600, 'saved again, private');
});

test('TOOLKIT_CODE_CACHE=off saves nothing', async () => {
  const { bundle, cache } = copy('off');
  assert.equal((await serve(bundle, { TOOLKIT_CODE_CACHE: 'off', XDG_CACHE_HOME: cache })).tools, [
    'tool0_weather',
    'tool1_weather',
  ]);
  assert.equal(cacheFiles(join(cache, 'toolkit', 'code')), []);
});

test(
  'a cache directory that cannot be made (below /proc) costs only the saving: the server ' + 'keeps answering',
  async () => {
    const { bundle } = copy('unmakeable');
    // Node 20's recursive mkdirSync spins for ever below /proc: the event loop would never answer again.
    const { client, close } = await connectStdio(bundle, { TOOLKIT_CODE_CACHE: '/proc/nonexistent/toolkit/code' });
    try {
      await client.listTools();
      await sleep(SAVE_WAIT_MS);
      const later = await Promise.race([client.listTools(), sleep(10_000).then(() => undefined)]);
      assert.ok(later, 'answered after the launcher tried to save the cache');
      assert.equal(
        later.tools.map((tool) => tool.name),
        ['tool0_weather', 'tool1_weather'],
      );
    } finally {
      await close();
    }
  },
);

test('a bundle without its code file refuses to start, naming it', async () => {
  const { bundle, code } = copy('missing');
  rmSync(code);
  const run = await runBundle(bundle);
  assert.is(run.code, 1);
  assert.ok(
    run.stderr.includes(`${bundle}: refusing to start: catalog.code.cjs cannot be read beside the bundle (ENOENT)`),
    run.stderr,
  );
  assert.is(run.stdout, '');
});

test.run();
