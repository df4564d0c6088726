/**
 * A conformance audit of the served protocol, both eras, against a built bundle of two real
 * providers (worldcities: resources and a prompt; datamuse: tools), in raw JSON-RPC lines over
 * stdio and raw requests over HTTP, so the exact answers are seen: what a strict client or a
 * conformance suite checks beyond the SDK clients' happy paths (`dual-era.test.ts`). Every line the
 * bundle writes on stdout must parse as one JSON-RPC message.
 */
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildWorkspace } from '../build/support/run-cli.ts';
import { createWorkspace, repoRoot } from '../build/support/workspace.ts';
import { startHttpBundle } from '../support/http-server.ts';
import { MODERN, modernMeta, postModern, postRaw } from '../support/mcp-eras.ts';

const test = suite('conformance audit');
const ws = createWorkspace('conformance');
let bundle: string;
let http: { url: string; stop(): Promise<void> };

type Json = Record<string, unknown>;
type Answer = Json & { id?: unknown; result?: Json; error?: { code: number; message: string; data?: Json } };

const env = () => ({ PATH: process.env.PATH ?? '', HOME: ws.path('home') });
const line = (value: unknown): string => JSON.stringify(value);
const modern = (id: unknown, method: string, params: Json = {}, meta: Json = {}): string =>
  line({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...modernMeta(), ...meta } } });
const initialize = (id: number, version = '2025-11-25'): string =>
  line({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });

/**
 * Spawns the bundle on stdio, writes `lines` (each ended by a newline), and collects its answers
 * until `count` arrived; then closes stdin. Rejects when stdout carries anything but JSON lines.
 */
function stdio(lines: string[], count: number): Promise<{ answers: Answer[]; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bundle], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const answers: Answer[] = [];
    const timer = setTimeout(() => child.kill(), 15_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      for (let at = out.indexOf('\n'); at >= 0; at = out.indexOf('\n')) {
        const text = out.slice(0, at);
        out = out.slice(at + 1);
        try {
          answers.push(JSON.parse(text) as Answer);
        } catch {
          fail(new Error(`stdout carried a line that is not JSON: ${text.slice(0, 200)}`));
        }
      }
      if (answers.length >= count) child.stdin.end();
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.stdin.on('error', () => {});
    child.once('exit', () => {
      clearTimeout(timer);
      if (out !== '') fail(new Error(`stdout ended with a partial line: ${out.slice(0, 200)}`));
      done({ answers, stderr: err });
    });
    child.stdin.write(lines.map((l) => `${l}\n`).join(''));
  });
}

const byId = (answers: Answer[], id: unknown): Answer => {
  const found = answers.find((a) => a.id === id);
  if (!found) throw new Error(`no answer with id ${JSON.stringify(id)} in ${JSON.stringify(answers).slice(0, 500)}`);
  return found;
};

test.before(async () => {
  for (const provider of ['worldcities', 'datamuse'])
    cpSync(join(repoRoot, 'schemas', 'providers', provider), ws.path('schemas', 'providers', provider), {
      recursive: true,
    });
  const build = await buildWorkspace(ws.dir);
  assert.is(build.code, 0, build.stderr);
  bundle = ws.path('out', 'catalog.mjs');
  http = await startHttpBundle(bundle, env());
});

test.after(async () => {
  await http?.stop();
  ws.remove();
});

test(
  'stdio: a line that is not JSON is answered -32700 with a null id, and the connection ' + 'goes on serving',
  async () => {
    const { answers } = await stdio(
      [modern(1, 'server/discover'), '{"jsonrpc":"2.0","id":2,"method":', modern(3, 'tools/list')],
      3,
    );
    assert.equal(
      answers.find((a) => a.id === null),
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not valid JSON' } },
    );
    assert.is(byId(answers, 3).result?.resultType, 'complete');
  },
);

test(
  'stdio: JSON that is not a JSON-RPC message is answered -32600, with its id only when the id is ' + 'one MCP allows',
  async () => {
    const { answers } = await stdio(
      [
        modern(1, 'server/discover'),
        line({ jsonrpc: '1.0', id: 2, method: 'tools/list', params: { _meta: modernMeta() } }),
        line({ jsonrpc: '2.0', id: null, method: 'tools/list', params: { _meta: modernMeta() } }),
        line({ jsonrpc: '2.0', id: 1.5, method: 'tools/list', params: { _meta: modernMeta() } }),
        '{"jsonrpc":"2.0","id":18446744073709551616,"method":"tools/list","params":{}}',
        line({ jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' }),
        line('tools/list'),
        modern(9, 'tools/list'),
      ],
      8,
    );
    assert.equal(byId(answers, 2).error, { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' });
    const anonymous = answers.filter((a) => a.id === null).map((a) => a.error);
    assert.equal(anonymous, [
      ...Array.from({ length: 4 }, () => ({
        code: -32600,
        message: 'Invalid Request: id must be a string or an integer (MCP never uses null ids)',
      })),
      { code: -32600, message: 'Invalid Request: a message must be a JSON object' },
    ]);
    assert.is(byId(answers, 9).result?.resultType, 'complete', 'the connection still serves');
  },
);

test('stdio: a JSON-RPC batch is answered -32600 in both eras (MCP has no batches since 2025-06-18)', async () => {
  for (const opening of [modern(1, 'server/discover'), initialize(1)]) {
    const { answers } = await stdio(
      [
        opening,
        line([
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
          { jsonrpc: '2.0', id: 3, method: 'prompts/list' },
        ]),
      ],
      2,
    );
    assert.equal(byId(answers, null).error, {
      code: -32600,
      message: 'Invalid Request: JSON-RPC batches are not accepted; send one message per line',
    });
  }
});

test('stdio: after the opening, a 2026-07-28 request naming another revision is -32022, as over HTTP', async () => {
  const { answers } = await stdio(
    [
      modern(1, 'tools/list'),
      modern(2, 'tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }),
      modern(
        3,
        'resources/read',
        { uri: 'toolkit://worldcities/cities' },
        { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' },
      ),
    ],
    3,
  );
  assert.is(byId(answers, 1).result?.resultType, 'complete');
  assert.equal(byId(answers, 2).error, {
    code: -32022,
    message: 'Unsupported protocol version: 2099-01-01',
    data: { supported: [MODERN], requested: '2099-01-01' },
  });
  assert.equal(byId(answers, 3).error, {
    code: -32022,
    message: 'Unsupported protocol version: 2025-11-25',
    data: { supported: [MODERN], requested: '2025-11-25' },
  });
  const over = await postModern(
    http.url,
    'tools/list',
    { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
    { 'mcp-protocol-version': '2099-01-01' },
  );
  assert.equal(over.body.error, byId(answers, 2).error, 'HTTP answers the same');
});

test(
  'tools/call with malformed params is -32602 naming the field, not a dump of schema issues, ' + 'in both eras',
  async () => {
    const call = await postModern(http.url, 'tools/call', { arguments: [1] });
    assert.is(call.status, 200);
    assert.equal(call.body.error, {
      code: -32602,
      message:
        'Invalid params for tools/call: params.name: Invalid input: expected string, received undefined; ' +
        'params.arguments: Invalid input: expected record, received array',
    });
    const legacy = await postRaw(http.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } });
    assert.equal(legacy.body.error, {
      code: -32602,
      message: 'Invalid params for tools/call: params.name: Invalid input: expected string, received number',
    });
    const { answers } = await stdio(
      [initialize(1), line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} })],
      2,
    );
    assert.equal(byId(answers, 2).error, {
      code: -32602,
      message: 'Invalid params for tools/call: params.name: Invalid input: expected string, received undefined',
    });
  },
);

test(
  'resources/read carries ttlMs and cacheScope for 2026-07-28 only: the 2025 answer has ' + 'the 2025 shape',
  async () => {
    const uri = 'toolkit://worldcities/cities/citiesByCountry?country=DE&limit=1';
    const modernRead = await postModern(http.url, 'resources/read', { uri });
    assert.is(modernRead.status, 200, JSON.stringify(modernRead.body));
    const { contents, ...modernFields } = modernRead.body.result!;
    assert.equal(modernFields, {
      ttlMs: 60_000,
      cacheScope: 'public',
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolkit-catalog', version: '0.1.0' } },
    });
    const legacyRead = await postRaw(
      http.url,
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    assert.equal(legacyRead.body.result, { contents });
    assert.match(String((contents as Json[])[0]!.text), /^\[\{"name":"Berlin",/);
  },
);

// completion/complete is offered by a server with resources or prompts (test/surface/completion.test.ts).
test(
  'methods 2026-07-28 removed or this server does not offer are -32601 (404 on HTTP) on the modern leg; the ' +
    'legacy leg still answers ping',
  async () => {
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe', 'initialize']) {
      const { status, body } = await postModern(http.url, method);
      assert.is(status, 404, method);
      assert.equal(body.error, { code: -32601, message: 'Method not found' }, method);
    }
    const { answers } = await stdio(
      [modern(1, 'server/discover'), modern(2, 'ping'), modern(3, 'logging/setLevel', { level: 'info' })],
      3,
    );
    assert.equal([byId(answers, 2).error?.code, byId(answers, 3).error?.code], [-32601, -32601]);
    const ping = await postRaw(
      http.url,
      { jsonrpc: '2.0', id: 7, method: 'ping' },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    assert.equal([ping.status, ping.body], [200, { result: {}, jsonrpc: '2.0', id: 7 }]);
  },
);

test('a notification is 202 with an empty body, in both eras', async () => {
  const notifications: { headers: Record<string, string>; body: Json & { method: string } }[] = [
    {
      headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/cancelled' },
      body: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, _meta: modernMeta() } },
    },
    {
      headers: { 'mcp-protocol-version': '2025-11-25' },
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    },
  ];
  for (const { headers, body } of notifications) {
    const response = await fetch(http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    assert.is(response.status, 202, body.method);
    assert.is(await response.text(), '');
    assert.is(response.headers.get('mcp-session-id'), null);
  }
});

test(
  'the Host check compares host names case-insensitively: LOCALHOST is this server, a foreign host ' + 'still is not',
  async () => {
    const url = new URL(http.url);
    const post = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(line({ jsonrpc: '2.0', id: 1, method: 'ping' }));
      });
    assert.is(await post(`LOCALHOST:${url.port}`), 200);
    assert.is(await post(`Evil.Example:${url.port}`), 403);
  },
);

test.run();
