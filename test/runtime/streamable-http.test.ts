/**
 * `--http`: stateless Streamable HTTP on 127.0.0.1. Real SDK clients list and call tools; each
 * request stands alone (two clients, no session id); GET and DELETE are 405; a foreign Origin or
 * Host is 403; server params cannot come from the client.
 */
import { request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnHttp, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('streamable http');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca);
  served = await spawnHttp({
    caFile: ca.caFile,
    env: { WEB_KEY: CANARY },
    schemas: [
      schema(
        'web',
        [
          tool(
            'lookup',
            'GET',
            [`${upstream.origin}/lookup`],
            [param('q', 'query', str), param('token', 'query', str, {}, [{ server: 'WEB_KEY' }])],
          ),
        ],
        { requiredServerParams: ['WEB_KEY'] },
      ),
    ],
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('binds 127.0.0.1 and serves tools/list and tools/call to the SDK client', async () => {
  assert.match(served.url!, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const { tools } = await served.client.listTools();
  assert.equal(
    tools.map((t) => t.name),
    ['lookup_web'],
  );
  const result = await served.client.callTool({ name: 'lookup_web', arguments: { q: 'x' } });
  assert.not.ok(result.isError, textOf(result));
  assert.is(upstream.seen[upstream.seen.length - 1]!.url, `/lookup?q=x&token=${CANARY}`);
  assert.match(textOf(result), /token=\[redacted\]/);
});

test('stateless: no session id, and a second client is served independently', async () => {
  const response = await post(served.url!, initialize);
  assert.is(response.status, 200);
  assert.is(response.headers.get('mcp-session-id'), null);
  const second = new Client({ name: 'second', version: '0' });
  await second.connect(new StreamableHTTPClientTransport(new URL(served.url!)));
  const result = await second.callTool({ name: 'lookup_web', arguments: { q: 'two' } });
  assert.not.ok(result.isError, textOf(result));
  await second.close();
  // A request without any initialize on this "connection" works too: nothing is kept between requests.
  const list = await post(
    served.url!,
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { 'mcp-protocol-version': '2025-06-18' },
  );
  assert.is(list.status, 200);
  const body = (await list.json()) as { result: { tools: { name: string }[] } };
  assert.is(body.result.tools[0]!.name, 'lookup_web');
});

test('GET and DELETE answer 405', async () => {
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(served.url!, { method, headers: { accept: 'text/event-stream' } });
    assert.is(response.status, 405, method);
    assert.is(response.headers.get('allow'), 'POST');
  }
});

test('a foreign Origin or Host is refused with 403; the own origin is accepted', async () => {
  const foreign = await post(served.url!, initialize, { origin: 'https://evil.example' });
  assert.is(foreign.status, 403);
  const own = await post(served.url!, initialize, { origin: new URL(served.url!).origin });
  assert.is(own.status, 200);
  // fetch will not set Host; a raw request does, as a DNS-rebinding page's browser would.
  const url = new URL(served.url!);
  const rebound = await new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host: `evil.example:${url.port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(initialize));
  });
  assert.is(rebound, 403);
});

/**
 * POSTs `total` bytes in 64 KiB chunks (with or without a declared length); resolves with the status once a response
 * arrives.
 */
function postLarge(
  url: URL,
  total: number,
  declareLength: boolean,
): Promise<{ status: number; body: string; closed: Promise<void> }> {
  // agent: false sends `Connection: close`, the harder case for answering before the body is read.
  return new Promise((resolveAll, reject) => {
    let closed!: Promise<void>;
    const resolve = (answer: { status: number; body: string }) => resolveAll({ ...answer, closed });
    let answered = false;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (declareLength) headers['content-length'] = total;
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent: false },
      (res) => {
        answered = true;
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // Once answered, the server closes the connection: a write error after that is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    closed = new Promise((done) => req.once('socket', (socket) => socket.once('close', () => done())));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void req.once('drain', pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

test('a request body over 4 MiB is refused with 413, declared or streamed; the server keeps serving', async () => {
  const url = new URL(served.url!);
  const over = 4 * 1024 * 1024 + 1;
  const declared = await postLarge(url, over, true);
  assert.is(declared.status, 413);
  assert.match(declared.body, /request body over 4194304 bytes/);
  const streamed = await postLarge(url, 6 * 1024 * 1024, false);
  assert.is(streamed.status, 413);
  // The server drops the connection (the client never ends these requests).
  await Promise.race([
    Promise.all([declared.closed, streamed.closed]),
    new Promise((_, fail) => setTimeout(() => fail(new Error('the connection was not closed')), 5000)),
  ]);
  const { tools } = await served.client.listTools();
  assert.equal(
    tools.map((t) => t.name),
    ['lookup_web'],
  );
});

test('server params cannot be supplied by the client', async () => {
  const before = upstream.seen.length;
  const result = await served.client.callTool({
    name: 'lookup_web',
    arguments: { q: 'x', token: 'client-chosen', WEB_KEY: 'client-chosen' },
  });
  assert.ok(result.isError);
  assert.match(textOf(result), /Unrecognized keys: "token", "WEB_KEY"/);
  assert.is(upstream.seen.length, before);
});

test.run();
