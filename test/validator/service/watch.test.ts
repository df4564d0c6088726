/**
 * Watching: the started service re-assesses a watched endpoint on its schedule (the timer injected,
 * so a round runs when the test fires it, not after an hour). A peer unchanged between two rounds
 * yields no drift; the same peer changed yields one drift event, listed at `/api/drift` and POSTed,
 * signed, to a loopback webhook receiver the documented setting (VALIDATOR_ALLOW_HOSTS) allows. A
 * webhook to an address the SSRF guard forbids is refused and never reached; URLs registered
 * through `/api/watch` are assessed by the next round, a registered target the guard refuses is
 * reported and the round goes on.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { openHistoryStore, type HistoryStore } from '../../../validator-service/history/history-store.ts';
import type { Timer } from '../../../validator-service/watch/schedule.ts';
import type { DriftEvent } from '../../../validator-service/watch/drift-event.ts';
import { startLoopback, type LoopbackPeer } from '../../peers/listen.ts';
import { startSwitchPeer, type SwitchPeer } from './support/switch-peer.ts';

const test = suite('watch');
const HOUR = 3_600_000;

/** A timer that fires only when the test says so. */
function manualTimer() {
  let pending: (() => void) | null = null;
  const delays: number[] = [];
  const timer: Timer = {
    set(fire, ms) {
      pending = fire;
      delays.push(ms);
      return delays.length;
    },
    clear() {
      pending = null;
    },
  };
  return {
    timer,
    delays,
    armed: () => pending !== null,
    fire() {
      const fire = pending;
      pending = null;
      if (!fire) throw new Error('no round is scheduled');
      fire();
    },
  };
}

let peer: SwitchPeer;
let current: 'before' | 'after' = 'before';
let receiver: LoopbackPeer;
const received: { headers: Record<string, string | string[] | undefined>; raw: string }[] = [];
let store: HistoryStore;
let service: RunningValidator;
const clock = manualTimer();
const logs: string[] = [];

test.before(async () => {
  peer = await startSwitchPeer('watched');
  receiver = await startLoopback(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
  store = await openHistoryStore({ path: ':memory:', maxRows: 1000, maxAgeDays: 30 });
  const hosts = [peer.url, receiver.url, peer.before.url].map((u) => new URL(u).host).join(',');
  service = await startValidator({
    port: 0,
    history: store,
    env: {
      VALIDATOR_ALLOW_HOSTS: hosts,
      VALIDATOR_WEBHOOK_SECRET: 'webhook-secret',
      VALIDATOR_DEFAULT_TIMEOUT_MS: '20000',
    },
    watch: {
      urls: [peer.url],
      everyMs: HOUR,
      webhook: new URL(`${receiver.url}/hooks/drift`),
      timer: clock.timer,
      log: (l) => logs.push(l),
    },
  });
  await service.watcher!.idle();
});
test.after(async () => {
  await service?.close();
  await store?.close();
  await receiver?.close();
  await peer?.close();
});

const drift = async (base = service.url, query = '') =>
  ((await (await fetch(`${base}/api/drift${query}`)).json()) as { items: DriftEvent[] }).items;

test('the first round runs at start and stores a baseline; the next is scheduled after the interval', async () => {
  assert.is((await store.list(new URL(peer.url).href, 10)).length, 1);
  assert.ok(clock.armed());
  assert.equal(clock.delays, [HOUR]);
  assert.equal(await drift(), []);
  const watch = (await (await fetch(`${service.url}/api/watch`)).json()) as { every: string; urls: unknown[] };
  assert.equal(watch, { every: '1h', urls: [{ url: new URL(peer.url).href, source: 'file' }] });
});

test('an unchanged endpoint: a second round records no drift and sends nothing', async () => {
  clock.fire();
  await service.watcher!.idle();
  assert.is((await store.list(new URL(peer.url).href, 10)).length, 2);
  assert.equal(await drift(), []);
  assert.is(received.length, 0);
  assert.ok(clock.armed(), 'the round after it is scheduled');
});

test('the endpoint changed: one drift event, listed, delivered signed to the webhook', async () => {
  peer.use((current = 'after'));
  clock.fire();
  await service.watcher!.idle();
  const items = await drift();
  assert.is(items.length, 1);
  const [event] = items;
  const [previous, latest] = [...(await store.list(new URL(peer.url).href, 2))].reverse();
  assert.equal([event!.from.id, event!.to.id], [previous!.id, latest!.id]);
  assert.ok(
    event!.findings.added.some((f) => f.code.startsWith('MCP-')),
    JSON.stringify(event!.findings),
  );
  assert.is(event!.delivery?.status, 'delivered');
  assert.is(event!.delivery?.status === 'delivered' && event!.delivery.httpStatus, 204);
  assert.is(received.length, 1);
  const body = JSON.parse(received[0]!.raw) as { type: string; event: DriftEvent };
  assert.is(body.type, 'validator.drift');
  assert.is(body.event.id, event!.id);
  assert.is(body.event.url, new URL(peer.url).href);
  const signature = createHmac('sha256', 'webhook-secret').update(received[0]!.raw).digest('hex');
  assert.is(received[0]!.headers['x-validator-signature'], `sha256=${signature}`);
  assert.ok(
    logs.some((l) => l.startsWith(`drift at ${new URL(peer.url).href}`)),
    logs.join('\n'),
  );
  assert.equal(
    (await drift(service.url, `?url=${encodeURIComponent(peer.url)}`)).map((e) => e.id),
    [event!.id],
  );
  assert.equal(await drift(service.url, `?url=${encodeURIComponent('https://other.example/')}`), []);
});

test('URLs registered at /api/watch are assessed by the next round; one the guard refuses is reported', async () => {
  const register = (url: string) =>
    fetch(`${service.url}/api/watch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
  assert.is((await register(peer.before.url)).status, 201);
  assert.is((await register(peer.after.url)).status, 201, 'registered: the guard applies when it is assessed');
  assert.is((await register('ftp://x.example/')).status, 400);
  const round = await service.watcher!.round();
  assert.is((await store.list(new URL(peer.before.url).href, 10)).length, 1);
  assert.equal(
    round.failed.map((f) => f.url),
    [new URL(peer.after.url).href],
  );
  assert.match(round.failed[0]!.message, /VALIDATOR_ALLOW_HOSTS/);
  assert.ok(logs.some((l) => l.startsWith(`${new URL(peer.after.url).href} was not assessed`)));
  const q = encodeURIComponent(peer.after.url);
  const remove = () => fetch(`${service.url}/api/watch?url=${q}`, { method: 'DELETE' });
  assert.is((await remove()).status, 200);
  assert.is((await remove()).status, 404);
  const listed = (await (await fetch(`${service.url}/api/watch`)).json()) as { urls: { url: string }[] };
  assert.equal(
    listed.urls.map((u) => u.url),
    [new URL(peer.url).href, new URL(peer.before.url).href],
  );
});

test('a webhook to an address the SSRF guard forbids is refused, recorded, and never reached', async () => {
  for (const forbidden of [`${receiver.url}/hooks/drift`, 'http://169.254.169.254/latest/meta-data']) {
    const before = received.length;
    const own = await openHistoryStore({ path: ':memory:', maxRows: 100, maxAgeDays: 30 });
    const timer = manualTimer();
    const quiet: string[] = [];
    // Only the endpoint is allowed: the receiver's loopback port is not.
    const guarded = await startValidator({
      port: 0,
      history: own,
      env: { VALIDATOR_ALLOW_HOSTS: new URL(peer.url).host, VALIDATOR_DEFAULT_TIMEOUT_MS: '20000' },
      watch: {
        urls: [peer.url],
        everyMs: HOUR,
        webhook: new URL(forbidden),
        timer: timer.timer,
        log: (l) => quiet.push(l),
      },
    });
    try {
      await guarded.watcher!.idle();
      peer.use((current = current === 'after' ? 'before' : 'after'));
      timer.fire();
      await guarded.watcher!.idle();
      const [event] = await drift(guarded.url);
      assert.ok(event, 'the drift is recorded even when its webhook is refused');
      assert.is(event!.delivery?.status, 'refused', JSON.stringify(event!.delivery));
      const message = event!.delivery?.status === 'refused' ? event!.delivery.message : '';
      assert.match(message, /refused to contact .*(loopback|link-local)/);
      assert.is(received.length, before, 'the receiver got nothing');
      assert.ok(
        quiet.some((l) => l.startsWith('webhook refused')),
        quiet.join('\n'),
      );
    } finally {
      await guarded.close();
      await own.close();
    }
  }
});

test.run();
