/**
 * The history tests, once per store (`history.test.ts` on SQLite, `history-postgres.test.ts` on a
 * real PostgreSQL server): two assessments through the started service of a URL whose server changed
 * between them, listed, diffed (grade, findings added and removed, tool count moved), one stored
 * result as JSON and Markdown, the badge of the last grade (no assessment triggered, ETag
 * revalidation), every route behind API_TOKEN, retention bounds, drift events and watched URLs
 * kept, a history that survives a restart, and one that cannot be opened refused at start.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startValidator, type RunningValidator } from '../../../../validator-service/server.ts';
import { ConfigError } from '../../../../validator-service/config.ts';
import type { HistoryStore } from '../../../../validator-service/history/history-store.ts';
import type { DriftEvent } from '../../../../validator-service/watch/drift-event.ts';
import { startSwitchPeer, type SwitchPeer } from './switch-peer.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

export interface HistoryBackend {
  /** `SQLite`, `PostgreSQL`: names the suite. */
  readonly name: string;
  /** A new, empty store. */
  open(bounds: { maxRows: number; maxAgeDays: number }, now?: () => number): Promise<HistoryStore>;
  /** The environment naming a new, empty history kept across restarts (a file, a database). */
  persistentEnv(): Promise<Record<string, string>>;
  /** The environment naming a history that cannot be opened, and the setting the error must name. */
  unusableEnv(): { env: Record<string, string>; setting: string };
}

/** Registers and runs the suite on `backend`. */
export function runHistorySuite(
  backend: HistoryBackend,
  setup?: { before?: () => Promise<void>; after?: () => Promise<void> },
) {
  const test = suite(`history on ${backend.name}`);
  let peer: SwitchPeer;
  let endpoint = '';
  let store: HistoryStore;
  let service: RunningValidator;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const json = async <T>(path: string, init?: RequestInit) =>
    (await (await fetch(`${service.url}${path}`, init)).json()) as T;

  test.before(async () => {
    await setup?.before?.();
    peer = await startSwitchPeer();
    endpoint = peer.url;
    store = await backend.open({ maxRows: 100_000, maxAgeDays: 365 });
    const env = { VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host, VALIDATOR_DEFAULT_TIMEOUT_MS: '20000' };
    service = await startValidator({ port: 0, history: store, env });
  });
  test.after(async () => {
    await service?.close();
    await store?.close();
    await peer?.close();
    await setup?.after?.();
  });

  let first = '';
  let second = '';

  test('each answer carries the id it is stored under; the history lists both, newest first', async () => {
    type Answer = { id: string; grade: string; profile: { kind: string } };
    const one = (await (await post('/api/assess', { url: endpoint })).json()) as Answer;
    peer.use('after');
    const two = (await (await post('/api/validate', { url: endpoint })).json()) as Answer;
    assert.match(one.id, /^[A-Za-z0-9_-]{16}$/);
    assert.match(two.id, /^[A-Za-z0-9_-]{16}$/);
    assert.is(one.profile.kind, 'mcp-server');
    first = one.id;
    second = two.id;
    const history = await json<{ items: { id: string; grade: string; kind: string }[] }>(
      `/api/history?url=${encodeURIComponent(endpoint)}`,
    );
    assert.equal(
      history.items.map((i) => i.id),
      [second, first],
    );
    assert.is(history.items[1]!.grade, one.grade);
    assert.is(history.items[0]!.kind, 'mcp-server');
    assert.is(await store.count(), 2);
  });

  test('the diff names what changed: tool count moved, findings added, grade and layer status', async () => {
    const response = await fetch(`${service.url}/api/diff?from=${first}&to=${second}`);
    assert.is(response.status, 200);
    type Diff = {
      changed: boolean;
      grade: { from: string; to: string; changed: boolean };
      findings: { added: { code: string }[]; removed: { code: string }[] };
      facts: { fact: string; from: unknown; to: unknown }[];
      layers: { layer: string; from: string; to: string }[];
    };
    const diff = (await response.json()) as Diff;
    assert.ok(diff.changed);
    assert.equal(
      diff.facts.find((f) => f.fact === 'mcp.toolCount'),
      { fact: 'mcp.toolCount', from: 5, to: 3 },
    );
    assert.ok(
      diff.findings.added.some((f) => f.code.startsWith('MCP-')),
      JSON.stringify(diff.findings.added),
    );
    assert.ok(!diff.facts.some((f) => /Ms$/.test(f.fact)), 'timings are not facts');
    const back = await json<Diff>(`/api/diff?from=${second}&to=${first}`);
    assert.equal(
      back.findings.removed.map((f) => f.code),
      diff.findings.added.map((f) => f.code),
    );
    const same = await json<Diff>(`/api/diff?from=${first}&to=${first}`);
    assert.is(same.changed, false);
    assert.is((await fetch(`${service.url}/api/diff?from=${first}&to=AAAAAAAAAAAAAAAA`)).status, 404);
    assert.is((await fetch(`${service.url}/api/diff?from=${first}`)).status, 400);
  });

  test('one stored result as JSON and as Markdown (export)', async () => {
    const answer = await fetch(`${service.url}/api/assessments/${first}?download`);
    assert.is(answer.status, 200);
    assert.match(answer.headers.get('content-disposition') ?? '', /attachment; filename="assessment-.*\.json"/);
    const item = (await answer.json()) as { id: string; url: string; assessment: { id: string } };
    assert.is(item.assessment.id, first);
    assert.is(item.url, new URL(endpoint).href);
    const md = await fetch(`${service.url}/api/assessments/${first}?format=markdown`);
    assert.match(md.headers.get('content-type') ?? '', /text\/markdown/);
    const permalink = new RegExp(`### .* Grade [ABC] · MCP server[\\s\\S]*stored result\\]\\(/r/${first}\\)`);
    assert.match(await md.text(), permalink);
    assert.is((await fetch(`${service.url}/api/assessments/nope`)).status, 404);
  });

  test('the badge shows the last grade from the history, starts no assessment, revalidates with its ETag', async () => {
    const methods = peer.after.methods.length;
    const q = encodeURIComponent(endpoint);
    const latest = await json<{ items: { grade: string }[] }>(`/api/history?url=${q}&limit=1`);
    const badge = await fetch(`${service.url}/badge?url=${q}`);
    assert.is(badge.status, 200);
    assert.match(badge.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(badge.headers.get('cache-control') ?? '', /public, max-age=300/);
    const svg = await badge.text();
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(svg.includes(`grade ${latest.items[0]!.grade}`));
    const etag = badge.headers.get('etag')!;
    assert.is((await fetch(`${service.url}/badge?url=${q}`, { headers: { 'if-none-match': etag } })).status, 304);
    assert.is(peer.after.methods.length, methods, 'no request reached the endpoint');
    const unknown = await fetch(`${service.url}/badge?url=${encodeURIComponent('https://never.example/')}`);
    assert.match(await unknown.text(), /not assessed/);
  });

  test('API_TOKEN: every history route 401 without it, 200 with it; the permalink page holds no result', async () => {
    const own = await backend.open({ maxRows: 10, maxAgeDays: 1 });
    const env = { API_TOKEN: 'history-token', VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host };
    const guarded = await startValidator({ port: 0, history: own, env });
    try {
      const auth = { authorization: 'Bearer history-token' };
      const init = { method: 'POST', headers: { ...JSON_TYPE, ...auth }, body: JSON.stringify({ url: endpoint }) };
      const made = (await (await fetch(`${guarded.url}/api/assess`, init)).json()) as { id: string };
      const q = encodeURIComponent(endpoint);
      const paths = [
        `/api/history?url=${q}`,
        `/api/diff?from=${made.id}&to=${made.id}`,
        `/api/assessments/${made.id}`,
        `/api/assessments/${made.id}?format=markdown`,
        `/badge?url=${q}`,
        '/api/watch',
        `/api/drift?url=${q}`,
        '/api/drift',
      ];
      for (const path of paths) {
        const open = await fetch(`${guarded.url}${path}`);
        assert.is(open.status, 401, path);
        assert.not.ok((await open.text()).includes(made.id) && !path.includes(made.id), path);
        assert.is((await fetch(`${guarded.url}${path}`, { headers: auth })).status, 200, path);
      }
      const register = { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ url: endpoint }) };
      assert.is((await fetch(`${guarded.url}/api/watch`, register)).status, 401);
      assert.is((await fetch(`${guarded.url}/api/watch?url=${q}`, { method: 'DELETE' })).status, 401);
      assert.equal(await own.watched(), [], 'nothing registered without the token');
      const badge = await fetch(`${guarded.url}/badge?url=${q}`, { headers: auth });
      assert.match(badge.headers.get('cache-control') ?? '', /^private/);
      const page = await fetch(`${guarded.url}/r/${made.id}`);
      assert.is(page.status, 200);
      const shell = 'the page is the UI shell; the result comes through the guarded API';
      assert.not.ok((await page.text()).includes('drifting'), shell);
    } finally {
      await guarded.close();
      await own.close();
    }
  });

  test('retention: at most VALIDATOR_HISTORY_MAX assessments, none older than VALIDATOR_HISTORY_DAYS', async () => {
    const item = await json<{ assessment: never }>(`/api/assessments/${first}`);
    let now = Date.parse('2026-01-01T00:00:00Z');
    const bounded = await backend.open({ maxRows: 3, maxAgeDays: 2 }, () => now);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await bounded.save(item.assessment)).id);
      assert.is(await bounded.count(), 3);
      assert.is(await bounded.get(ids[0]!), null);
      assert.ok(await bounded.get(ids[4]!));
      now += 3 * 86_400_000;
      const fresh = (await bounded.save(item.assessment)).id;
      assert.is(await bounded.count(), 1);
      assert.equal(
        (await bounded.list(new URL(endpoint).href, 10)).map((i) => i.id),
        [fresh],
      );
    } finally {
      await bounded.close();
    }
  });

  test('drift events and watched URLs: kept, listed newest first per URL, delivery recorded, bounded', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const own = await backend.open({ maxRows: 3, maxAgeDays: 2 }, () => now);
    try {
      const event = (n: number, url: string): DriftEvent => ({
        id: `event${String(n).padStart(11, '0')}`,
        url,
        at: new Date(now).toISOString(),
        from: { id: first, startedAt: '', grade: 'A' },
        to: { id: second, startedAt: '', grade: 'C' },
        grade: { from: 'A', to: 'C', changed: true },
        layers: [],
        findings: { added: [], removed: [] },
        delivery: null,
      });
      await own.recordDrift(event(1, 'https://a.example/'));
      await own.recordDrift(event(2, 'https://b.example/'));
      await own.recordDrift(event(3, 'https://a.example/'));
      assert.equal(
        (await own.drift('https://a.example/', 10)).map((e) => e.id),
        [event(3, '').id, event(1, '').id],
      );
      assert.equal(
        (await own.drift(null, 2)).map((e) => e.id),
        [event(3, '').id, event(2, '').id],
      );
      const delivered = { status: 'delivered', httpStatus: 204, at: new Date(now).toISOString() } as const;
      await own.setDelivery(event(1, '').id, delivered);
      assert.equal((await own.drift('https://a.example/', 10))[1]!.delivery, delivered);
      await own.recordDrift(event(4, 'https://c.example/'));
      assert.is((await own.drift(null, 10)).length, 3, 'at most maxRows events');
      now += 3 * 86_400_000;
      await own.recordDrift(event(5, 'https://c.example/'));
      assert.equal(
        (await own.drift(null, 10)).map((e) => e.id),
        [event(5, '').id],
        'older events leave',
      );

      assert.is(await own.watch('https://a.example/'), true);
      assert.is(await own.watch('https://b.example/'), true);
      assert.is(await own.watch('https://a.example/'), false);
      assert.equal(await own.watched(), ['https://a.example/', 'https://b.example/']);
      assert.is(await own.unwatch('https://a.example/'), true);
      assert.is(await own.unwatch('https://a.example/'), false);
      assert.equal(await own.watched(), ['https://b.example/']);
    } finally {
      await own.close();
    }
  });

  test('a history kept across restarts (permalinks survive); one that cannot be opened stops the start', async () => {
    const env = { ...(await backend.persistentEnv()), VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host };
    const one = await startValidator({ port: 0, env });
    const init = { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ url: endpoint }) };
    const made = (await (await fetch(`${one.url}/api/assess`, init)).json()) as { id: string };
    await one.close();
    const two = await startValidator({ port: 0, env });
    try {
      assert.is((await fetch(`${two.url}/api/assessments/${made.id}`)).status, 200);
    } finally {
      await two.close();
    }
    const unusable = backend.unusableEnv();
    const refused = await startValidator({ port: 0, env: unusable.env }).then(
      () => null,
      (error: unknown) => error,
    );
    assert.instance(refused, ConfigError);
    assert.match((refused as Error).message, new RegExp(`^${unusable.setting}: cannot open the history database`));
    assert.not.match((refused as Error).message, /secret-password/, 'a password in the URL is not shown');
  });

  test.run();
}
