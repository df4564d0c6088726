/**
 * Upstream failures come back as `isError: true` results with a short text that names the cause,
 * and with every trace of the secret removed, even when the upstream echoes it in its error body.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { param, schema, str, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('upstream errors');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;
let refusedPort: number;

const echoAuth =
  (status: number, headers: Record<string, string> = {}) =>
  (request: { headers: Record<string, unknown> }) => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ error: 'denied', yourHeader: request.headers.authorization }),
  });

async function call(name: string): Promise<{ isError: boolean; text: string }> {
  const result = await served.client.callTool({ name, arguments: {} });
  return { isError: result.isError === true, text: textOf(result) };
}

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/html': () => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!DOCTYPE html><html><head><title>Login required</title></head><body>please log in</body></html>',
    }),
    '/html-untyped': () => ({
      headers: { 'content-type': 'application/octet-stream' },
      body: '<html><body>oops</body></html>',
    }),
    '/401': echoAuth(401),
    '/403': echoAuth(403),
    '/429': echoAuth(429, { 'retry-after': '30' }),
    '/500': () => ({
      status: 500,
      headers: { 'content-type': 'text/plain' },
      body: `database exploded while using key ${CANARY} ${'x'.repeat(2000)}`,
    }),
    '/404': () => ({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"no such coin"}',
    }),
    '/slow': () => ({ delayMs: 15000, headers: { 'content-type': 'application/json' }, body: '{}' }),
    '/bad-json': () => ({ headers: { 'content-type': 'application/json' }, body: '{"unterminated": ' }),
  });
  // A port that was open a moment ago and is now closed: connections are refused.
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  refusedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const auth = {
    requiredServerParams: ['ERR_KEY'],
    headers: { authorization: ['Bearer ', { server: 'ERR_KEY' }] },
  } as const;
  const at = (path: string) => tool(path.replace(/[^a-z0-9]/gi, '') || 'root', 'GET', [`${upstream.origin}${path}`]);
  served = await spawnStdio({
    caFile: ca.caFile,
    env: { ERR_KEY: CANARY },
    timeoutMs: 3000,
    schemas: [
      schema(
        'errs',
        [
          tool('html', 'GET', [`${upstream.origin}/html`]),
          tool('htmlUntyped', 'GET', [`${upstream.origin}/html-untyped`]),
          tool('unauthorized', 'GET', [`${upstream.origin}/401`]),
          tool('forbidden', 'GET', [`${upstream.origin}/403`]),
          tool('throttled', 'GET', [`${upstream.origin}/429`]),
          tool('broken', 'GET', [`${upstream.origin}/500`]),
          tool('missing', 'GET', [`${upstream.origin}/404`]),
          tool('slow', 'GET', [`${upstream.origin}/slow`]),
          tool('badJson', 'GET', [`${upstream.origin}/bad-json`]),
          tool('refused', 'GET', [`https://127.0.0.1:${refusedPort}/x?key=`, { server: 'ERR_KEY' }]),
          tool('unresolvable', 'GET', ['https://no-such-host.invalid/x']),
        ],
        auth,
      ),
      schema(
        'needy',
        [tool('needsKey', 'GET', [`${upstream.origin}/ok`], [param('q', 'query', str, {}, [{ server: 'UNSET_KEY' }])])],
        { requiredServerParams: ['UNSET_KEY'] },
      ),
    ].map((s, i) => (i === 0 ? { ...s, tools: [...s.tools, at('/')] } : s)),
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('HTML instead of JSON is named as such (by content type or by content)', async () => {
  const typed = await call('html_errs');
  assert.ok(typed.isError);
  assert.match(typed.text, /upstream returned HTML instead of JSON/);
  assert.match(typed.text, /Login required/);
  const untyped = await call('html_untyped_errs');
  assert.ok(untyped.isError);
  assert.match(untyped.text, /HTML instead of JSON/);
});

test('401 and 403: authentication rejected, with the echoed key redacted', async () => {
  for (const [name, status] of [
    ['unauthorized_errs', 401],
    ['forbidden_errs', 403],
  ] as const) {
    const { isError, text } = await call(name);
    assert.ok(isError);
    assert.match(text, new RegExp(`authentication rejected by upstream \\(HTTP ${status}`));
    assert.match(text, /Bearer \[redacted\]/);
    assert.not.ok(text.includes(CANARY));
  }
});

test('429: throttled, with Retry-After', async () => {
  const { isError, text } = await call('throttled_errs');
  assert.ok(isError);
  assert.match(text, /throttled by upstream \(HTTP 429[^)]*\); retry after 30 s/);
});

test('500: status and a trimmed, redacted body', async () => {
  const { isError, text } = await call('broken_errs');
  assert.ok(isError);
  assert.match(
    text,
    /^upstream returned HTTP 500 Internal Server Error: database exploded while using key \[redacted\]/,
  );
  assert.ok(text.length < 400, `trimmed, got ${text.length} chars`);
  const missing = await call('missing_errs');
  assert.match(missing.text, /HTTP 404 Not Found: \{"message":"no such coin"\}/);
});

test('timeout: ETIMEDOUT after the configured time', async () => {
  const started = Date.now();
  const { isError, text } = await call('slow_errs');
  assert.ok(isError);
  assert.match(text, /did not answer within 3000 ms \(ETIMEDOUT\)/);
  assert.ok(Date.now() - started < 12000, 'the call did not wait for the slow upstream');
});

test('refused port: ECONNREFUSED, and the key in the URL is not echoed', async () => {
  const { isError, text } = await call('refused_errs');
  assert.ok(isError);
  assert.match(text, new RegExp(`upstream 127\\.0\\.0\\.1:${refusedPort} refused the connection \\(ECONNREFUSED\\)`));
});

test('unresolvable host: ENOTFOUND', async () => {
  const { isError, text } = await call('unresolvable_errs');
  assert.ok(isError);
  assert.match(text, /no-such-host\.invalid could not be resolved \(ENOTFOUND/);
});

test('invalid JSON from a JSON content type is reported', async () => {
  const { isError, text } = await call('bad_json_errs');
  assert.ok(isError);
  assert.match(text, /upstream returned invalid JSON/);
});

test('a missing server param fails the call naming the variable, before any request', async () => {
  const before = upstream.seen.length;
  const { isError, text } = await call('needs_key_needy');
  assert.ok(isError);
  assert.match(text, /missing server parameter UNSET_KEY/);
  assert.is(upstream.seen.length, before);
  assert.match(served.output(), /server params not set[^\n]*UNSET_KEY/, 'the start-up warning names it too');
});

test('a working call still works next to the failures', async () => {
  const result = await served.client.callTool({ name: 'root_errs', arguments: {} });
  assert.not.ok(result.isError);
  assert.equal(JSON.parse(textOf(result)).method, 'GET');
});

test.run();
