/**
 * Successful answers reach the client as the right MCP content: JSON as text (plus
 * `structuredContent` under a declared object output), text as text, PNG as an image, an empty
 * body as a short note; data that contradicts the declared output is a readable tool error.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestCa, type TestCa } from '../support/tls.ts';
import { schema, tool } from './support/models.ts';
import { assertNoCanary, spawnStdio, textOf, type Spawned } from './support/spawn-server.ts';
import { startUpstream, type Upstream } from './support/upstream.ts';

const test = suite('response content');
let ca: TestCa;
let upstream: Upstream;
let served: Spawned;

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.before(async () => {
  ca = createTestCa();
  upstream = await startUpstream(ca, {
    '/text': () => ({ headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'plain words, not JSON' }),
    '/png': () => ({ headers: { 'content-type': 'image/png' }, body: PNG }),
    '/price': () => ({
      headers: { 'content-type': 'application/json' },
      body: '{"usd":42.5,"extra":"kept","nested":{"ok":true}}',
    }),
    '/drift': () => ({ headers: { 'content-type': 'application/json' }, body: '{"usd":"not a number"}' }),
    '/list': () => ({ headers: { 'content-type': 'application/json' }, body: '[1,2,3]' }),
    '/empty': () => ({ status: 204 }),
    '/untyped': () => ({ body: '{"a":1}' }),
  });
  const o = upstream.origin;
  const priceOutput = {
    mimeType: 'application/json',
    schema: {
      type: 'object',
      properties: {
        usd: { type: 'number', description: 'price' },
        nested: { type: 'object', nullable: true, properties: { ok: { type: 'boolean' } } },
      },
    },
  } as const;
  served = await spawnStdio({
    caFile: ca.caFile,
    schemas: [
      schema('content', [
        tool('text', 'GET', [`${o}/text`], [], { output: { mimeType: 'text/plain', schema: { type: 'string' } } }),
        tool('png', 'GET', [`${o}/png`], [], {
          output: { mimeType: 'image/png', schema: { type: 'string', format: 'base64' } },
        }),
        tool('price', 'GET', [`${o}/price`], [], { output: priceOutput }),
        tool('drift', 'GET', [`${o}/drift`], [], { output: priceOutput }),
        tool('priceText', 'GET', [`${o}/text`], [], { output: priceOutput }),
        tool('list', 'GET', [`${o}/list`], [], {
          output: { mimeType: 'application/json', schema: { type: 'array', items: { type: 'number' } } },
        }),
        tool('empty', 'DELETE', [`${o}/empty`]),
        tool('untyped', 'GET', [`${o}/untyped`]),
      ]),
    ],
  });
});

test.after(async () => {
  await served?.close();
  await upstream?.close();
  assertNoCanary();
});

test('text/plain becomes text content', async () => {
  const result = await served.client.callTool({ name: 'text_content', arguments: {} });
  assert.not.ok(result.isError);
  assert.equal(result.content, [{ type: 'text', text: 'plain words, not JSON' }]);
});

test('a PNG becomes image content with its bytes intact', async () => {
  const result = await served.client.callTool({ name: 'png_content', arguments: {} });
  textOf(result);
  assert.not.ok(result.isError);
  const [image] = result.content as { type: string; data: string; mimeType: string }[];
  assert.is(image!.type, 'image');
  assert.is(image!.mimeType, 'image/png');
  assert.ok(Buffer.from(image!.data, 'base64').equals(PNG));
});

test('a declared object output is advertised as outputSchema and answered with structuredContent', async () => {
  const { tools } = await served.client.listTools();
  const price = tools.find((t) => t.name === 'price_content')!;
  assert.equal(price.outputSchema, {
    type: 'object',
    properties: {
      usd: { type: 'number', description: 'price' },
      nested: { type: ['object', 'null'], properties: { ok: { type: 'boolean' } } },
    },
  });
  assert.is(
    tools.find((t) => t.name === 'list_content')!.outputSchema,
    undefined,
    'an array output is not an MCP outputSchema',
  );
  const result = await served.client.callTool({ name: 'price_content', arguments: {} });
  assert.not.ok(result.isError);
  assert.equal(result.structuredContent, { usd: 42.5, extra: 'kept', nested: { ok: true } });
  assert.equal(JSON.parse(textOf(result)), result.structuredContent);
});

test('data that contradicts the declared output is a tool error naming the field', async () => {
  const result = await served.client.callTool({ name: 'drift_content', arguments: {} });
  assert.ok(result.isError);
  assert.match(textOf(result), /does not match the declared output of drift_content: usd: expected number, got string/);
});

test('a non-JSON answer to a tool with a JSON output is a tool error, not a client-side failure', async () => {
  const result = await served.client.callTool({ name: 'price_text_content', arguments: {} });
  assert.ok(result.isError);
  assert.is(textOf(result), 'upstream returned text where price_text_content declares JSON output');
});

test('arrays and bodies without a content type still come back as JSON text', async () => {
  assert.is(textOf(await served.client.callTool({ name: 'list_content', arguments: {} })), '[1,2,3]');
  assert.is(textOf(await served.client.callTool({ name: 'untyped_content', arguments: {} })), '{"a":1}');
});

test('an empty 204 answer is a success with a short note', async () => {
  const result = await served.client.callTool({ name: 'empty_content', arguments: {} });
  assert.not.ok(result.isError);
  assert.is(textOf(result), 'done (HTTP 204, empty body)');
});

test.run();
