/**
 * Issue 21, the hook pool shared by every schema: two schemas whose hooks spin to their deadline
 * (each called twice) delayed a third schema's trivial hook by seconds (a pool of max + 1 workers);
 * six schemas keeping 110 MB in their hook contexts took 822 MB of RSS (a worker was replaced only
 * past 1 GiB). Now schemas with nothing running have reserve workers and preempt a runner past its
 * slice, and the pool's memory is one budget (256 MiB of WebAssembly memory by default).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { benignDelay, startBoundsWorld, type BoundsWorld } from './support/bounds-world.ts';
import { schemaFile } from './support/schemas.ts';

const SPIN =
  '({ sharedLists, libraries }) => ({ spin: { executeRequest: async ({ struct, payload }) => { for (;;) {} } } })';
const TRIVIAL =
  '({ sharedLists, libraries }) => ({ answer: { executeRequest: async ({ struct, payload }) => ({ response: { ' +
  'answered: true } }) } })';
const HOARD =
  '({ sharedLists, libraries }) => { let kept; return { hoard: { executeRequest: async ({ struct, payload }) => { if ' +
  '(!kept) { const chunk = "x".repeat(1024 * 1024); kept = []; for (let i = 0; i < 110; i++) kept.push(chunk + i); } ' +
  'return { response: { kept: kept.length } }; } } }; }';
const HOARDERS = ['hoarda', 'hoardb', 'hoardc', 'hoardd', 'hoarde', 'hoardf'];

const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

let world: BoundsWorld;
const test = suite('the hook pool, shared by every schema of a server');

test.before(async () => {
  world = await startBoundsWorld('hook-pool', {}, (origin) => ({
    'spinone/spinone.mjs': schemaFile({
      namespace: 'spinone',
      root: origin,
      tools: { spin: { path: '/x' } },
      handlers: SPIN,
    }),
    'spintwo/spintwo.mjs': schemaFile({
      namespace: 'spintwo',
      root: origin,
      tools: { spin: { path: '/x' } },
      handlers: SPIN,
    }),
    'victim/victim.mjs': schemaFile({
      namespace: 'victim',
      root: origin,
      tools: { answer: { path: '/x' } },
      handlers: TRIVIAL,
    }),
    ...Object.fromEntries(
      HOARDERS.map((namespace) => [
        `${namespace}/${namespace}.mjs`,
        schemaFile({ namespace, root: origin, tools: { hoard: { path: '/x' } }, handlers: HOARD }),
      ]),
    ),
  }));
});
test.after(() => world?.close());

test(
  "two spinning schemas, each called twice, do not hold a third schema's trivial hook until one " + 'of them ends',
  async () => {
    for (const server of await world.serve({ TOOLKIT_TIMEOUT_MS: '15000' })) {
      await benignDelay(server, 60_000);
      const warm = await server.call('answer_victim');
      assert.equal(JSON.parse(warm.text), { answered: true }, warm.text);
      let ended = 0;
      const spinning = ['spin_spinone', 'spin_spinone', 'spin_spintwo', 'spin_spintwo'].map((name) =>
        server.call(name).finally(() => (ended += 1)),
      );
      await new Promise((done) => setTimeout(done, 500));
      const started = Date.now();
      const victim = await server.call('answer_victim');
      const delay = Date.now() - started;
      assert.not.ok(victim.isError, victim.text);
      assert.equal(JSON.parse(victim.text), { answered: true });
      // Its bound is a worker's start (a reserve worker) on an idle machine; on a loaded one, timing is the bench's.
      assert.is(ended, 0, `${server.kind}: the victim's hook answered only after a spinning call ended (${delay} ms)`);
      for (const spin of await Promise.all(spinning)) assert.ok(spin.isError);
    }
  },
);

test("six schemas keeping 110 MB each in their contexts stay within the pool's memory budget", async () => {
  for (const server of await world.serve()) {
    await benignDelay(server, 60_000);
    const before = rssOf(server.pid);
    let peak = before;
    for (const namespace of HOARDERS) {
      const result = await server.call(`hoard_${namespace}`);
      assert.not.ok(result.isError, `${server.kind}: ${result.text}`);
      assert.equal(JSON.parse(result.text), { kept: 110 });
      peak = Math.max(peak, rssOf(server.pid));
    }
    await new Promise((done) => setTimeout(done, 1000));
    const after = rssOf(server.pid);
    // The budget (256 MiB) plus the one context a call may grow past it, plus workers' own heaps.
    assert.ok(
      after - before < 520 * 2 ** 20,
      `${server.kind}: RSS grew by ${Math.round((after - before) / 2 ** 20)} MB (peak ` +
        `${Math.round((peak - before) / 2 ** 20)} MB)`,
    );
    await benignDelay(server);
  }
});

test.run();
