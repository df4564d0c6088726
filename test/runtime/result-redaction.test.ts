/**
 * An upstream that echoes the API key back inside JSON data: the key is redacted in the text and
 * in `structuredContent` alike (values, keys, nested), also for a key with characters JSON escapes,
 * while a clean answer comes through untouched.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { schema, tool } from './support/models.ts';
import { assertNoCanary, CANARY, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('result redaction');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

/** A second key that JSON has to escape (a quote and a backslash). */
const QUOTED_KEY = 'quoted"key\\value-0123456789';

const echo = (key: string) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ status: 'ok', echoed: key, nested: { list: [`Bearer ${key}`] }, [key]: 'as a key' }),
});

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/echo': (request) => echo(String(request.headers['x-key'] ?? '')),
    '/clean': () => ({
      headers: { 'content-type': 'application/json' },
      body: '{"status":"ok","echoed":"nothing","nested":{"list":["a"]}}',
    }),
  });
  const output = {
    mimeType: 'application/json',
    schema: { type: 'object', properties: { status: { type: 'string' } } },
  } as const;
  served = await spawnStdio({
    caFile: ca.caFile,
    env: { PLAIN_KEY: CANARY, QUOTED_KEY },
    schemas: [
      schema(
        'plain',
        [
          tool('echo', 'GET', [`${upstream.origin}/echo`], [], { output }),
          tool('clean', 'GET', [`${upstream.origin}/clean`], [], { output }),
        ],
        {
          requiredServerParams: ['PLAIN_KEY'],
          headers: { 'x-key': [{ server: 'PLAIN_KEY' }] },
        },
      ),
      schema('quoted', [tool('echo', 'GET', [`${upstream.origin}/echo`], [], { output })], {
        requiredServerParams: ['QUOTED_KEY'],
        headers: { 'x-key': [{ server: 'QUOTED_KEY' }] },
      }),
    ],
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

for (const [name, key] of [
  ['echo_plain', CANARY],
  ['echo_quoted', QUOTED_KEY],
] as const) {
  test(`${name}: the echoed key is redacted in the text and in structuredContent`, async () => {
    const result = await served.client.callTool({ name, arguments: {} });
    assert.not.ok(result.isError, textOf(result));
    const wire = JSON.stringify(result);
    assert.not.ok(
      wire.includes(key) || wire.includes(JSON.stringify(key).slice(1, -1)),
      'the key is nowhere in the result',
    );
    assert.equal(result.structuredContent, {
      status: 'ok',
      echoed: '[redacted]',
      nested: { list: ['Bearer [redacted]'] },
      '[redacted]': 'as a key',
    });
    assert.equal(JSON.parse(textOf(result)), result.structuredContent);
  });
}

test('a clean answer is passed on as it came', async () => {
  const result = await served.client.callTool({ name: 'clean_plain', arguments: {} });
  assert.equal(result.structuredContent, { status: 'ok', echoed: 'nothing', nested: { list: ['a'] } });
  assert.equal(JSON.parse(textOf(result)), result.structuredContent);
});

test.run();
