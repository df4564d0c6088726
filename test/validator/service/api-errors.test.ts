/**
 * Every API error status, each checked both in-process (`app.fetch`) and against the real started
 * server: `{ error: { code, message, field? } }` with the right status and headers.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Layer } from '../../../validator-service/layers/layer.ts';
import { startValidator, type RunningValidator } from '../../../validator-service/server.ts';
import { fixedLayer, hangingLayer } from './support/fake-layers.ts';
import { inProcess, postJson } from './support/service.ts';
import { registryStamp } from '../../../validator-service/checks/registry.ts';

type Call = (path: string, init?: RequestInit) => Promise<Response>;
interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

const env = { VALIDATOR_RATE_LIMIT: '1000', VALIDATOR_DEFAULT_TIMEOUT_MS: '2000' };
const layers: Layer[] = [fixedLayer('mcp', 'pass')];
const slowLayers: Layer[] = [hangingLayer('mcp'), hangingLayer('http')];

async function expectError(response: Response, status: number, code: string, field?: string): Promise<ErrorBody> {
  const text = await response.text();
  assert.is(response.status, status, `expected ${status}, got ${response.status}: ${text}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as ErrorBody;
  assert.is(body.error.code, code, text);
  assert.type(body.error.message, 'string');
  if (field !== undefined) assert.is(body.error.field, field, text);
  return body;
}

function registerMatrix(
  name: string,
  makeCall: (opts: {
    layers: Layer[];
    env: Record<string, string>;
  }) => Promise<{ call: Call; close: () => Promise<void> }>,
): void {
  const test = suite(`API errors (${name})`);
  let call: Call;
  let slow: Call;
  const closers: (() => Promise<void>)[] = [];
  test.before(async () => {
    const a = await makeCall({ layers, env });
    const b = await makeCall({ layers: slowLayers, env });
    call = a.call;
    slow = b.call;
    closers.push(a.close, b.close);
  });
  test.after(async () => {
    for (const close of closers) await close();
  });

  test('a valid request answers 200 with all sections', async () => {
    const response = await call('/api/validate', postJson({ url: 'https://agent.example/mcp' }));
    assert.is(response.status, 200);
    const body = (await response.json()) as Record<string, { status: string }>;
    for (const section of ['mcp', 'a2a', 'ui', 'oauth']) assert.ok(body[section], section);
    assert.is(body['mcp']!.status, 'pass');
  });

  test('400: missing, non-string, unparsable, non-http and credentialed url name the field', async () => {
    await expectError(await call('/api/validate', postJson({})), 400, 'invalid_field', 'url');
    await expectError(await call('/api/validate', postJson({ url: 42 })), 400, 'invalid_field', 'url');
    await expectError(await call('/api/assess', postJson({ url: 'not a url' })), 400, 'invalid_field', 'url');
    const scheme = await expectError(
      await call('/api/assess', postJson({ url: 'ftp://agent.example/' })),
      400,
      'invalid_field',
      'url',
    );
    assert.match(scheme.error.message, /http:\/\/ or https:\/\//);
    await expectError(
      await call('/api/assess', postJson({ url: 'https://user:pw@agent.example/' })),
      400,
      'invalid_field',
      'url',
    );
  });

  test('400: private and loopback targets are refused naming url', async () => {
    for (const url of [
      'http://127.1:8080/',
      'http://[::ffff:169.254.169.254]/',
      'http://localhost/',
      'http://0x0a000001/',
    ]) {
      const body = await expectError(await call('/api/assess', postJson({ url })), 400, 'target_not_allowed', 'url');
      assert.match(body.error.message, /refused to contact/);
    }
  });

  test('400: invalid JSON and a non-object body are 400 (never 500)', async () => {
    await expectError(await call('/api/validate', postJson('{"url":')), 400, 'invalid_json', 'body');
    await expectError(await call('/api/validate', postJson('[1,2]')), 400, 'invalid_body', 'body');
    await expectError(await call('/api/validate', postJson('')), 400, 'invalid_json', 'body');
  });

  test('400: bad timeout, erc8004 and unknown fields name the field', async () => {
    await expectError(
      await call('/api/assess', postJson({ url: 'https://a.example/', timeout: -5 })),
      400,
      'invalid_field',
      'timeout',
    );
    await expectError(
      await call('/api/assess', postJson({ url: 'https://a.example/', timeout: '100' })),
      400,
      'invalid_field',
      'timeout',
    );
    await expectError(
      await call('/api/assess', postJson({ url: 'https://a.example/', erc8004: 'yes' })),
      400,
      'invalid_field',
      'erc8004',
    );
    await expectError(
      await call('/api/assess', postJson({ url: 'https://a.example/', erc8004: { rpcNodes: { base: 'ftp://x' } } })),
      400,
      'invalid_field',
      'erc8004.rpcNodes.base',
    );
    await expectError(
      await call('/api/validate', postJson({ url: 'https://a.example/', timeout: 5 })),
      400,
      'invalid_field',
      'timeout',
    );
  });

  test('lookup: 400 for each bad field, a refused RPC URL and an unknown chain', async () => {
    await expectError(await call('/api/lookup', postJson({ chainId: 1 })), 400, 'invalid_field', 'agentId');
    await expectError(
      await call('/api/lookup', postJson({ agentId: -1, chainId: 1 })),
      400,
      'invalid_field',
      'agentId',
    );
    await expectError(
      await call('/api/lookup', postJson({ agentId: 'abc', chainId: 1 })),
      400,
      'invalid_field',
      'agentId',
    );
    await expectError(await call('/api/lookup', postJson({ agentId: 7 })), 400, 'invalid_field', 'chainId');
    await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: true })),
      400,
      'invalid_field',
      'chainId',
    );
    const unknown = await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: 999 })),
      400,
      'invalid_field',
      'chainId',
    );
    assert.match(unknown.error.message, /unknown chain 999/);
    await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: 'eip155:31337' })),
      400,
      'invalid_field',
      'chainId',
    );
    await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: 8453, rpcNodes: { base: 'http://169.254.169.254/' } })),
      400,
      'target_not_allowed',
      'rpcNodes.base',
    );
    await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: 1, rpcNodes: [] })),
      400,
      'invalid_field',
      'rpcNodes',
    );
    await expectError(
      await call('/api/lookup', postJson({ agentId: 7, chainId: 1, rpcNodes: { mars: 'https://rpc.example/' } })),
      400,
      'invalid_field',
      'rpcNodes.mars',
    );
  });

  test('413: a body over 64 KiB, declared or streamed without a length', async () => {
    const big = JSON.stringify({ url: 'https://a.example/', pad: 'x'.repeat(70 * 1024) });
    await expectError(await call('/api/validate', postJson(big)), 413, 'payload_too_large');
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
        c.close();
      },
    });
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit;
    await expectError(await call('/api/validate', init), 413, 'payload_too_large');
  });

  test('415: a non-JSON content type', async () => {
    await expectError(
      await call('/api/validate', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{"url":"https://a.example/"}',
      }),
      415,
      'unsupported_media_type',
    );
    await expectError(
      await call('/api/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'url=https://a.example/',
      }),
      415,
      'unsupported_media_type',
    );
  });

  test('404 for unknown paths and 405 with Allow for wrong methods', async () => {
    await expectError(await call('/api/nope'), 404, 'not_found');
    await expectError(await call('/etc/passwd'), 404, 'not_found');
    const wrong = await call('/api/validate');
    assert.is(wrong.headers.get('allow'), 'POST');
    await expectError(wrong, 405, 'method_not_allowed');
    await expectError(await call('/api/health', postJson({})), 405, 'method_not_allowed');
  });

  test('504 when no layer finishes within the deadline', async () => {
    const body = await expectError(
      await slow('/api/assess', postJson({ url: 'https://a.example/', timeout: 150 })),
      504,
      'deadline_exceeded',
    );
    assert.match(body.error.message, /150 ms/);
  });

  test('health answers 200', async () => {
    const response = await call('/api/health');
    assert.is(response.status, 200);
    assert.equal(await response.json(), { status: 'ok', layers: ['mcp'], checks: registryStamp });
  });

  test.run();
}

registerMatrix('in-process', async (opts) => ({ call: inProcess(opts), close: async () => undefined }));
registerMatrix('real server', async (opts) => {
  let running: RunningValidator | null = await startValidator({ port: 0, env: opts.env, layers: opts.layers });
  const base = running.url;
  return {
    call: (path, init) => fetch(`${base}${path}`, init),
    close: async () => {
      await running?.close();
      running = null;
    },
  };
});
