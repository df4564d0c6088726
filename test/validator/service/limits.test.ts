/**
 * Rate limit and concurrency cap per client: 429 with Retry-After, and an unexpected failure is a
 * bare 500 that leaks nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Layer } from '../../../validator-service/layers/layer.ts';
import { startValidator } from '../../../validator-service/server.ts';
import { fixedLayer } from './support/fake-layers.ts';
import { inProcess, postJson } from './support/service.ts';

test('the request after the limit is 429 with Retry-After, and a new window admits again', async () => {
  let clock = 1_000_000;
  const call = inProcess({
    env: { VALIDATOR_RATE_LIMIT: '3', VALIDATOR_RATE_WINDOW_MS: '60000' },
    layers: [fixedLayer('mcp', 'pass')],
    now: () => clock,
  });
  for (let i = 0; i < 3; i++)
    assert.is((await call('/api/validate', postJson({ url: 'https://a.example/' }))).status, 200);
  const limited = await call('/api/validate', postJson({ url: 'https://a.example/' }));
  assert.is(limited.status, 429);
  assert.is(limited.headers.get('retry-after'), '60');
  const body = (await limited.json()) as { error: { code: string } };
  assert.is(body.error.code, 'rate_limited');
  clock += 60_000;
  assert.is((await call('/api/validate', postJson({ url: 'https://a.example/' }))).status, 200);
});

test(
  'behind a trusted proxy the client is the address the proxy appended, not what the client ' + 'wrote before it',
  async () => {
    const call = inProcess({
      env: { VALIDATOR_RATE_LIMIT: '1', VALIDATOR_TRUST_PROXY: '1' },
      layers: [fixedLayer('mcp', 'pass')],
    });
    const first = await call(
      '/api/validate',
      postJson({ url: 'https://a.example/' }, { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }),
    );
    assert.is(first.status, 200);
    const spoofed = await call(
      '/api/validate',
      postJson({ url: 'https://a.example/' }, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' }),
    );
    assert.is(spoofed.status, 429, 'a new made-up left entry does not make a new client');
    const other = await call(
      '/api/validate',
      postJson({ url: 'https://a.example/' }, { 'x-forwarded-for': '203.0.113.8' }),
    );
    assert.is(other.status, 200);
  },
);

test('the limit also counts /mcp and /api/lookup calls', async () => {
  const call = inProcess({ env: { VALIDATOR_RATE_LIMIT: '2' } });
  await call('/api/lookup', postJson({ agentId: 1, chainId: 1 }));
  await call('/mcp', postJson({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  assert.is((await call('/api/assess', postJson({ url: 'https://a.example/' }))).status, 429);
});

test('/mcp answers only POST: GET and DELETE are 405 with Allow and use no rate-limit slot', async () => {
  let handled = 0;
  const call = inProcess({
    env: { VALIDATOR_RATE_LIMIT: '1' },
    mcpHandler: async () => {
      handled += 1;
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    },
  });
  for (const method of ['GET', 'DELETE']) {
    const refused = await call('/mcp', { method, headers: { accept: 'text/event-stream' } });
    assert.is(refused.status, 405, method);
    assert.is(refused.headers.get('allow'), 'POST', method);
    assert.is(((await refused.json()) as { error: { code: string } }).error.code, 'method_not_allowed');
  }
  assert.is(handled, 0, 'the MCP handler never saw the refused methods');
  assert.is(
    (await call('/mcp', postJson({ jsonrpc: '2.0', id: 1, method: 'ping' }))).status,
    200,
    'the one slot is still free',
  );
});

test('a second simultaneous assessment from the same client is 429 when the cap is 1 (real server)', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  const blocking: Layer = {
    name: 'mcp',
    run: async () => {
      entered();
      await gate;
      return { layer: 'mcp', status: 'pass', categories: {}, summary: {}, messages: [], raw: null };
    },
  };
  const running = await startValidator({ port: 0, env: { VALIDATOR_MAX_CONCURRENT: '1' }, layers: [blocking] });
  try {
    const first = fetch(`${running.url}/api/validate`, postJson({ url: 'https://a.example/' }));
    await started;
    const second = await fetch(`${running.url}/api/validate`, postJson({ url: 'https://b.example/' }));
    assert.is(second.status, 429);
    assert.is(second.headers.get('retry-after'), '1');
    assert.match(((await second.json()) as { error: { message: string } }).error.message, /at once/);
    release();
    assert.is((await first).status, 200);
    assert.is(
      (await fetch(`${running.url}/api/validate`, postJson({ url: 'https://b.example/' }))).status,
      200,
      'slot released',
    );
  } finally {
    release();
    await running.close();
  }
});

test('a 100-member JSON-RPC batch on /mcp is limited like 100 requests: each assessment its own slot', async () => {
  // A layer that holds each assessment open for a while and counts how many run at once.
  let running = 0;
  let most = 0;
  let runs = 0;
  const counting: Layer = {
    name: 'mcp',
    run: async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 150));
      running -= 1;
      return { layer: 'mcp', status: 'pass', categories: {}, summary: {}, messages: [], raw: null };
    },
  };
  const service = await startValidator({
    port: 0,
    env: { VALIDATOR_RATE_LIMIT: '10', VALIDATOR_MAX_CONCURRENT: '4' },
    layers: [counting],
  });
  try {
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'validate_endpoint', arguments: { url: `https://a${i}.example/` } },
    }));
    const response = await fetch(
      `${service.url}/mcp`,
      postJson(batch, { accept: 'application/json, text/event-stream' }),
    );
    assert.is(response.status, 200);
    const answers = (await response.json()) as {
      id: number;
      result?: { isError?: boolean; content: { text: string }[] };
    }[];
    assert.is(answers.length, 100);
    const refused = answers.filter(
      (a) => a.result?.isError && /Too many requests from this client/.test(a.result.content[0]!.text),
    );
    const batchRuns = runs;
    assert.ok(most <= 4, `${most} assessments ran at once; the cap is 4`);
    assert.ok(batchRuns <= 10, `${batchRuns} assessments ran; the limit is 10 per window`);
    assert.ok(batchRuns >= 1, "the request's own slot runs one assessment");
    assert.is(refused.length, 100 - batchRuns, 'every call that did not run was refused with the limit named');
    // Each assessment of the batch counted against the window: what is left of it, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 10 - batchRuns; i += 1)
      statuses.push((await fetch(`${service.url}/api/validate`, postJson({ url: 'https://b.example/' }))).status);
    assert.equal(statuses, Array(10 - batchRuns).fill(200));
    assert.is((await fetch(`${service.url}/api/validate`, postJson({ url: 'https://b.example/' }))).status, 429);
  } finally {
    await service.close();
  }
});

test('an unexpected failure is a 500 without the error text', async () => {
  const call = inProcess({
    mcpHandler: async () => {
      throw new Error('internal detail SECRET-123');
    },
  });
  const response = await call('/mcp', postJson({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  assert.is(response.status, 500);
  const text = await response.text();
  assert.not.match(text, /SECRET-123/);
  assert.match(text, /internal_error/);
});

test.run();
