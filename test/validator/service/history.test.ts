/**
 * The validator's history through the started service: two assessments of one URL whose server
 * changed between them (a loopback switch in front of two official-SDK MCP servers), listed, diffed
 * (grade, findings added and removed, tool count moved), one stored result as JSON and Markdown, the
 * badge of the last grade (no assessment triggered, ETag revalidation), every new route behind
 * API_TOKEN, retention bounds, a history file that survives a restart, a bad path refused at start.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, request, type Server } from 'node:http';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { ConfigError } from '../../../validator-service/config.ts';
import { openHistoryStore } from '../../../validator-service/history/history-store.ts';
import { closeServer, listen } from '../../peers/listen.ts';
import { startStreamableMcpServer, type StreamablePeer } from '../../peers/mcp-streamable-server.ts';
import { createSandbox } from '../../cli/support/sandbox.ts';

const test = suite('history');
let before: StreamablePeer;
let after: StreamablePeer;
let target: StreamablePeer;
let switchServer: Server;
let endpoint = '';
let service: RunningValidator;

/** A loopback front that forwards every request to the server `target` names at the time. */
async function startSwitch(): Promise<string> {
  switchServer = createServer((req, res) => {
    const to = new URL(target.url);
    const upstream = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await listen(switchServer);
  return `http://127.0.0.1:${port}/mcp`;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test.before(async () => {
  before = await startStreamableMcpServer({ name: 'drifting', toolCount: 5 });
  after = await startStreamableMcpServer({ name: 'drifting', toolCount: 3, failingLists: true });
  target = before;
  endpoint = await startSwitch();
  service = await startValidator({ port: 0, env: { VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host, VALIDATOR_DEFAULT_TIMEOUT_MS: '20000' } });
});
test.after(async () => {
  await service?.close();
  if (switchServer) await closeServer(switchServer);
  await before?.close();
  await after?.close();
});

let first = '';
let second = '';

test('each answer carries the id it is stored under; the history lists both, newest first', async () => {
  const one = (await (await post('/api/assess', { url: endpoint })).json()) as { id: string; grade: string; profile: { kind: string } };
  target = after;
  const two = (await (await post('/api/validate', { url: endpoint })).json()) as { id: string; grade: string };
  assert.match(one.id, /^[A-Za-z0-9_-]{16}$/);
  assert.match(two.id, /^[A-Za-z0-9_-]{16}$/);
  assert.is(one.profile.kind, 'mcp-server');
  first = one.id;
  second = two.id;
  const history = (await (await fetch(`${service.url}/api/history?url=${encodeURIComponent(endpoint)}`)).json()) as { items: { id: string; grade: string; kind: string }[] };
  assert.equal(history.items.map((i) => i.id), [second, first]);
  assert.is(history.items[1]!.grade, one.grade);
  assert.is(history.items[0]!.kind, 'mcp-server');
});

test('the diff names what changed: tool count moved, findings added, grade and layer status', async () => {
  const response = await fetch(`${service.url}/api/diff?from=${first}&to=${second}`);
  assert.is(response.status, 200);
  const diff = (await response.json()) as {
    changed: boolean; grade: { from: string; to: string; changed: boolean };
    findings: { added: { code: string }[]; removed: { code: string }[] };
    facts: { fact: string; from: unknown; to: unknown }[]; layers: { layer: string; from: string; to: string }[];
  };
  assert.ok(diff.changed);
  assert.equal(diff.facts.find((f) => f.fact === 'mcp.toolCount'), { fact: 'mcp.toolCount', from: 5, to: 3 });
  assert.ok(diff.findings.added.some((f) => f.code.startsWith('MCP-')), JSON.stringify(diff.findings.added));
  assert.ok(!diff.facts.some((f) => /Ms$/.test(f.fact)), 'timings are not facts');
  const back = (await (await fetch(`${service.url}/api/diff?from=${second}&to=${first}`)).json()) as typeof diff;
  assert.equal(back.findings.removed.map((f) => f.code), diff.findings.added.map((f) => f.code));
  const same = (await (await fetch(`${service.url}/api/diff?from=${first}&to=${first}`)).json()) as typeof diff;
  assert.is(same.changed, false);
  assert.is((await fetch(`${service.url}/api/diff?from=${first}&to=AAAAAAAAAAAAAAAA`)).status, 404);
  assert.is((await fetch(`${service.url}/api/diff?from=${first}`)).status, 400);
});

test('one stored result as JSON and as Markdown (export)', async () => {
  const json = await fetch(`${service.url}/api/assessments/${first}?download`);
  assert.is(json.status, 200);
  assert.match(json.headers.get('content-disposition') ?? '', /attachment; filename="assessment-.*\.json"/);
  const item = (await json.json()) as { id: string; url: string; assessment: { id: string; layers: Record<string, unknown> } };
  assert.is(item.assessment.id, first);
  assert.is(item.url, new URL(endpoint).href);
  const md = await fetch(`${service.url}/api/assessments/${first}?format=markdown`);
  assert.match(md.headers.get('content-type') ?? '', /text\/markdown/);
  assert.match(await md.text(), new RegExp(`### .* Grade [ABC] · MCP server[\\s\\S]*stored result\\]\\(/r/${first}\\)`));
  assert.is((await fetch(`${service.url}/api/assessments/nope`)).status, 404);
});

test('the badge shows the last grade from the history, starts no assessment, revalidates with its ETag', async () => {
  const methods = after.methods.length;
  const latest = (await (await fetch(`${service.url}/api/history?url=${encodeURIComponent(endpoint)}&limit=1`)).json()) as { items: { grade: string }[] };
  const badge = await fetch(`${service.url}/badge?url=${encodeURIComponent(endpoint)}`);
  assert.is(badge.status, 200);
  assert.match(badge.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  assert.match(badge.headers.get('cache-control') ?? '', /public, max-age=300/);
  const svg = await badge.text();
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.ok(svg.includes(`grade ${latest.items[0]!.grade}`));
  const etag = badge.headers.get('etag')!;
  assert.is((await fetch(`${service.url}/badge?url=${encodeURIComponent(endpoint)}`, { headers: { 'if-none-match': etag } })).status, 304);
  assert.is(after.methods.length, methods, 'no request reached the endpoint');
  const unknown = await fetch(`${service.url}/badge?url=${encodeURIComponent('https://never.example/')}`);
  assert.match(await unknown.text(), /not assessed/);
});

test('with API_TOKEN every new route answers 401 without it and 200 with it; the permalink page holds no result', async () => {
  const store = openHistoryStore({ path: ':memory:', maxRows: 10, maxAgeDays: 1 });
  const guarded = await startValidator({ port: 0, history: store, env: { API_TOKEN: 'history-token', VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host } });
  try {
    const auth = { authorization: 'Bearer history-token' };
    const made = (await (await fetch(`${guarded.url}/api/assess`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ url: endpoint }) })).json()) as { id: string };
    const q = encodeURIComponent(endpoint);
    for (const path of [`/api/history?url=${q}`, `/api/diff?from=${made.id}&to=${made.id}`, `/api/assessments/${made.id}`, `/api/assessments/${made.id}?format=markdown`, `/badge?url=${q}`]) {
      const open = await fetch(`${guarded.url}${path}`);
      assert.is(open.status, 401, path);
      assert.not.ok((await open.text()).includes(made.id) && !path.includes(made.id), path);
      assert.is((await fetch(`${guarded.url}${path}`, { headers: auth })).status, 200, path);
    }
    const badge = await fetch(`${guarded.url}/badge?url=${q}`, { headers: auth });
    assert.match(badge.headers.get('cache-control') ?? '', /^private/);
    const page = await fetch(`${guarded.url}/r/${made.id}`);
    assert.is(page.status, 200);
    const html = await page.text();
    assert.not.ok(html.includes('drifting'), 'the page is the UI shell; the result comes through the guarded API');
  } finally {
    await guarded.close();
    store.close();
  }
});

test('retention: at most VALIDATOR_HISTORY_MAX assessments, none older than VALIDATOR_HISTORY_DAYS', async () => {
  const item = (await (await fetch(`${service.url}/api/assessments/${first}`)).json()) as { assessment: never };
  let now = Date.parse('2026-01-01T00:00:00Z');
  const store = openHistoryStore({ path: ':memory:', maxRows: 3, maxAgeDays: 2 }, () => now);
  try {
    const ids = Array.from({ length: 5 }, () => store.save(item.assessment).id);
    assert.is(store.count(), 3);
    assert.is(store.get(ids[0]!), null);
    assert.ok(store.get(ids[4]!));
    now += 3 * 86_400_000;
    const fresh = store.save(item.assessment).id;
    assert.is(store.count(), 1);
    assert.equal(store.list(new URL(endpoint).href, 10).map((i) => i.id), [fresh]);
  } finally {
    store.close();
  }
});

test('VALIDATOR_HISTORY_PATH: a file kept across restarts (permalinks survive); a path that cannot be opened stops the start', async () => {
  const box = createSandbox('validator-history');
  try {
    const env = { VALIDATOR_HISTORY_PATH: box.path('history.sqlite'), VALIDATOR_ALLOW_HOSTS: new URL(endpoint).host };
    const one = await startValidator({ port: 0, env });
    const made = (await (await fetch(`${one.url}/api/assess`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: endpoint }) })).json()) as { id: string };
    await one.close();
    const two = await startValidator({ port: 0, env });
    try {
      assert.is((await fetch(`${two.url}/api/assessments/${made.id}`)).status, 200);
    } finally {
      await two.close();
    }
    const refused = await startValidator({ port: 0, env: { VALIDATOR_HISTORY_PATH: box.path('missing', 'dir', 'h.sqlite') } }).then(() => null, (error: unknown) => error);
    assert.instance(refused, ConfigError);
    assert.match((refused as Error).message, /^VALIDATOR_HISTORY_PATH: cannot open the history database/);
  } finally {
    box.remove();
  }
});

test.run();
