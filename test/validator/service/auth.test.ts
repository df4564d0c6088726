/**
 * Auth: open without API_TOKEN; with it, every /api/* and /mcp call needs the bearer token or the
 * signed session cookie that GET / sets. Bad, tampered and expired cookies are refused; the token
 * never appears in a response.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionKeyFor, signSession, SESSION_COOKIE } from '../../../validator-service/auth/session-cookie.ts';
import { startValidator } from '../../../validator-service/server.ts';
import { fixedLayer } from './support/fake-layers.ts';
import { inProcess, postJson } from './support/service.ts';
import { rawRequest } from './support-red-team/raw-request.ts';

const TOKEN = 'tok-5f1c9a7e2b8d4c6a9e0f1b2c3d4e5f60';
const layers = [fixedLayer('mcp', 'pass')];
const guarded: [string, RequestInit | undefined][] = [
  ['/api/validate', postJson({ url: 'https://a.example/' })],
  ['/api/assess', postJson({ url: 'https://a.example/' })],
  ['/api/lookup', postJson({ agentId: 1, chainId: 1 })],
  ['/api/health', undefined],
  [
    '/mcp',
    postJson({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json, text/event-stream' }),
  ],
];
const withHeaders = (init: RequestInit | undefined, headers: Record<string, string>): RequestInit => ({
  ...init,
  headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
});

test('without API_TOKEN the API is open and GET / sets no cookie', async () => {
  const call = inProcess({ layers, env: { VALIDATOR_RATE_LIMIT: '1000' } });
  assert.is((await call('/api/validate', postJson({ url: 'https://a.example/' }))).status, 200);
  assert.is((await call('/')).headers.get('set-cookie'), null);
});

test(
  'with API_TOKEN every /api/* and /mcp route is 401 without credentials, and the body never ' + 'shows the token',
  async () => {
    const call = inProcess({ layers, env: { API_TOKEN: TOKEN, VALIDATOR_RATE_LIMIT: '1000' } });
    for (const [path, init] of guarded) {
      const response = await call(path, init);
      const text = await response.text();
      assert.is(response.status, 401, path);
      assert.is(response.headers.get('www-authenticate'), 'Bearer realm="validator"');
      assert.not.ok(text.includes(TOKEN));
      assert.is((JSON.parse(text) as { error: { code: string } }).error.code, 'unauthorized');
    }
  },
);

test('the right bearer token opens every route; a wrong or differently sized one does not', async () => {
  const call = inProcess({ layers, env: { API_TOKEN: TOKEN, VALIDATOR_RATE_LIMIT: '1000' } });
  for (const [path, init] of guarded) {
    const ok = await call(path, withHeaders(init, { authorization: `Bearer ${TOKEN}` }));
    assert.not.equal(ok.status, 401, path);
  }
  for (const wrong of [`${TOKEN.slice(0, -1)}X`, 'short', `${TOKEN}x`, '']) {
    assert.is(
      (
        await call(
          '/api/validate',
          withHeaders(postJson({ url: 'https://a.example/' }), { authorization: `Bearer ${wrong}` }),
        )
      ).status,
      401,
      wrong,
    );
  }
  assert.is(
    (
      await call(
        '/api/validate',
        withHeaders(postJson({ url: 'https://a.example/' }), { authorization: `Basic ${TOKEN}` }),
      )
    ).status,
    401,
  );
});

test('the session cookie from GET / (real server) opens the API; its attributes are strict', async () => {
  const running = await startValidator({ port: 0, env: { API_TOKEN: TOKEN }, layers });
  try {
    const page = await fetch(`${running.url}/`);
    assert.is(page.status, 200);
    const setCookie = page.headers.get('set-cookie') ?? '';
    assert.match(setCookie, new RegExp(`^${SESSION_COOKIE}=v1\\.`));
    for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=43200'])
      assert.ok(setCookie.includes(attribute), attribute);
    assert.not.ok(setCookie.includes('Secure'), 'no Secure flag over plain http');
    assert.not.ok(setCookie.includes(TOKEN));
    assert.not.ok((await page.text()).includes(TOKEN), 'the page does not embed the token');
    const cookie = setCookie.split(';')[0]!;
    const response = await fetch(
      `${running.url}/api/validate`,
      withHeaders(postJson({ url: 'https://a.example/' }), { cookie }),
    );
    assert.is(response.status, 200);
    const mcp = await fetch(`${running.url}/mcp`, withHeaders(guarded[4]![1], { cookie }));
    assert.is(mcp.status, 200);
  } finally {
    await running.close();
  }
});

test('Secure is added behind a trusted proxy that says https, not for an untrusted header', async () => {
  const trusted = inProcess({ env: { API_TOKEN: TOKEN, VALIDATOR_TRUST_PROXY: '1' } });
  assert.ok(
    ((await trusted('/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('set-cookie') ?? '').includes(
      '; Secure',
    ),
  );
  const untrusted = inProcess({ env: { API_TOKEN: TOKEN } });
  assert.not.ok(
    ((await untrusted('/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('set-cookie') ?? '').includes(
      'Secure',
    ),
  );
});

test('bad, tampered, foreign-key and expired cookies are refused', async () => {
  let clock = Date.UTC(2026, 0, 1);
  const call = inProcess({ layers, env: { API_TOKEN: TOKEN, VALIDATOR_RATE_LIMIT: '1000' }, now: () => clock });
  const issued = (await call('/')).headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
  const attempt = (value: string) =>
    call(
      '/api/validate',
      withHeaders(postJson({ url: 'https://a.example/' }), { cookie: `${SESSION_COOKIE}=${value}` }),
    );
  assert.is((await attempt(issued)).status, 200, 'the issued cookie works');

  const [version, expiry, signature] = issued.split('.') as [string, string, string];
  const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
  const later = (parseInt(expiry, 36) + 86_400_000 * 365).toString(36);
  const forged = signSession(sessionKeyFor('some-other-token'), clock + 3_600_000);
  const bad = [
    'garbage',
    '',
    `${version}.${expiry}.${flipped}`,
    `${version}.${later}.${signature}`,
    forged,
    `${TOKEN}`,
  ];
  for (const value of bad) assert.is((await attempt(value)).status, 401, value);

  const expired = signSession(sessionKeyFor(TOKEN), clock - 1);
  assert.is((await attempt(expired)).status, 401, 'expired by signature time');
  clock += 12 * 3600 * 1000 + 1;
  assert.is((await attempt(issued)).status, 401, 'the issued cookie expires after its TTL');
  assert.is(
    (
      await call(
        '/api/validate',
        withHeaders(postJson({ url: 'https://a.example/' }), { authorization: `Bearer ${TOKEN}` }),
      )
    ).status,
    200,
    'bearer still works',
  );
});

test("the session cookie is issued and honoured only for the service's own host names (DNS rebinding)", async () => {
  // Same-origin GETs of a rebound page carry neither Origin nor Sec-Fetch-* over plain http: only Host tells.
  const running = await startValidator({ port: 0, env: { API_TOKEN: TOKEN }, layers });
  try {
    const { port } = new URL(running.url);
    const rebound = `rebound.example:${port}`;
    const page = await rawRequest(running.url, '/', 'GET', { host: rebound });
    assert.is(page.status, 200, 'the page itself is served');
    assert.is(page.headers['set-cookie'], undefined, 'a rebound name gets no cookie');
    const own = await rawRequest(running.url, '/', 'GET', { host: `localhost:${port}` });
    const cookie = String(own.headers['set-cookie']).split(';')[0]!;
    assert.match(cookie, new RegExp(`^${SESSION_COOKIE}=v1\\.`), 'an own name gets one');
    const read = (host: string) => rawRequest(running.url, '/api/health', 'GET', { host, cookie });
    assert.is((await read(`127.0.0.1:${port}`)).status, 200, "the cookie works under the service's names");
    const stolen = await read(rebound);
    assert.is(stolen.status, 401, 'a valid cookie sent to a rebound name opens nothing');
    assert.not.match(stolen.body, /"status":"ok"/);
  } finally {
    await running.close();
  }
});

test('VALIDATOR_HOSTS names the hosts a deployment answers under: only those get the cookie', async () => {
  const call = inProcess({ env: { API_TOKEN: TOKEN } });
  assert.ok((await call('/')).headers.get('set-cookie'), 'without a configured name (in-process, no binding) any host');
  const running = await startValidator({
    port: 0,
    host: '127.0.0.1',
    env: { API_TOKEN: TOKEN, VALIDATOR_HOSTS: 'validator.example.com' },
    layers,
  });
  try {
    assert.ok(
      (await rawRequest(running.url, '/', 'GET', { host: 'validator.example.com' })).headers['set-cookie'],
      'the configured name',
    );
    assert.is(
      (await rawRequest(running.url, '/', 'GET', { host: 'other.example.com' })).headers['set-cookie'],
      undefined,
    );
  } finally {
    await running.close();
  }
});

test('the UI page and its assets stay open without credentials', async () => {
  const call = inProcess({ env: { API_TOKEN: TOKEN } });
  for (const path of ['/', '/app.js', '/app.css']) assert.is((await call(path)).status, 200, path);
});

test.run();
